import { expect, test } from "@playwright/test";
import { submitSignUp, switchTheme, uniqueUsername } from "./support.ts";

/**
 * The video step of the verification hub (docs/decisions/119-video-verification.md): a newcomer
 * sees three tries and what the video is for (ENROL: no verified ID yet), sends a video and sees it
 * in review with one try spent; in English and French, light and dark.
 */

/** The start of an MP4 file (an `ftyp` box and an empty `mdat`): what the server's check reads. */
function mp4Bytes(size = 256 * 1024): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypisom", 4, "latin1");
  ftyp.writeUInt32BE(512, 12);
  ftyp.write("isommp41", 16, "latin1");
  const mdat = Buffer.alloc(size - ftyp.length);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write("mdat", 4, "latin1");
  return Buffer.concat([ftyp, mdat]);
}

test("a newcomer sends a video check and sees it in review, a try spent", async ({ page }) => {
  const username = uniqueUsername("video");
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("verifyEmailBanner")).toBeVisible();
  await page.goto("/account/verification");
  const flow = page.getByTestId("video-flow");
  await expect(flow.getByTestId("video-attempts")).toHaveText("Tries left: 3 of 3");
  await expect(flow).toContainText("It becomes the face we compare your identity document with.");

  await flow.locator('input[type="file"]').setInputFiles({ name: "me.mp4", mimeType: "video/mp4", buffer: mp4Bytes() });
  await flow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/video-step-form-en.png", fullPage: true });
  await flow.getByRole("button", { name: "Send the video" }).click();
  await expect(flow.getByTestId("status-video")).toContainText("In review");
  await expect(flow.getByTestId("video-send")).toHaveCount(0);
  await flow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/video-step-en.png", fullPage: true });

  await switchTheme(page, "dark");
  await page.goto("/fr/account/verification");
  await expect(page.getByTestId("video-flow")).toContainText("Vérification vidéo");
  await expect(page.getByTestId("status-video")).toContainText("En cours d’examen");
  await page.screenshot({ path: "test-results/video-step-fr-dark.png", fullPage: true });
});
