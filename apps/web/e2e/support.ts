import { execFileSync } from "node:child_process";
import path from "node:path";
import { type Browser, expect, type Locator, type Page } from "@playwright/test";

/**
 * Steps the browser tests share: logging in to a demo account and signing up a fresh one. Each
 * helper fills and submits its form; the ones named for a whole step also wait for the navbar to
 * name the user, the others leave the waiting to the caller (which may expect another page).
 */

/**
 * Waits until the page's heading is hydrated (React has attached itself to it). A page the server
 * rendered shows its HTML before its scripts run; a click before hydration would do nothing, and a
 * link followed then loads the next page afresh instead of navigating in the app.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector("main h1");
    return heading !== null && Object.keys(heading).some((key) => key.startsWith("__reactFiber$"));
  });
}

/** The password of every account in the demo data. */
export const DEMO_PASSWORD = "Souk-demo-2026!";

/** The password of the accounts the tests sign up. */
export const E2E_PASSWORD = "Souk-e2e-Passw0rd!";

/** A username nobody used before: 3 to 32 letters, digits or underscores. */
export function uniqueUsername(prefix: string): string {
  const stamp = Date.now().toString(36);
  const random = Math.random().toString(36).slice(2, 7);
  return `${prefix}_${stamp}_${random}`;
}

/** Fills the login form on the page and submits it. */
export async function submitLogIn(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  const form = page.getByTestId("login-form");
  await form.getByLabel("E-mail or username", { exact: true }).fill(login);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Log in" }).click();
}

/** Logs in at /login (a demo account unless a password is given) and waits until the navbar names the user. */
export async function logIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto("/login");
  await submitLogIn(page, username, password);
  await expect(page.getByTestId("navbar-username")).toHaveText(username);
}

/** A call as the page's user would make it: session cookie, CSRF token, XHR marker. */
export async function apiPost(page: Page, url: string, body: unknown) {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === "souk_csrf")?.value ?? "";
  return page.request.post(url, {
    data: body,
    headers: { "x-csrf-token": csrf, "x-requested-with": "XMLHttpRequest" },
  });
}

/** A page in a browser context of its own, logged in to a demo account. */
export async function openLoggedInPage(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, username);
  return page;
}

/**
 * Shows the page in the given theme with the top bar's switch, clicking it only when the page is in
 * the other one: a demo account shared by several tests may have either saved on it.
 */
export async function switchTheme(page: Page, scheme: "light" | "dark"): Promise<void> {
  const html = page.locator("html");
  if ((await html.getAttribute("data-mantine-color-scheme")) !== scheme) await page.getByTestId("theme-toggle").click();
  await expect(html).toHaveAttribute("data-mantine-color-scheme", scheme);
}

/** Fills the sign-up form on the page (e-mail `<username>@example.com`, the tests' password) and submits it. */
export async function submitSignUp(page: Page, username: string): Promise<void> {
  const form = page.getByTestId("register-form");
  await form.getByLabel("E-mail", { exact: true }).fill(`${username}@example.com`);
  await form.getByLabel("Username", { exact: true }).fill(username);
  await form.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await form.getByRole("button", { name: "Create account" }).click();
}

/** A fresh account signed up in a browser context of its own, its page waiting on the navbar's name. */
export async function signUpInNewContext(browser: Browser, prefix: string): Promise<{ page: Page; username: string }> {
  const page = await (await browser.newContext()).newPage();
  const username = uniqueUsername(prefix);
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("navbar-username")).toHaveText(username);
  return { page, username };
}

const root = path.resolve(import.meta.dirname, "../../..");

/** `npm run souk -- <command>` on the browser tests' server's data (the dev mailbox, for one). */
export function souk(...args: string[]): string {
  return execFileSync(process.execPath, ["--import", "tsx", "apps/server/src/cli.ts", ...args], {
    cwd: root,
    env: { ...process.env, SOUK_DATA_DIR: path.join(root, ".test-data", "e2e"), TZ: "UTC" },
    encoding: "utf8",
  });
}

/** The newest mail in the dev mailbox to this address whose list line contains `subject`, as mail:show prints it. */
export function readMail(email: string, subject: string): string {
  const line = souk("mail:list")
    .split("\n")
    .find((row) => row.includes(email) && row.includes(subject));
  const id = line?.trim().split(/\s+/)[0];
  expect(id, `a mail to ${email} about "${subject}" in the dev mailbox`).toMatch(/^\d+$/);
  return souk("mail:show", id ?? "");
}

/** The 6-digit code of the newest text message to this number (E.164) in the dev SMS outbox (`sms:list`). */
export function readSmsCode(phone: string): string {
  const line = souk("sms:list")
    .split("\n")
    .find((row) => row.includes(phone));
  const code = line?.match(/\b(\d{6})\b/)?.[1];
  expect(code, `a code to ${phone} in the dev SMS outbox`).toMatch(/^\d{6}$/);
  return code ?? "";
}

/**
 * The text part of the newest mail to this address whose subject contains `subject`, read on the
 * admins' dev mailbox screen (/admin/mail) in a page logged in as an admin.
 */
export async function readMailOnScreen(admin: Page, email: string, subject: string): Promise<string> {
  await admin.goto("/admin/mail");
  const row = admin.getByTestId("dev-mail-row").filter({ hasText: email }).filter({ hasText: subject }).first();
  await row.getByRole("link").click();
  const text = admin.getByTestId("dev-mail-text");
  await expect(text).toBeVisible();
  return (await text.textContent()) ?? "";
}

/** The link of a mail's text that leads to this path (`/login/approve`...), as a path the browser opens. */
export function linkIn(text: string, pathname: string): string[] {
  return [...text.matchAll(/https?:\/\/\S+/g)]
    .map((match) => new URL(match[0]))
    .filter((url) => url.pathname === pathname)
    .map((url) => `${url.pathname}${url.search}`);
}

/**
 * Types into a searchable select and picks one of its options. When the page's layout moves under
 * the open list (a section that loads late), the click lands beside it and the list closes; the
 * whole pick is then done again, until the field shows the option.
 */
export async function pickOption(page: Page, field: Locator, search: string, option: string): Promise<void> {
  await expect(async () => {
    await field.fill(search);
    await page.getByRole("option", { name: option }).click({ timeout: 3_000 });
    await expect(field).toHaveValue(option, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}
