import { expect, type Page, test } from "@playwright/test";
import { openLoggedInPage, signUpInNewContext, switchTheme } from "./support.ts";
import { markPaid, publishSellOffer, revealDetails, startTrade } from "./trade-steps.ts";
import { mustPost, reachLevelOne, sendIdFromHub } from "./verification-steps.ts";

/**
 * Chargebacks past Pending (docs/decisions/141-chargeback-decisions.md): a new vendor (ID verified
 * through the queue, funded by a dev-chain deposit) releases to a fresh buyer and reports a
 * chargeback from the trade page; the demo moderator finds it in the console's queue and confirms
 * it; the buyer's trade chat shows the decision and their profile counts it. Screenshots of the
 * console in English light and French dark, and of the buyer's chat.
 */

/** The user's ID submission waiting in the queue, approved through the staff route. */
async function approveIdOf(moderator: Page, username: string): Promise<void> {
  const queue = await moderator.request.get("/rest/v1/admin/verifications?status=uploaded");
  const items = ((await queue.json()) as { data: { id: string; username: string }[] }).data;
  const submission = items.find((item) => item.username === username);
  expect(submission, `${username}'s ID in the queue`).toBeTruthy();
  await mustPost(moderator, `/rest/v1/admin/verifications/${submission?.id}/approve`, {});
}

test("a seller reports a chargeback, a moderator confirms it, the buyer's chat shows it", async ({ browser }) => {
  // Two new accounts, a verification through the queue, a trade and the console: long on a busy machine.
  test.setTimeout(300_000);
  const description = `The bank reversed the transfer ${Date.now().toString(36)}`;
  const { page: seller, username: sellerName } = await signUpInNewContext(browser, "e2e_cbs");
  const moderator = await openLoggedInPage(browser, "mod");
  const admin = await openLoggedInPage(browser, "admin");

  let offerId = "";
  await test.step("the seller's ID is verified and their USDT deposited; they publish a sell offer", async () => {
    await reachLevelOne(seller, `${sellerName}@example.com`);
    await seller.goto("/account/verification");
    await sendIdFromHub(seller);
    await approveIdOf(moderator, sellerName);
    await mustPost(admin, "/rest/v1/admin/wallet/deposits", {
      username: sellerName,
      amount: "1000",
      cryptoCurrencyCode: "USDT",
    });
    offerId = await publishSellOffer(seller, "Payoneer only, from an account in your name.");
  });

  const { page: buyer, username: buyerName } = await signUpInNewContext(browser, "e2e_cbb");
  let tradePath = "";
  await test.step("the buyer pays and the seller releases", async () => {
    tradePath = await startTrade(buyer, offerId, "20");
    await revealDetails(buyer);
    await markPaid(buyer);
    await seller.goto(tradePath);
    await seller.getByRole("button", { name: "Release crypto" }).click();
    const dialog = seller.getByRole("dialog");
    await dialog.getByLabel("I have received the full payment").check();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(seller.getByTestId("trade-status")).toHaveText("Released");
  });

  await test.step("the seller reports a chargeback from the trade page", async () => {
    await seller.getByRole("button", { name: "Report a chargeback" }).click();
    const dialog = seller.getByRole("dialog", { name: "Report a chargeback" });
    await dialog.getByLabel("Before the trade was marked as paid").check();
    await dialog.getByLabel("What happened (optional)").fill(description);
    await dialog.getByRole("button", { name: "Send chargeback report" }).click();
    await expect(seller.getByTestId("chargeback-state")).toContainText("pending");
    await expect(seller.getByTestId("chat-system").filter({ hasText: "Chargeback reported" })).toBeVisible();
  });

  await test.step("the moderator finds it in the console's queue and confirms it", async () => {
    await moderator.goto("/admin");
    await switchTheme(moderator, "light");
    await expect(moderator.getByTestId("overview-pending-chargebacks")).toContainText("Chargebacks awaiting decision");
    await moderator.getByTestId("admin-nav-chargebacks").click();
    await expect(moderator.getByRole("heading", { name: "Chargebacks", level: 1 })).toBeVisible();
    const row = moderator.getByTestId("chargeback-row").filter({ hasText: buyerName });
    await expect(row).toContainText(sellerName);
    await moderator.screenshot({ path: ".test-data/screenshots/admin-chargebacks-queue.png", fullPage: true });
    await row.getByRole("link").click();
    await expect(moderator.getByTestId("chargeback-field-description")).toHaveText(description);
    await expect(moderator.getByTestId("chargeback-events")).toContainText("chargeback_started");
    await expect(moderator.getByTestId("chargeback-confirm")).toBeDisabled();
    await moderator.getByTestId("chargeback-reason").fill("The bank confirmed the reversal.");
    await moderator.getByTestId("chargeback-confirm").click();
    await expect(moderator.getByTestId("chargeback-state")).toHaveText("Confirmed");
    await expect(moderator.getByTestId("chargeback-decided")).toContainText("Confirmed");
    await expect(moderator.getByTestId("chargeback-field-decidedBy")).toHaveText("mod");
    await moderator.screenshot({ path: ".test-data/screenshots/admin-chargeback-confirmed.png", fullPage: true });
  });

  await test.step("the buyer's trade chat shows the decision, and their profile counts it", async () => {
    await buyer.goto(tradePath);
    await expect(
      buyer.getByTestId("chat-system").filter({ hasText: "Chargeback confirmed by a moderator" }),
    ).toBeVisible();
    await buyer.screenshot({ path: ".test-data/screenshots/trade-chat-chargeback-paid.png", fullPage: true });
    await buyer.goto(`/user/${buyerName}`);
    await expect(buyer.getByText("Chargebacks confirmed").locator("xpath=following-sibling::*[1]")).toHaveText("1");
  });

  await test.step("the decided report is under Confirmed, in French and dark", async () => {
    await moderator.goto("/fr/admin/chargebacks?state=Confirmed");
    await switchTheme(moderator, "dark");
    await expect(moderator.getByRole("heading", { name: "Rétrofacturations", level: 1 })).toBeVisible();
    await expect(moderator.getByTestId("chargeback-row").filter({ hasText: buyerName })).toContainText("Confirmée");
    await moderator.screenshot({ path: ".test-data/screenshots/admin-chargebacks-fr-dark.png", fullPage: true });
    await switchTheme(moderator, "light");
  });
});
