import { expect, test } from "@playwright/test";
import { logIn, readMail, submitSignUp, uniqueUsername } from "./support.ts";

const NEW_PASSWORD = "Souk-reset-Passw0rd!";

test("a user who forgot the password asks for a link from the log-in page, sets a new one and logs in with it", async ({
  browser,
}) => {
  const username = uniqueUsername("reset");
  const email = `${username}@example.com`;
  const signUp = await (await browser.newContext()).newPage();
  await signUp.goto("/register");
  await submitSignUp(signUp, username);
  await expect(signUp.getByTestId("navbar-username")).toHaveText(username);

  const page = await (await browser.newContext()).newPage();
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/password\/forgot$/);
  // Until the page's code has loaded, the log-in form and its "E-mail or username" are still shown.
  await expect(page.getByRole("button", { name: "Send the link" })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account uses ${email}`);

  const link = readMail(email, "Reset your Souk password").match(/https?:\/\/\S+\/password\/reset\?token=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link ?? "");
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.screenshot({ path: "test-results/password-reset.png", fullPage: true });
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is changed.");

  // The link works once; the session that was open when the password changed has ended.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel("New password").fill(`${NEW_PASSWORD}2`);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("status")).toContainText("This reset link is invalid, expired or already used.");
  await signUp.reload();
  await expect(signUp.getByTestId("navbar-username")).toHaveCount(0);

  await logIn(page, username, NEW_PASSWORD);
});
