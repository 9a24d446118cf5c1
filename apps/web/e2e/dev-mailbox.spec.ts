import { expect, test } from "@playwright/test";
import { openLoggedInPage, readMailOnScreen, submitSignUp, switchTheme, uniqueUsername } from "./support.ts";

/**
 * The admins' dev mailbox (docs/decisions/093-dev-mailbox.md): without SMTP_URL a newcomer's
 * sign-up code is read on /admin/mail; nobody but an admin may open it.
 */
test("an admin reads a newcomer's sign-up code on the dev mailbox, and the code verifies the address", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const username = uniqueUsername("e2e_mb");
  const email = `${username}@example.com`;
  const newcomer = await (await browser.newContext()).newPage();
  await newcomer.goto("/register");
  await submitSignUp(newcomer, username);
  await expect(newcomer.getByTestId("verifyEmailBanner")).toContainText(email);

  const admin = await openLoggedInPage(browser, "admin");
  await admin.goto("/");
  await admin.getByTestId("user-menu-button").click();
  await admin.getByTestId("nav-admin-mail").click();
  await expect(admin.getByRole("heading", { name: "Dev mailbox", level: 1 })).toBeVisible();
  const row = admin.getByTestId("dev-mail-row").filter({ hasText: email }).first();
  await expect(row).toContainText("verification code");
  await expect(row.getByTestId("outbox-status")).toHaveText(/Pending|Held/);
  await admin.screenshot({ path: ".test-data/screenshots/dev-mailbox-list.png", fullPage: true });

  const text = await readMailOnScreen(admin, email, "verification code");
  const code = text.match(/\b(\d{6})\b/)?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  await expect(admin.getByTestId("dev-mail-view")).toContainText(email);
  await admin.screenshot({ path: ".test-data/screenshots/dev-mailbox-mail.png", fullPage: true });
  await admin.getByRole("tab", { name: "HTML" }).click();
  const frame = admin.getByTestId("dev-mail-html");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(admin.frameLocator('[data-testid="dev-mail-html"]').locator("body")).toContainText(code);

  // The newcomer types it.
  await newcomer.getByTestId("verifyEmailBanner").getByRole("link").click();
  await expect(newcomer).toHaveURL(/\/account\/verification$/);
  await expect(newcomer.getByRole("heading", { name: "Verify your e-mail address" })).toBeVisible();
  await newcomer.getByRole("group", { name: "Code" }).getByRole("textbox").first().click();
  await newcomer.keyboard.type(code);
  await newcomer.getByRole("button", { name: "Verify" }).click();
  await expect(newcomer.getByText(`Your e-mail address ${email} is verified.`)).toBeVisible();

  // In French and dark, with the text messages' tab.
  await admin.goto("/fr/admin/mail");
  await expect(admin.getByRole("heading", { name: "Boîte mail de développement", level: 1 })).toBeVisible();
  await switchTheme(admin, "dark");
  await admin.screenshot({ path: ".test-data/screenshots/dev-mailbox-fr-dark.png", fullPage: true });
  await admin.getByTestId("dev-mailbox-tab-sms").click();
  await expect(admin.getByTestId("dev-sms-list").or(admin.getByText("Aucun SMS pour l’instant."))).toBeVisible();
  await admin.screenshot({ path: ".test-data/screenshots/dev-mailbox-sms-fr-dark.png", fullPage: true });

  // Not for anyone else: the newcomer is refused, and the menu does not offer it.
  await newcomer.goto("/admin/mail");
  await expect(newcomer.getByTestId("admin-not-allowed")).toBeVisible();
  await expect(newcomer.getByTestId("dev-mail-row")).toHaveCount(0);
});

test("the security screen's cards look alike, in light and dark", async ({ browser }) => {
  const page = await openLoggedInPage(browser, "alice");
  await page.goto("/account/security");
  const cards = ["two-factor-section", "passkeys-section", "approvals-section", "password-section"];
  for (const card of cards) await expect(page.getByTestId(card)).toBeVisible();
  const paddings = await Promise.all(
    cards.map((card) => page.getByTestId(card).evaluate((element) => getComputedStyle(element).padding)),
  );
  expect(new Set(paddings).size).toBe(1);
  await expect(page.getByTestId("approvals-section").getByRole("heading", { level: 2 })).toHaveText("New devices");
  await page.screenshot({ path: ".test-data/screenshots/security-light.png", fullPage: true });
  await switchTheme(page, "dark");
  await page.screenshot({ path: ".test-data/screenshots/security-dark.png", fullPage: true });
});
