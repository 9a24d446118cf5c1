import { expect, test } from "@playwright/test";
import { openLoggedInPage, souk, switchTheme } from "./support.ts";

/**
 * The console's Overview shows the system's health (the last ledger verification, the job queue,
 * delivery failures, maintenance), and a user's page shows their relations, verification
 * documents and activity: in English and French, light and dark.
 */

test("the Overview's health and a user's relations, documents and activity", async ({ browser }) => {
  test.slow();
  souk("ledger:verify");
  const admin = await openLoggedInPage(browser, "admin");

  await test.step("the Overview shows the ledger verified from the CLI, the queue and maintenance off", async () => {
    await admin.goto("/admin");
    await switchTheme(admin, "light");
    const ledger = admin.getByTestId("health-ledger");
    await expect(ledger).toContainText("No drift");
    await expect(ledger).toContainText("from the CLI");
    await expect(admin.getByTestId("health-jobs")).toContainText("running");
    await expect(admin.getByTestId("health-maintenance")).toContainText("Off");
    await expect(admin.getByTestId("health-mail")).toContainText("Mail failures");
    await admin.screenshot({ path: ".test-data/screenshots/admin-overview-en-light.png", fullPage: true });
    await admin.goto("/fr/admin");
    await switchTheme(admin, "dark");
    await expect(admin.getByTestId("health-ledger")).toContainText("Aucun écart");
    await admin.screenshot({ path: ".test-data/screenshots/admin-overview-fr-dark.png", fullPage: true });
    await switchTheme(admin, "light");
  });

  await test.step("a user's page shows who trusts them, their documents and their activity", async () => {
    await admin.goto("/admin/users/alice");
    await expect(admin.getByRole("heading", { name: "alice", level: 1 })).toBeVisible();
    await expect(admin.getByTestId("relations-trustedBy")).toContainText("bob");
    await expect(admin.getByTestId("relations-trustedBy")).toContainText("judy");
    await expect(admin.getByTestId("admin-user-verifications")).toBeVisible();
    await expect(admin.getByTestId("admin-user-activity")).toBeVisible();
    await admin.getByTestId("relations-trustedBy").getByRole("link", { name: "bob" }).click();
    await expect(admin.getByRole("heading", { name: "bob", level: 1 })).toBeVisible();
    await expect(admin.getByTestId("relations-trusts")).toContainText("alice");
    await admin.goto("/admin/users/admin");
    // The admin's own log-in of this test is in their activity.
    await expect(admin.getByTestId("admin-user-activity")).toContainText("Logged in");
    await admin.screenshot({ path: ".test-data/screenshots/admin-user-sections-en-light.png", fullPage: true });
  });
});
