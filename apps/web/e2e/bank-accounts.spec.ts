import { expect, test } from "@playwright/test";
import { fillIbanAccount, IBAN, saveIbanAccount } from "./bank-account-steps.ts";
import { openLoggedInPage, submitSignUp, switchTheme, uniqueUsername } from "./support.ts";
import { pickOffer, revealDetails, startTrade } from "./trade-steps.ts";

/**
 * A vendor adds an IBAN bank account on the bank accounts page, attaches it to a bank-transfer sell offer
 * from my offers, and a new buyer sees it only once the trade has started and the payer name is
 * given: never on the offer page, not before the reveal.
 */

/** Bank-transfer sell offers: their trades ask the payer name before the payment details show. */
const BANK_LISTINGS = ["BTC", "USDT", "ETH"].map((crypto) => `type=buy&group=bank-transfers&crypto=${crypto}&limit=50`);

test("a vendor's IBAN account reaches the buyer only after the trade starts and the payer name is given", async ({
  browser,
}) => {
  test.slow();
  const buyer = await (await browser.newContext()).newPage();
  const buyerName = uniqueUsername("e2e_bank");
  await buyer.goto("/register");
  await submitSignUp(buyer, buyerName);
  await expect(buyer.getByTestId("navbar-username")).toHaveText(buyerName);
  const { offer, min } = await pickOffer(buyer.request, BANK_LISTINGS);
  const holder = `Holder ${Date.now().toString(36)}`;
  const vendor = await openLoggedInPage(browser, offer.owner.username);

  await test.step("the vendor adds an IBAN account; a wrong IBAN is refused on its field first", async () => {
    await fillIbanAccount(vendor, holder, "DE89370400440532013001");
    await vendor.getByTestId("bank-account-save").click();
    await expect(vendor.getByText("This IBAN is not valid: check it digit by digit.")).toBeVisible();
    await vendor.getByTestId("bank-field-accountNumber").fill(IBAN);
    await saveIbanAccount(vendor, holder);
    const card = vendor.getByTestId("bank-account").filter({ hasText: holder });
    await expect(card.getByTestId("bank-account-number")).toHaveText(IBAN);
  });

  await test.step("the vendor attaches it to the offer from my offers", async () => {
    await vendor.goto("/dashboard/my-offers");
    await vendor.getByTestId("tab-sell").click();
    await vendor.getByTestId(`bank-accounts-${offer.idHashed}`).click();
    const dialog = vendor.getByRole("dialog", { name: "Bank accounts on this offer" });
    await dialog.getByLabel(new RegExp(holder)).check();
    await dialog.getByTestId("offer-bank-accounts-save").click();
    await expect(vendor.getByTestId(`bank-accounts-${offer.idHashed}`)).toHaveText("Bank accounts (1)");
  });

  await test.step("the offer page does not show the account", async () => {
    await buyer.goto(`/offer/${offer.idHashed}`);
    await expect(buyer.getByTestId("start-trade")).toBeVisible();
    await expect(buyer.getByText(holder)).toHaveCount(0);
    await expect(buyer.getByText(IBAN)).toHaveCount(0);
  });

  await test.step("the started trade hides it until the payer name is given, then shows it with copy buttons", async () => {
    await startTrade(buyer, offer.idHashed, min);
    await expect(
      buyer.getByText("The seller's payment details appear once the requirements below are met."),
    ).toBeVisible();
    await expect(buyer.getByTestId("trade-bank-accounts")).toHaveCount(0);
    await expect(buyer.getByText(holder)).toHaveCount(0);
    await revealDetails(buyer);
    const accounts = buyer.getByTestId("trade-bank-accounts");
    await expect(accounts.getByTestId("trade-bank-holder")).toHaveText(holder);
    await expect(accounts.getByTestId("trade-bank-account-number")).toHaveText(IBAN);
    await expect(accounts.getByRole("button", { name: "Copy IBAN" })).toBeVisible();
    await buyer.screenshot({ path: "test-results/bank-accounts-trade.png", fullPage: true });
  });

  await test.step("the vendor cannot delete an account an active offer carries: the flash says why", async () => {
    await vendor.goto("/account/bank-accounts");
    const card = vendor.getByTestId("bank-account").filter({ hasText: holder });
    await card.getByRole("button", { name: "Delete" }).click();
    await card.getByRole("button", { name: "Delete" }).click();
    await expect(vendor.getByTestId("bank-account-flash")).toContainText("attached to an active offer");
    await vendor.screenshot({ path: "test-results/bank-accounts-list.png", fullPage: true });
  });

  await test.step("in French and dark, the edit form shows a bad SWIFT code on its field", async () => {
    const card = vendor.getByTestId("bank-account").filter({ hasText: holder });
    const editPath = await card.getByRole("link", { name: "Edit" }).getAttribute("href");
    await vendor.goto(`/fr${editPath}`);
    await expect(vendor.getByRole("heading", { name: "Modifier le compte bancaire", level: 1 })).toBeVisible();
    await switchTheme(vendor, "dark");
    await expect(vendor.getByTestId("bank-field-accountNumber")).toHaveValue(IBAN);
    await vendor.getByTestId("bank-field-swiftCode").fill("ABNANL2A");
    await vendor.getByTestId("bank-account-save").click();
    await expect(vendor.getByText("Ce code SWIFT appartient à un autre pays.")).toBeVisible();
    await vendor.screenshot({ path: "test-results/bank-account-edit-fr-dark.png", fullPage: true });
  });
});
