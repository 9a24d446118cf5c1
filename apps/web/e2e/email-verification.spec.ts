import { expect, test } from "@playwright/test";
import { readMail, submitSignUp, uniqueUsername } from "./support.ts";

test("a newcomer signs up, reads the code in the dev mailbox and verifies the e-mail", async ({ page }) => {
  const username = uniqueUsername("mail");
  const email = `${username}@example.com`;
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("verifyEmailBanner")).toContainText(email);

  const code = readMail(email, "verification code").match(/\b(\d{6})\b/)?.[1];
  expect(code).toMatch(/^\d{6}$/);

  await page.getByTestId("verifyEmailBanner").getByRole("link").click();
  await expect(page).toHaveURL(/\/account\/verification$/);
  await expect(page.getByRole("heading", { name: "Verify your e-mail address" })).toBeVisible();
  await page.screenshot({ path: "test-results/email-verification.png", fullPage: true });
  await page.getByLabel("Code").first().click();
  await page.keyboard.type(code ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText(`Your e-mail address ${email} is verified.`)).toBeVisible();
  await expect(page.getByTestId("verifyEmailBanner")).toHaveCount(0);
});
