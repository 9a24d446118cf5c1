import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { submitSignUp, uniqueUsername } from "./support.ts";

/**
 * The verification hub (docs/decisions/117-manual-review-queue.md): a newcomer sees their level and
 * what the next one needs, starts an ID verification and sends its three images one by one, the bar
 * counting them, until it waits in review; in English, then in French.
 */
test("a newcomer starts an ID verification and sends its three images until it is in review", async ({ page }) => {
  const sides = ["front", "back", "selfie"];
  const image = await sharp({ create: { width: 400, height: 260, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  const username = uniqueUsername("kyc");
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("verifyEmailBanner")).toBeVisible();
  await page.goto("/account/verification");
  const hub = page.getByTestId("verification-hub");
  await expect(hub.getByTestId("verification-level")).toHaveText("Your level: L0");
  await expect(hub).toContainText("Next: L1");

  const flow = page.getByTestId("id-flow");
  await flow.getByRole("combobox", { name: "Issuing country" }).fill("United St");
  await page.getByRole("option", { name: "United States" }).click();
  await flow.getByRole("textbox", { name: "First name (as on the document)" }).fill("Ada");
  await flow.getByRole("textbox", { name: "Last name (as on the document)" }).fill("Lovelace");
  await flow.getByRole("textbox", { name: "Document number" }).fill("X1234567");
  await flow.getByRole("button", { name: "Start" }).click();
  await expect(flow).toContainText("Waiting for your files");
  await expect(flow).toContainText("0 of 3 images sent");

  for (const [index, side] of sides.entries()) {
    await flow
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: `${side}.png`, mimeType: "image/png", buffer: image });
    await flow.getByRole("button", { name: "Send" }).first().click();
    if (index < 2) await expect(flow).toContainText(`${index + 1} of 3 images sent`);
  }
  await expect(flow).toContainText("In review");
  await page.screenshot({ path: "test-results/verification-hub-en.png", fullPage: true });

  await page.goto("/fr/account/verification");
  await expect(page.getByTestId("id-flow")).toContainText("En cours d’examen");
  await page.screenshot({ path: "test-results/verification-hub-fr.png", fullPage: true });
});
