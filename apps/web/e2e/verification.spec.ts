import { expect, test } from "@playwright/test";
import { submitSignUp, uniqueUsername } from "./support.ts";
import { sendIdFromHub } from "./verification-steps.ts";

/**
 * The verification hub (docs/decisions/117-manual-review-queue.md): a newcomer sees their level and
 * what the next one needs, starts an ID verification and sends its three images one by one, the bar
 * counting them, until it waits in review; in English, then in French.
 */
test("a newcomer starts an ID verification and sends its three images until it is in review", async ({ page }) => {
  const username = uniqueUsername("kyc");
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("verifyEmailBanner")).toBeVisible();
  await page.goto("/account/verification");
  const hub = page.getByTestId("verification-hub");
  await expect(hub.getByTestId("verification-level")).toHaveText("Your level: L0");
  await expect(hub).toContainText("Next: L1");

  await sendIdFromHub(page);
  await page.screenshot({ path: "test-results/verification-hub-en.png", fullPage: true });

  await page.goto("/fr/account/verification");
  await expect(page.getByTestId("id-flow")).toContainText("En cours d’examen");
  await page.screenshot({ path: "test-results/verification-hub-fr.png", fullPage: true });
});
