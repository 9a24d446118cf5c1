import { expect, test } from "@playwright/test";
import { openLoggedInPage, signUpInNewContext, switchTheme } from "./support.ts";
import { markPaid, pickOffer, revealDetails, startTrade } from "./trade-steps.ts";

/**
 * Chargebacks past Pending (docs/decisions/141-chargeback-decisions.md): a demo vendor releases to
 * a fresh buyer and reports a chargeback from the trade page; the demo moderator finds it in the
 * console's queue and confirms it; the buyer's trade chat shows the decision. Screenshots of the
 * console in English light and French dark, and of the buyer's chat.
 */

test("a seller reports a chargeback, a moderator confirms it, the buyer's chat shows it", async ({
  browser,
  request,
}) => {
  test.slow();
  test.setTimeout(180_000);
  const description = `The bank reversed the transfer ${Date.now().toString(36)}`;
  const { offer, min } = await pickOffer(request);
  const { page: buyer, username: buyerName } = await signUpInNewContext(browser, "e2e_cb");
  const seller = await openLoggedInPage(browser, offer.owner.username);

  let tradePath = "";
  await test.step("the buyer pays and the seller releases", async () => {
    tradePath = await startTrade(buyer, offer.idHashed, min);
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

  const moderator = await openLoggedInPage(browser, "mod");
  await test.step("the moderator finds it in the console's queue and confirms it", async () => {
    await moderator.goto("/admin");
    await switchTheme(moderator, "light");
    await expect(moderator.getByTestId("overview-pending-chargebacks")).toContainText("Chargebacks awaiting decision");
    await moderator.getByTestId("admin-nav-chargebacks").click();
    await expect(moderator.getByRole("heading", { name: "Chargebacks", level: 1 })).toBeVisible();
    const row = moderator.getByTestId("chargeback-row").filter({ hasText: buyerName });
    await expect(row).toContainText(offer.owner.username);
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
