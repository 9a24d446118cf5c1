import path from "node:path";
import { expect, test } from "@playwright/test";
import { apiPost, openLoggedInPage, pickOption, submitSignUp, uniqueUsername } from "./support.ts";

const DOCUMENT = path.resolve(import.meta.dirname, "../../../docs/screenshots/home.png");

test("a user converts to a corporate account, sends the company's documents, and a moderator's approval verifies it", async ({
  page,
  browser,
}) => {
  const username = uniqueUsername("corp");
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("navbar-username")).toHaveText(username);

  await page.goto("/account/settings");
  await page.getByTestId("account-type-link").getByRole("link", { name: "Convert to a corporate account" }).click();
  await expect(page).toHaveURL(/\/account\/verification\/company$/);
  const accountType = page.getByTestId("account-type");
  await expect(accountType).toContainText("This is a personal account.");
  await accountType.getByRole("button", { name: "Convert to a corporate account" }).click();
  await expect(accountType.getByRole("status")).toContainText("Your account is now a corporate account");
  // The redirect (to this same page) follows after 4000 ms and the notice goes with it.
  await expect(accountType).toContainText("This is a corporate account.", { timeout: 15_000 });

  const form = page.getByTestId("company-application");
  await form.getByLabel("Legal entity name").fill("Diallo Trading SARL");
  await form.getByLabel("Business name").fill("Amina's Exchange");
  await form.getByLabel("Registration number").fill("RC-DKR-2024-B-123");
  await pickOption(page, form.getByLabel("Country of registration"), "Seneg", "Senegal");
  await form.locator('input[type="file"]').setInputFiles(DOCUMENT);
  await form.getByRole("button", { name: "Send application" }).click();
  const status = page.getByTestId("company-status");
  await expect(status).toContainText("Application sent: it waits for a moderator.");
  await expect(status.getByTestId("company-status-badge")).toHaveText("Sent");
  await expect(status.getByRole("link", { name: "home.png" })).toBeVisible();
  await page.screenshot({ path: "test-results/company-verification-sent-light.png", fullPage: true });

  const moderator = await openLoggedInPage(browser, "mod");
  const queue = await (await moderator.request.get("/rest/v1/moderation/company-applications")).json();
  const application = queue.data.find((item: { username: string }) => item.username === username);
  expect(application.status).toBe("application_submitted");
  const decided = await apiPost(moderator, `/rest/v1/moderation/company-applications/${application.id}/decision`, {
    decision: "approve",
  });
  expect(decided.status()).toBe(200);

  await page.goto("/fr/account/verification/company");
  await page.getByRole("button", { name: "Passer au thème sombre" }).click();
  await expect(page.getByTestId("company-status")).toContainText("Votre entreprise est vérifiée.");
  await expect(page.getByTestId("account-type")).toContainText("Ce compte est un compte entreprise vérifié.");
  await page.screenshot({ path: "test-results/company-verification-approved-dark-fr.png", fullPage: true });
});
