import { expect, type Page, test } from "@playwright/test";
import { openLoggedInPage, switchTheme } from "./support.ts";

/**
 * The site switches: an admin puts the site in maintenance with a message and shows a notice to
 * everyone; a visitor sees both banners in English and French, light and dark. The site is put back
 * as it was, through the same screen (the other browser tests trade on this server).
 */

async function switchMaintenanceOff(admin: Page): Promise<void> {
  await admin.getByTestId("admin-nav-site").click();
  const state = admin.getByTestId("maintenance-state");
  await expect(state).toBeVisible();
  if ((await state.textContent()) === "On") {
    await admin.getByTestId("maintenance-off").click();
    await expect(state).toHaveText("Off");
  }
}

test("an admin's maintenance and notice show to visitors as banners", async ({ browser }) => {
  test.slow();
  const message = `Ledger upgrade until 14:00 UTC ${Date.now().toString(36)}`;
  const notice = `New fees from Monday ${Date.now().toString(36)}`;
  const admin = await openLoggedInPage(browser, "admin");
  try {
    await test.step("the admin switches maintenance on and shows a notice to everyone", async () => {
      await admin.goto("/admin");
      await admin.getByTestId("admin-nav-site").click();
      await expect(admin.getByRole("heading", { name: "Site", level: 1 })).toBeVisible();
      await admin.getByTestId("maintenance-message").fill(message);
      await admin.getByTestId("maintenance-submit").click();
      await expect(admin.getByTestId("maintenance-state")).toHaveText("On");
      await admin.getByTestId("site-alert-message").fill(notice);
      await admin.getByTestId("site-alert-submit").click();
      await expect(admin.getByTestId("site-alert").filter({ hasText: notice })).toBeVisible();
      await expect(admin.getByTestId("maintenanceInfo")).toContainText(message);
      await admin.screenshot({ path: ".test-data/screenshots/admin-site.png", fullPage: true });
    });

    const visitor = await (await browser.newContext()).newPage();
    await test.step("a visitor sees both banners, in English and French, light and dark", async () => {
      await visitor.goto("/");
      await expect(visitor.getByTestId("maintenanceInfo")).toContainText("Souk is in maintenance");
      await expect(visitor.getByTestId("maintenanceInfo")).toContainText(message);
      await expect(visitor.getByTestId("adminAlert").filter({ hasText: notice })).toBeVisible();
      await visitor.screenshot({ path: ".test-data/screenshots/site-banners-en-light.png" });
      await visitor.goto("/fr");
      await expect(visitor.getByTestId("maintenanceInfo")).toContainText("Souk est en maintenance");
      await expect(visitor.getByTestId("adminAlert").filter({ hasText: notice })).toContainText(
        "Message de l’équipe Souk",
      );
      await switchTheme(visitor, "dark");
      await visitor.screenshot({ path: ".test-data/screenshots/site-banners-fr-dark.png" });
    });

    await test.step("maintenance off and the notice removed: the banners are gone", async () => {
      await switchMaintenanceOff(admin);
      await admin.getByTestId("site-alert").filter({ hasText: notice }).getByTestId("site-alert-remove").click();
      await expect(admin.getByTestId("site-alert").filter({ hasText: notice })).toHaveCount(0);
      // The API client adds `?keyCase=camelCase` to every call: match the path, not the URL's end
      // (a matcher that never matches waits for ever, the test's whole time).
      const [status] = await Promise.all([
        visitor.waitForResponse((response) => new URL(response.url()).pathname === "/rest/v1/site/status"),
        visitor.reload(),
      ]);
      const { data } = await status.json();
      expect(data.maintenanceInfo).toBeNull();
      expect(data.adminAlerts.map((alert: { message: string }) => alert.message)).not.toContain(notice);
      await expect(visitor.getByTestId("maintenanceInfo")).toHaveCount(0);
      await expect(visitor.getByTestId("adminAlert").filter({ hasText: notice })).toHaveCount(0);
    });
  } finally {
    // Other browser tests start trades on this server: never leave it in maintenance.
    await switchMaintenanceOff(admin);
  }
});
