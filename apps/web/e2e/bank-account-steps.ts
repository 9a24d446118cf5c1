import { expect, type Page } from "@playwright/test";

/** Bank account steps the browser tests share: the add form of a German (IBAN) account. */

export const IBAN = "DE89370400440532013000";

async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Opens the add form on the bank accounts page and fills a German EUR account, not saved yet. */
export async function fillIbanAccount(page: Page, holder: string, iban: string = IBAN): Promise<void> {
  await page.goto("/account/bank-accounts");
  await page.getByTestId("bank-account-add").click();
  await choose(page, "bank-field-country", "Germany");
  await choose(page, "bank-field-currency", "EUR · Euro");
  await page.getByTestId("bank-field-holderName").fill(holder);
  await page.getByTestId("bank-field-accountNumber").fill(iban);
}

/** Saves the form and waits for the account's card on the list. */
export async function saveIbanAccount(page: Page, holder: string): Promise<void> {
  await page.getByTestId("bank-account-save").click();
  await expect(page).toHaveURL(/\/account\/bank-accounts$/);
  await expect(page.getByTestId("bank-account").filter({ hasText: holder })).toContainText("Commerzbank");
}
