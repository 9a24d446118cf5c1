import { expect, type Page, test } from "@playwright/test";
import { openLoggedInPage, souk, submitSignUp, switchTheme, uniqueUsername } from "./support.ts";
import { markPaid, pickOffer, revealDetails, startTrade } from "./trade-steps.ts";

/**
 * The operator console: an admin finds the seller of a paid trade, freezes the account with a
 * reason, and the seller's release is refused; the audit log shows the action. Lifting the freeze
 * lets the release through (and leaves the shared demo vendor as it was).
 */

async function tryRelease(seller: Page): Promise<void> {
  await seller.getByRole("button", { name: "Release crypto" }).click();
  const dialog = seller.getByRole("dialog");
  await dialog.getByLabel("I have received the full payment").check();
  await dialog.getByRole("button", { name: "Confirm" }).click();
}

test("an admin freezes a seller whose paid trade then cannot be released", async ({ browser, request }) => {
  test.slow();
  test.setTimeout(180_000);
  const { offer, min } = await pickOffer(request);
  const vendor = offer.owner.username;
  const reason = `Bank recall on a payment ${Date.now().toString(36)}`;
  const buyer = await (await browser.newContext()).newPage();
  const buyerName = uniqueUsername("e2e_adm");
  await buyer.goto("/register");
  await submitSignUp(buyer, buyerName);
  await expect(buyer.getByTestId("navbar-username")).toHaveText(buyerName);
  const tradePath = await startTrade(buyer, offer.idHashed, min);
  await revealDetails(buyer);
  await markPaid(buyer);

  const admin = await openLoggedInPage(browser, "admin");
  try {
    await test.step("the admin finds the seller and freezes the account with a reason", async () => {
      await admin.goto("/admin");
      await expect(admin.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
      await expect(admin.getByTestId("overview-open-disputes")).toBeVisible();
      await admin.getByTestId("admin-nav-users").click();
      await admin.getByTestId("admin-search-input").fill(vendor);
      await admin.getByTestId("admin-search-submit").click();
      await admin.getByTestId("admin-user-row").getByRole("link", { name: vendor, exact: true }).click();
      await expect(admin.getByRole("heading", { name: vendor, level: 1 })).toBeVisible();
      await admin.getByTestId("restrict-reason").fill(reason);
      await admin.getByTestId("restrict-submit").click();
      await expect(admin.getByTestId("badge-frozen")).toBeVisible();
      await expect(admin.getByTestId("restriction-frozen")).toContainText(reason);
      await admin.screenshot({ path: ".test-data/screenshots/admin-user-frozen.png", fullPage: true });
    });

    const seller = await openLoggedInPage(browser, vendor);
    await test.step("the frozen seller's release is refused; the trade stays paid", async () => {
      await seller.goto(tradePath);
      await expect(seller.getByTestId("trade-status")).toHaveText("Paid");
      await tryRelease(seller);
      await expect(seller.getByText("This account is frozen.")).toBeVisible();
      await seller.keyboard.press("Escape");
      await seller.reload();
      await expect(seller.getByTestId("trade-status")).toHaveText("Paid");
    });

    await test.step("the audit log shows who froze whom and why", async () => {
      await admin.getByTestId("admin-nav-audit").click();
      const row = admin.getByTestId("audit-row").filter({ hasText: reason });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Restricted: Frozen");
      await expect(row).toContainText(vendor);
      await admin.goto("/fr/admin/audit");
      await expect(admin.getByRole("heading", { name: "Journal d’audit", level: 1 })).toBeVisible();
      await switchTheme(admin, "dark");
      await admin.screenshot({ path: ".test-data/screenshots/admin-audit-fr-dark.png", fullPage: true });
    });

    await test.step("lifting the freeze lets the release through", async () => {
      await admin.goto(`/admin/users/${vendor}`);
      await admin.getByTestId("lift-frozen").click();
      await expect(admin.getByTestId("admin-restrictions")).toContainText("No restriction is in place.");
      await seller.reload();
      await tryRelease(seller);
      await expect(seller.getByTestId("trade-status")).toHaveText("Released");
    });
  } finally {
    // The demo vendor is shared by the other browser tests: never leave it frozen.
    try {
      souk("user:unrestrict", vendor, "frozen", "--reason", "browser test cleanup");
    } catch {
      // Already lifted by the last step.
    }
  }
});
