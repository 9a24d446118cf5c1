import { expect, test } from "@playwright/test";
import { submitSignUp, uniqueUsername } from "./support.ts";

/**
 * API keys in a real browser: a user creates a key, sees its secret once, a program uses it
 * (OAuth2 token, then a Paxful-compatible call), and revoking it stops the program at once.
 */
test("a user creates an API key, a program uses it, and revoking it locks the program out", async ({
  page,
  request,
}) => {
  const username = uniqueUsername("e2e_k");
  await page.goto("/register?returnTo=%2Faccount%2Fapi-keys");
  await submitSignUp(page, username);
  await expect(page).toHaveURL(/\/account\/api-keys$/);
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await expect(page.getByTestId("api-key-list")).toContainText("You have no API keys.");

  const form = page.getByTestId("api-key-form");
  await form.getByLabel("Name").fill("e2e bot");
  await form.getByRole("button", { name: "Create key" }).click();
  const created = page.getByTestId("api-key-created");
  await expect(created).toBeVisible();
  const clientId = (await page.getByTestId("api-key-client-id").textContent()) ?? "";
  const clientSecret = (await page.getByTestId("api-key-client-secret").textContent()) ?? "";
  expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: ".test-data/screenshots/api-keys-created.png", fullPage: true });

  // A program outside the browser gets a token with the pair and calls the API as this user.
  const token = await request.post("/oauth2/token", {
    form: { grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret },
  });
  expect(token.status()).toBe(200);
  const accessToken = ((await token.json()) as { access_token: string }).access_token;
  const me = await request.post("/paxful/v1/user/me", { headers: { authorization: `Bearer ${accessToken}` } });
  expect(((await me.json()) as { data: { username: string } }).data.username).toBe(username);

  await created.getByRole("button", { name: "I have saved it" }).click();
  await expect(created).toBeHidden();
  const row = page.getByTestId("api-key-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("e2e bot");
  await expect(page.getByTestId("api-key-list")).not.toContainText(clientSecret);

  await row.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByTestId("api-key-list")).toContainText("You have no API keys.");
  const refused = await request.post("/paxful/v1/user/me", { headers: { authorization: `Bearer ${accessToken}` } });
  expect(refused.status()).toBe(401);
});

test("the developers page documents the API with curl and SDK examples", async ({ page }) => {
  await page.goto("/developers");
  const article = page.getByTestId("developers-page");
  await expect(article.getByRole("heading", { name: "Developers", level: 1 })).toBeVisible();
  await expect(article).toContainText("PAXFUL_OAUTH_HOST");
  await expect(article).toContainText("curl -s https://souk.example/oauth2/token");
  await expect(article).toContainText("x-paxful-signature");
  await page.screenshot({ path: ".test-data/screenshots/developers.png", fullPage: false });
});
