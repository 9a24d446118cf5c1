import { expect, type Page, test } from "@playwright/test";
import { souk } from "./support.ts";
import { buyerAndWaitingSeller, markPaid, openDispute, revealDetails, startTrade } from "./trade-steps.ts";

/**
 * Each notification kind shows the toast type the event catalogue gives it (info, success, error,
 * warning, light): the seller waits on the marketplace while a buyer starts a trade (info) and
 * cancels it (light); then, in French and the dark theme, a second trade is paid (warning) and
 * disputed (error), and a deposit is credited (success).
 */
async function seeToast(page: Page, text: string, type: string, shot: string): Promise<void> {
  const toast = page.locator(`[data-toast-type="${type}"]`).filter({ hasText: text });
  await expect(toast).toBeVisible();
  await page.screenshot({ path: `.test-data/playwright/toast-${shot}.png`, animations: "disabled" });
}

test("each notification kind shows its toast type, in English and French, light and dark", async ({
  browser,
  request,
}) => {
  test.slow();
  const { offer, min, buyer, buyerName, seller } = await buyerAndWaitingSeller(browser, request, "e2e_to");

  await test.step("English, light: a trade started (info), then cancelled (light)", async () => {
    await startTrade(buyer, offer.idHashed, min);
    await seeToast(seller, `${buyerName} started a trade with you`, "info", "info-en-light");
    await buyer.getByRole("button", { name: "Cancel trade" }).click();
    await buyer.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await expect(buyer.getByTestId("trade-status")).toHaveText("Cancelled by the buyer");
    await seeToast(seller, `The trade with ${buyerName} is cancelled or expired`, "light", "light-en-light");
  });

  await test.step("French, dark: paid (warning), disputed (error), a deposit credited (success)", async () => {
    await seller.context().addCookies([{ name: "site_theme", value: "dark", url: seller.url() }]);
    await seller.goto("/fr/buy");
    await expect(seller.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await startTrade(buyer, offer.idHashed, min);
    await seeToast(seller, `${buyerName} a ouvert une transaction avec vous`, "info", "info-fr-dark");
    await revealDetails(buyer);
    await markPaid(buyer);
    await seeToast(seller, `${buyerName} a marqué la transaction comme payée`, "warning", "warning-fr-dark");
    await openDispute(buyer);
    await seeToast(seller, `Un litige est ouvert sur la transaction avec ${buyerName}`, "error", "error-fr-dark");
    souk("deposit", offer.owner.username, "0.01", "BTC");
    await seeToast(seller, "Votre dépôt de 0,01000000 BTC est confirmé", "success", "success-fr-dark");
  });
});
