import { expect, test } from "@playwright/test";
import { readSmsCode, submitSignUp, uniqueUsername } from "./support.ts";

test("a user saves a bio and a language, sees them after a reload, and verifies a phone from the dev SMS outbox", async ({
  page,
}) => {
  const username = uniqueUsername("settings");
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("navbar-username")).toHaveText(username);

  await page.goto("/account/settings");
  const profile = page.getByTestId("profile-settings");
  await profile.getByLabel("Bio").fill("Bank transfers only, quick replies.");
  await profile.getByRole("button", { name: "Save" }).click();
  await expect(profile.getByRole("status")).toHaveText("Saved.");
  await page.screenshot({ path: "test-results/account-settings-light.png", fullPage: true });

  // A phone: send the code, read it in the dev outbox, type it back.
  // 61 followed by any 7 digits is a valid French mobile number (not every 6x range is).
  const national = `61${String(Date.now()).slice(-7)}`;
  const phoneCard = page.getByTestId("phone-settings");
  await phoneCard.getByLabel("Phone number").fill(`+33 ${national}`);
  await phoneCard.getByLabel("I agree that my number is checked with the country it belongs to").check();
  await phoneCard.getByRole("button", { name: "Send code" }).click();
  await expect(phoneCard.getByText(`We sent a 6-digit code to +33 ${national}.`)).toBeVisible();
  await expect(phoneCard.getByTestId("phone-countdown")).toContainText("You can ask for a new code in");
  const code = readSmsCode(`+33${national}`);
  await phoneCard.getByRole("group", { name: "Code" }).getByRole("textbox").first().click();
  await page.keyboard.type(code);
  await phoneCard.getByRole("button", { name: "Verify phone" }).click();
  await expect(phoneCard.getByText(`Your phone +33 ${national} is verified.`)).toBeVisible();

  // The language, then a reload: both saved.
  await page.goto("/account/settings/localization");
  const localization = page.getByTestId("localization-settings");
  await localization.getByLabel("Language").click();
  await page.getByRole("option", { name: "Français" }).click();
  await localization.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/fr\/account\/settings\/localization$/);
  await page.reload();
  await expect(page.getByTestId("localization-settings").getByLabel("Langue")).toHaveValue("Français");
  await page.goto("/fr/account/settings");
  await expect(page.getByTestId("profile-settings").getByLabel("Bio")).toHaveValue(
    "Bank transfers only, quick replies.",
  );
  await expect(page.getByTestId("phone-settings")).toContainText(`Votre téléphone +33 ${national} est vérifié.`);

  // Dark theme from the same form.
  const profileFr = page.getByTestId("profile-settings");
  await profileFr.getByLabel("Thème").click();
  await page.getByRole("option", { name: "Sombre" }).click();
  await profileFr.getByRole("button", { name: "Enregistrer" }).click();
  await expect(profileFr.getByRole("status")).toHaveText("Enregistré.");
  await page.screenshot({ path: "test-results/account-settings-dark-fr.png", fullPage: true });
});
