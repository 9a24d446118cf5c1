import { expect, test } from "@playwright/test";
import { buyerAndWaitingSeller, markPaid, revealDetails, startTrade } from "./trade-steps.ts";

/**
 * Nobody misses a trade: the seller waits on the marketplace page while the buyer, in another
 * browser context, starts a trade and marks it paid; the seller's bell counts it and a toast says
 * so, without a reload.
 */
test("the seller on the marketplace sees the bell count and a toast when the buyer marks paid", async ({
  browser,
  request,
}) => {
  test.slow();
  const { offer, min, buyer, buyerName, seller } = await buyerAndWaitingSeller(browser, request, "e2e_nt");
  const marketplaceUrl = seller.url();
  const bell = seller.getByTestId("notification-bell-count");

  await test.step("the buyer starts a trade: the seller hears of it on the marketplace", async () => {
    await startTrade(buyer, offer.idHashed, min);
    await expect(seller.getByText(`${buyerName} started a trade with you`)).toBeVisible();
  });

  const before = Number(await bell.getAttribute("data-count"));
  await test.step("the buyer marks paid: the bell counts one more and a toast says so", async () => {
    await revealDetails(buyer);
    await markPaid(buyer);
    await expect(seller.getByText(`${buyerName} marked the trade paid`)).toBeVisible();
    await expect(bell).toHaveAttribute("data-count", String(before + 1));
    expect(seller.url()).toBe(marketplaceUrl);
  });

  await test.step("the list names the trade; opening it marks it read", async () => {
    await seller.getByTestId("notification-bell").click();
    await expect(seller).toHaveURL(/\/notifications$/);
    const item = seller.getByTestId("notification-item").filter({ hasText: `${buyerName} marked the trade paid` });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute("data-read", "false");
    await item.getByRole("button", { name: "Mark read" }).click();
    await expect(item).toHaveAttribute("data-read", "true");
    await expect(bell).toHaveAttribute("data-count", String(before));
    await seller.screenshot({ path: ".test-data/playwright/notifications-list.png", fullPage: true });
  });

  await test.step("the settings page switches a channel", async () => {
    await seller.goto("/account/settings/notifications");
    const toggle = seller.getByRole("switch", { name: "Feedback: E-mail" });
    await expect(toggle).not.toBeChecked();
    await toggle.click({ force: true });
    await expect(seller.getByText("Notification settings saved.")).toBeVisible();
    await expect(toggle).toBeChecked();
    await seller.screenshot({ path: ".test-data/playwright/notification-settings.png", fullPage: true });
    // Back to the default, so the seed vendor starts the next run (--repeat-each) as this one did.
    await toggle.click({ force: true });
    await expect(toggle).not.toBeChecked();
    await seller.reload();
    await expect(seller.getByRole("switch", { name: "Feedback: E-mail" })).not.toBeChecked();
  });
});
