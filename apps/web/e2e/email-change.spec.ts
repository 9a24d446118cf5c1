import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { E2E_PASSWORD, readMail, submitSignUp, uniqueUsername } from "./support.ts";

test("a user changes the e-mail address with the code mailed to the new one, and uploads a picture", async ({
  page,
}) => {
  // Two reads of the dev mailbox (each a CLI run) on top of the screens.
  test.setTimeout(180_000);
  const username = uniqueUsername("mailchange");
  const newEmail = `${username}-new@example.com`;
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("navbar-username")).toHaveText(username);

  await page.goto("/account/security");
  const card = page.getByTestId("email-change");
  await expect(card).toContainText(`Your address: ${username}@example.com`);
  await card.getByLabel("New e-mail address").fill(newEmail);
  await card.locator("input[type=password]").fill(E2E_PASSWORD);
  await card.getByRole("button", { name: "Send a code to the new address" }).click();
  await expect(card).toContainText(`We e-mailed a 6-digit code to ${newEmail}`);
  expect(readMail(`${username}@example.com`, "change of your Souk e-mail")).toContain(newEmail);
  const code = readMail(newEmail, "Confirm your new Souk").match(/\b(\d{6})\b/)?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  await card.getByTestId("email-confirm-code").fill(code);
  await page.screenshot({ path: "test-results/email-change-light.png", fullPage: true });
  await card.getByRole("button", { name: "Change my address" }).click();
  await expect(card).toContainText(`Your e-mail address is now ${newEmail}.`);
  await expect(card).toContainText(`Your address: ${newEmail}`);

  // A picture on the settings page: the server cuts it square and the page shows it.
  const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2f9e44" } })
    .png()
    .toBuffer();
  await page.goto("/account/settings");
  const avatar = page.getByTestId("settings-avatar");
  const chooser = page.waitForEvent("filechooser");
  await avatar.getByLabel("Choose a picture").click();
  await (await chooser).setFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
  await avatar.getByRole("button", { name: "Upload" }).click();
  await expect(avatar.getByRole("status")).toHaveText("Your picture is updated.");
  await expect(avatar.getByRole("img")).toHaveAttribute("src", /\/rest\/v1\/avatars\/[0-9a-f-]{36}$/);

  // The same screens in French and the dark theme.
  const profile = page.getByTestId("profile-settings");
  await profile.getByLabel("Theme").click();
  await page.getByRole("option", { name: "Dark" }).click();
  await profile.getByRole("button", { name: "Save" }).click();
  await expect(profile.getByRole("status")).toHaveText("Saved.");
  await page.goto("/fr/account/settings");
  await expect(page.getByTestId("settings-avatar")).toContainText("Photo");
  await page.screenshot({ path: "test-results/avatar-dark-fr.png", fullPage: true });
  await page.goto("/fr/account/security");
  await expect(page.getByTestId("email-change")).toContainText(`Votre adresse : ${newEmail}`);
  await page.screenshot({ path: "test-results/email-change-dark-fr.png", fullPage: true });
});
