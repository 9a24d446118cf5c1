import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { submitSignUp, uniqueUsername } from "./support.ts";

const root = path.resolve(import.meta.dirname, "../../..");

/** The dev mailbox as `npm run souk -- <command>` shows it, on the browser tests' server's data. */
function souk(...args: string[]): string {
  return execFileSync(process.execPath, ["--import", "tsx", "apps/server/src/cli.ts", ...args], {
    cwd: root,
    env: { ...process.env, SOUK_DATA_DIR: path.join(root, ".test-data", "e2e"), TZ: "UTC" },
    encoding: "utf8",
  });
}

test("a newcomer signs up, reads the code in the dev mailbox and verifies the e-mail", async ({ page }) => {
  const username = uniqueUsername("mail");
  const email = `${username}@example.com`;
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("verifyEmailBanner")).toContainText(email);

  const line = souk("mail:list")
    .split("\n")
    .find((row) => row.includes(email));
  const id = line?.trim().split(/\s+/)[0];
  expect(id).toMatch(/^\d+$/);
  const code = souk("mail:show", id ?? "").match(/\b(\d{6})\b/)?.[1];
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
