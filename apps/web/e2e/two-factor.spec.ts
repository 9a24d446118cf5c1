import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { E2E_PASSWORD, openLoggedInPage, submitLogIn, submitSignUp, uniqueUsername } from "./support.ts";
import { markPaid, pickOffer, revealDetails, startTrade } from "./trade-steps.ts";

/**
 * The second factor in the browser: turn on an authenticator app on the security screen (the test
 * computes the codes as the app would), log in with a code, and release a trade with one.
 */

/** The authenticator app's code `stepsAhead` 30-second steps from now (each step's code serves once). */
function codeFor(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** On /account/security: choose the authenticator app, type its first code; answers the secret and recovery codes. */
async function turnOnAuthenticator(page: Page, screenshot?: string): Promise<{ secret: string; recovery: string[] }> {
  await page.goto("/account/security");
  const section = page.getByTestId("two-factor-section");
  await expect(section.getByTestId("two-factor-state")).toHaveText("Off");
  await section.getByRole("button", { name: "Use an authenticator app" }).click();
  await expect(section.getByTestId("two-factor-qr")).toBeVisible();
  const secret = (await section.getByTestId("two-factor-secret").textContent()) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByTestId("two-factor-code").fill(codeFor(secret));
  await section.getByRole("button", { name: "Turn on" }).click();
  const codes = section.getByTestId("recovery-codes");
  await expect(codes).toBeVisible();
  const recovery = (await codes.textContent())?.match(/[0-9A-Z]{5}-[0-9A-Z]{5}/g) ?? [];
  expect(recovery).toHaveLength(10);
  await expect(section.getByTestId("two-factor-state")).toHaveText("On: authenticator app");
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  await section.getByRole("button", { name: "I have saved them" }).click();
  await expect(codes).toHaveCount(0);
  return { secret, recovery };
}

test("turn on an authenticator app, log out, and log in with its code", async ({ page }) => {
  const username = uniqueUsername("e2e_2fa");
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("navbar-username")).toHaveText(username);

  const { secret } = await turnOnAuthenticator(page, ".test-data/playwright/security-two-factor.png");

  await page.getByTestId("user-menu-button").click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByTestId("navbar-username")).toHaveCount(0);

  await page.goto("/login");
  await submitLogIn(page, username, E2E_PASSWORD);
  const step = page.getByTestId("login-code-form");
  await expect(step).toContainText("Enter your security code");
  await expect(page.getByTestId("navbar-username")).toHaveCount(0);
  await step.getByTestId("login-code").fill("000000");
  await step.getByRole("button", { name: "Continue" }).click();
  await expect(step).toContainText("This code is wrong.");
  // The code of the enabling step was used; the next step's code is accepted (one step of skew).
  await step.getByTestId("login-code").fill(codeFor(secret, 1));
  await step.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("navbar-username")).toHaveText(username);
  await page.goto("/account/security");
  await page.screenshot({ path: ".test-data/playwright/security-enabled.png", fullPage: true });
  await page.goto("/fr/account/security");
  await expect(page.getByTestId("two-factor-state")).toHaveText("Activée : application d’authentification");
  await page.screenshot({ path: ".test-data/playwright/security-enabled-fr.png", fullPage: true });
});

test("a release asks the seller's code when the settings guard releases", async ({ browser, request }) => {
  test.slow();
  const { offer, min } = await pickOffer(request);
  const seller = await openLoggedInPage(browser, offer.owner.username);
  const { secret, recovery } = await turnOnAuthenticator(seller);

  const buyer = await (await browser.newContext()).newPage();
  await buyer.goto("/register");
  await submitSignUp(buyer, uniqueUsername("e2e_2fab"));
  await expect(buyer.getByTestId("navbar-username")).toBeVisible();
  const tradePath = await startTrade(buyer, offer.idHashed, min);
  await revealDetails(buyer);
  await markPaid(buyer);

  await seller.goto(tradePath);
  await expect(seller.getByTestId("trade-status")).toHaveText("Paid");
  await seller.getByRole("button", { name: "Release crypto" }).click();
  const dialog = seller.getByRole("dialog");
  await dialog.getByLabel("I have received the full payment").check();
  await expect(dialog.getByTestId("release-code")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Confirm" })).toBeDisabled();
  await dialog.getByTestId("release-code").fill("000000");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toContainText("This code is wrong or has expired.");
  await expect(seller.getByTestId("trade-status")).toHaveText("Paid");
  await dialog.getByTestId("release-code").fill(codeFor(secret, 1));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(seller.getByTestId("trade-status")).toHaveText("Released");
  await expect(buyer.getByTestId("trade-status")).toHaveText("Released");

  // The demo seller serves other tests: a recovery code turns the factor off again.
  await seller.goto("/account/security");
  const section = seller.getByTestId("two-factor-section");
  await section.getByLabel("Code", { exact: true }).fill(recovery[0] ?? "");
  await section.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(section.getByTestId("two-factor-state")).toHaveText("Off");
});

test("SMS codes are offered and ask for a verified phone first", async ({ page }) => {
  const username = uniqueUsername("e2e_sms");
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("navbar-username")).toHaveText(username);
  await page.goto("/account/security");
  const section = page.getByTestId("two-factor-section");
  await section.getByRole("button", { name: "Use SMS codes" }).click();
  await expect(section).toContainText("Verify a phone number first to receive codes by SMS.");
  await expect(section.getByTestId("two-factor-state")).toHaveText("Off");
  await page.screenshot({ path: ".test-data/playwright/security-sms-factor.png", fullPage: true });
});
