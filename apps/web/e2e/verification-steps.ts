import { expect, type Page } from "@playwright/test";
import sharp from "sharp";

/**
 * On the verification hub: starts an ID verification (a United States document of Ada Lovelace)
 * and sends its three images, waiting until the submission is in review.
 */
export async function sendIdFromHub(page: Page): Promise<void> {
  const image = await sharp({ create: { width: 400, height: 260, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  const flow = page.getByTestId("id-flow");
  await flow.getByRole("combobox", { name: "Issuing country" }).fill("United St");
  await page.getByRole("option", { name: "United States" }).click();
  await flow.getByRole("textbox", { name: "First name (as on the document)" }).fill("Ada");
  await flow.getByRole("textbox", { name: "Last name (as on the document)" }).fill("Lovelace");
  await flow.getByRole("textbox", { name: "Document number" }).fill("X1234567");
  await flow.getByRole("button", { name: "Start" }).click();
  await expect(flow).toContainText("Waiting for your files");
  await expect(flow).toContainText("0 of 3 images sent");
  for (const [index, side] of ["front", "back", "selfie"].entries()) {
    await flow
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: `${side}.png`, mimeType: "image/png", buffer: image });
    await flow.getByRole("button", { name: "Send" }).first().click();
    if (index < 2) await expect(flow).toContainText(`${index + 1} of 3 images sent`);
  }
  await expect(flow).toContainText("In review");
}
