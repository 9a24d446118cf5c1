import { expect, type Page, test } from "@playwright/test";
import { E2E_PASSWORD, submitLogIn, submitSignUp, uniqueUsername } from "./support.ts";

async function logOutFromUserMenu(page: Page, label: string): Promise<void> {
  await page.getByTestId("user-menu-button").click();
  await page.getByRole("menuitem", { name: label }).click();
}

test("a visitor signs up, logs out, logs in again with the username and sees the shell in French", async ({ page }) => {
  const username = uniqueUsername("e2e");
  const email = `${username}@example.com`;

  await test.step("sign up and land logged in", async () => {
    await page.goto("/register");
    await submitSignUp(page, username);

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("navbar-username")).toHaveText(username);
    // A new account has not verified its e-mail yet.
    await expect(page.getByTestId("verifyEmailBanner")).toContainText(email);
  });

  await test.step("log out", async () => {
    await logOutFromUserMenu(page, "Log out");

    await expect(page.getByTestId("navbar-login")).toBeVisible();
    await expect(page.getByTestId("user-menu-button")).toHaveCount(0);
  });

  await test.step("log in again with the username", async () => {
    await page.getByTestId("navbar-login").click();
    await expect(page).toHaveURL(/\/login$/);
    await submitLogIn(page, username, E2E_PASSWORD);

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("navbar-username")).toHaveText(username);
  });

  await test.step("see the shell in French at /fr", async () => {
    await page.goto("/fr");

    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    const navbar = page.getByTestId("navbar-links");
    await expect(navbar.getByRole("link", { name: "Acheter" })).toBeVisible();
    await expect(navbar.getByRole("link", { name: "Vendre" })).toBeVisible();
    await expect(navbar.getByRole("link", { name: "Portefeuille" })).toBeVisible();
    await expect(navbar.getByRole("link", { name: "Échanges" })).toBeVisible();
    const footer = page.getByTestId("app-footer");
    await expect(footer.getByRole("link", { name: "Conditions d’utilisation" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Politique de confidentialité" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "À propos" })).toBeVisible();
    await expect(page.getByTestId("navbar-username")).toHaveText(username);
  });

  await test.step("log out in French", async () => {
    await logOutFromUserMenu(page, "Se déconnecter");

    await expect(page).toHaveURL(/\/fr$/);
    await expect(page.getByTestId("navbar-login")).toHaveText("Se connecter");
  });
});

test("a wrong password is refused with a message on the form", async ({ page }) => {
  await page.goto("/login");
  await submitLogIn(page, uniqueUsername("e2e"), "Not-the-r1ght-one!");

  await expect(page.getByTestId("form-error")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("the footer's language switcher keeps the current page", async ({ page }) => {
  await page.goto("/terms-of-service");
  await page.getByTestId("language-fr").click();

  await expect(page).toHaveURL(/\/fr\/terms-of-service$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conditions d’utilisation");

  await page.getByTestId("language-en").click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of service");
});

test("a screen that is not built yet says so and names itself", async ({ page }) => {
  // Payment settings belong to a later piece of work.
  await page.goto("/account/payment-settings");

  await expect(page.getByTestId("coming-soon-page")).toContainText("Payment settings");
  await expect(page.getByTestId("coming-soon-page")).toContainText("Coming soon");
});

test("an unknown address shows the 404 page inside the shell", async ({ page }) => {
  await page.goto("/fr/this-page-does-not-exist");

  await expect(page.getByTestId("not-found-page")).toContainText("Cette page est introuvable");
  await expect(page.getByTestId("navbar-links")).toBeVisible();
});
