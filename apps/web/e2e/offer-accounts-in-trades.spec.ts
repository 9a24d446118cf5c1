import { expect, test } from "@playwright/test";
import { fillIbanAccount, saveIbanAccount } from "./bank-account-steps.ts";
import { openLoggedInPage, submitSignUp, switchTheme, uniqueUsername } from "./support.ts";
import { pickOffer, revealDetails, startTrade } from "./trade-steps.ts";

/**
 * The vendor ticks a bank account in the offer wizard; the buyer's trade keeps the copy it was
 * shown when the vendor renames the account afterwards; the seller shares another account in the
 * trade's chat and the buyer reads it there.
 */

/** Bank-transfer sell offers, ETH first (the bank accounts test starts from BTC's). */
const BANK_LISTINGS = ["ETH", "USDT", "BTC"].map((crypto) => `type=buy&group=bank-transfers&crypto=${crypto}&limit=50`);

test("the wizard attaches the account, the trade keeps its copy, and the seller shares another in the chat", async ({
  browser,
}) => {
  test.slow();
  const buyer = await (await browser.newContext()).newPage();
  const buyerName = uniqueUsername("e2e_share");
  await buyer.goto("/register");
  await submitSignUp(buyer, buyerName);
  await expect(buyer.getByTestId("navbar-username")).toHaveText(buyerName);
  const { offer, min } = await pickOffer(buyer.request, BANK_LISTINGS);
  const stamp = Date.now().toString(36);
  const holder = `Wizard ${stamp}`;
  const other = `Shared ${stamp}`;
  const vendor = await openLoggedInPage(browser, offer.owner.username);

  await test.step("the vendor keeps two accounts", async () => {
    for (const name of [holder, other]) {
      await fillIbanAccount(vendor, name);
      await saveIbanAccount(vendor, name);
    }
  });

  await test.step("the offer wizard attaches one of them on its terms step", async () => {
    await vendor.goto(`/offer-manager/edit/${offer.idHashed}?skipLite=true`);
    await vendor.getByRole("button", { name: "Terms", exact: true }).click();
    const field = vendor.getByTestId("wizard-bank-accounts");
    await field.getByLabel(new RegExp(holder)).check();
    await expect(field.getByLabel(new RegExp(other))).not.toBeChecked();
    await field.scrollIntoViewIfNeeded();
    await vendor.screenshot({ path: "test-results/offer-wizard-bank-accounts.png", fullPage: true });
    await vendor.getByRole("button", { name: "Save changes" }).click();
    await expect(vendor).toHaveURL(/\/dashboard\/my-offers/);
    const accounts = (await (await vendor.request.get("/rest/v1/bankaccounts")).json()) as {
      data: { holderName: string; offerIds: string[] }[];
    };
    expect(accounts.data.find((account) => account.holderName === holder)?.offerIds).toContain(offer.idHashed);
    expect(accounts.data.find((account) => account.holderName === other)?.offerIds).toEqual([]);
  });

  const tradePath = await test.step("the buyer's trade shows it once the payer name is given", async () => {
    const path = await startTrade(buyer, offer.idHashed, min);
    await revealDetails(buyer);
    await expect(buyer.getByTestId("trade-bank-accounts").getByText(holder, { exact: true })).toBeVisible();
    return path;
  });

  await test.step("the vendor renames the account: the trade keeps what the buyer was shown", async () => {
    await vendor.goto("/account/bank-accounts");
    const card = vendor.getByTestId("bank-account").filter({ hasText: holder });
    await card.getByRole("link", { name: "Edit" }).click();
    await vendor.getByTestId("bank-field-holderName").fill(`Renamed ${stamp}`);
    await vendor.getByTestId("bank-account-save").click();
    await expect(vendor.getByTestId("bank-account").filter({ hasText: `Renamed ${stamp}` })).toBeVisible();
    await buyer.reload();
    await expect(buyer.getByTestId("trade-bank-accounts").getByText(holder, { exact: true })).toBeVisible();
    await expect(buyer.getByText(`Renamed ${stamp}`)).toHaveCount(0);
  });

  await test.step("the seller shares the other account in the chat; the buyer reads it there", async () => {
    await vendor.goto(tradePath);
    await vendor.getByTestId("share-bank-account").click();
    const dialog = vendor.getByRole("dialog", { name: "Share a bank account" });
    await dialog.getByLabel(new RegExp(other)).check();
    await vendor.screenshot({ path: "test-results/trade-share-bank-account.png", fullPage: true });
    await dialog.getByTestId("share-bank-account-submit").click();
    await expect(dialog).toHaveCount(0);
    await expect(vendor.getByTestId("chat-shared-account").getByText(other, { exact: true })).toBeVisible();
    const shared = buyer.getByTestId("chat-shared-account");
    await expect(shared.getByText(other, { exact: true })).toBeVisible();
    await expect(shared.getByRole("button", { name: "Copy IBAN" })).toBeVisible();
    await buyer.screenshot({ path: "test-results/trade-shared-account-buyer.png", fullPage: true });
    await buyer.goto(`/fr${tradePath}`);
    await switchTheme(buyer, "dark");
    await expect(buyer.getByTestId("chat-shared-account")).toContainText("Compte bancaire partagé");
    await buyer.screenshot({ path: "test-results/trade-shared-account-buyer-fr-dark.png", fullPage: true });
  });
});
