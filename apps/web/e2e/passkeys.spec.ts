import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { submitSignUp, switchTheme, uniqueUsername } from "./support.ts";

/**
 * Passkeys in Chromium: a virtual authenticator (the DevTools protocol's WebAuthn domain) stands in
 * for the phone or security key. A passkey's relying party is a host name, never an IP address, so
 * these pages are opened on localhost, the host of the server's public address here.
 */
const PORT = Number(process.env.SOUK_E2E_PORT ?? 3100);
test.use({ baseURL: `http://localhost:${PORT}` });

/** A platform authenticator that keeps discoverable credentials and verifies the user (as a fingerprint would). */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test("add a passkey on the security screen, log out, and log in with it alone", async ({ page }) => {
  const username = uniqueUsername("e2e_pk");
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("navbar-username")).toHaveText(username);

  await page.goto("/account/security");
  const section = page.getByTestId("passkeys-section");
  await expect(section).toContainText("You have no passkey yet.");
  await section.getByLabel("Name", { exact: true }).fill("E2E laptop");
  await section.getByTestId("add-passkey").click();
  await expect(section).toContainText("Your passkey is added.");
  await expect(section.getByTestId("passkey-row")).toHaveCount(1);
  await expect(section.getByTestId("passkey-row")).toContainText("E2E laptop");
  await expect(section.getByTestId("passkey-row")).toContainText("never used");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await page.screenshot({ path: ".test-data/playwright/security-passkeys.png", fullPage: true });

  await page.getByTestId("user-menu-button").click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByTestId("navbar-username")).toHaveCount(0);

  await page.goto("/login");
  await page.screenshot({ path: ".test-data/playwright/login-passkey.png", fullPage: true });
  await page.getByTestId("login-passkey").click();
  await expect(page.getByTestId("navbar-username")).toHaveText(username);

  await page.goto("/account/devices");
  await expect(page.getByText("Passkey used").first()).toBeVisible();
  await page.goto("/account/security");
  await expect(page.getByTestId("passkey-row")).toContainText("last used");

  await page.goto("/fr/account/security");
  await expect(page.getByTestId("passkeys-section")).toContainText("Clés d’accès");
  await switchTheme(page, "dark");
  await page.screenshot({ path: ".test-data/playwright/security-passkeys-fr-dark.png", fullPage: true });

  // Removed, the passkey no longer logs in: the server refuses the credential the browser still holds.
  await page.goto("/account/security");
  await page.getByTestId("remove-passkey").click();
  await expect(page.getByTestId("passkeys-section")).toContainText("The passkey is removed.");
  await expect(page.getByTestId("passkey-row")).toHaveCount(0);
  await page.getByTestId("user-menu-button").click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByTestId("navbar-username")).toHaveCount(0);
  await page.goto("/login");
  await page.getByTestId("login-passkey").click();
  await expect(page.getByTestId("login-form")).toContainText("This passkey is not registered on Souk.");
  await expect(page.getByTestId("navbar-username")).toHaveCount(0);
});
