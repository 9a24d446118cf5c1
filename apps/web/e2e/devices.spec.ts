import { expect, test } from "@playwright/test";
import { E2E_PASSWORD, logIn, submitSignUp, uniqueUsername } from "./support.ts";

/**
 * Sessions in real browsers: a user signed in on two browsers sees both on the devices screen,
 * ends the other one, and the other browser is logged out; the log-in shows in the activity log.
 */
test("a user sees two sessions, ends the other, and the other browser is logged out", async ({ browser }) => {
  const username = uniqueUsername("e2e_d");
  const laptop = await (await browser.newContext()).newPage();
  await laptop.goto("/register?returnTo=%2Faccount%2Fdevices");
  await submitSignUp(laptop, username);
  await expect(laptop).toHaveURL(/\/account\/devices$/);

  const phone = await (await browser.newContext()).newPage();
  await logIn(phone, username, E2E_PASSWORD);

  await laptop.reload();
  await expect(laptop.getByRole("heading", { name: "Devices and activity", level: 1 })).toBeVisible();
  const rows = laptop.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  await expect(laptop.getByTestId("session-current")).toHaveCount(1);
  await expect(laptop.getByTestId("activity-log")).toContainText("Logged in");
  await laptop.screenshot({ path: ".test-data/screenshots/devices.png", fullPage: true });

  const other = rows.filter({ hasNot: laptop.getByTestId("session-current") });
  await other.getByRole("button", { name: "End" }).click();
  await expect(rows).toHaveCount(1);
  await expect(laptop.getByTestId("session-list")).toContainText("No other device is signed in.");

  await phone.goto("/account/devices");
  await expect(phone).toHaveURL(/\/login/);
  await expect(phone.getByTestId("navbar-username")).toHaveCount(0);
});
