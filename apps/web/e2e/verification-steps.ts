import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { apiPost, pickOption, readMail, readSmsCode } from "./support.ts";

/**
 * On the verification hub: starts an ID verification (a United States document of Ada Lovelace)
 * and sends its three images, waiting until the submission is in review.
 */
export async function sendIdFromHub(page: Page): Promise<void> {
  const image = await sharp({ create: { width: 400, height: 260, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  const flow = page.getByTestId("id-flow");
  await pickOption(page, flow.getByRole("combobox", { name: "Issuing country" }), "United St", "United States");
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

/** A call that must succeed, made as the page's user. */
export async function mustPost(page: Page, url: string, body: unknown): Promise<void> {
  const response = await apiPost(page, url, body);
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
}

/** A code the dev outboxes hold once the sending job ran: asked again until it is there. */
async function codeFrom(read: () => string): Promise<string> {
  let code = "";
  await expect
    .poll(() => {
      try {
        code = read();
      } catch {
        code = "";
      }
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** E-mail and phone verified through their own calls, codes read from the dev outboxes: level L1. */
export async function reachLevelOne(page: Page, email: string): Promise<void> {
  const mailCode = await codeFrom(() => readMail(email, "verification code").match(/\b(\d{6})\b/)?.[1] ?? "");
  await mustPost(page, "/rest/v1/user-verification/email/verify-code", { code: mailCode });
  // 61 followed by any 7 digits is a valid French mobile number.
  const national = `61${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
  await mustPost(page, "/rest/v1/users/send-phone-code", {
    phone: `+33${national}`,
    isCitizenshipConsentAccepted: true,
  });
  await mustPost(page, "/rest/v1/users/confirm-phone", {
    phoneCode: await codeFrom(() => readSmsCode(`+33${national}`)),
  });
}
