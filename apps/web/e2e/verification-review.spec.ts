import { expect, type Page, test } from "@playwright/test";
import { openLoggedInPage, submitSignUp, switchTheme, uniqueUsername } from "./support.ts";
import { reachLevelOne, sendIdFromHub } from "./verification-steps.ts";

/**
 * The verification queue (docs/decisions/122-verification-queue-screen.md): a user at L1 sends an
 * ID from the verification hub, a moderator approves it in the console's queue, and the user's
 * open pages follow without a reload: the hub shows L2 and its limits, and an offer that requires
 * a verified ID no longer says it is out of reach. The queue is shot in light and dark, en and fr.
 */

/** An offer whose only requirement this user misses is a verified ID, as its page tells them. */
async function offerRequiringId(page: Page): Promise<string> {
  const response = await page.request.get("/rest/v1/offers?type=buy&isVerifiedOffers=true&limit=50");
  expect(response.ok()).toBe(true);
  const offers = (await response.json()).data as { idHashed: string; requireVerifiedId: boolean }[];
  for (const offer of offers.filter((item) => item.requireVerifiedId)) {
    const view = (await (await page.request.get(`/rest/v1/offers/${offer.idHashed}`)).json()) as {
      data: { unmetRequirements: string[] };
    };
    if (view.data.unmetRequirements.join() === "require_verified_id") return offer.idHashed;
  }
  throw new Error("no offer whose only unmet requirement is a verified ID");
}

test("a moderator approves an ID in the queue and the user's level, limits and offer follow without a reload", async ({
  page,
  browser,
}) => {
  // Two accounts, codes read through the operator CLI and four pages: long on a busy machine.
  test.setTimeout(300_000);
  const username = uniqueUsername("kycq");
  const email = `${username}@example.com`;
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("navbar-username")).toHaveText(username);
  await reachLevelOne(page, email);

  await page.goto("/account/verification");
  const hub = page.getByTestId("verification-hub");
  await expect(hub.getByTestId("verification-level")).toHaveText("Your level: L1");
  await sendIdFromHub(page);
  const offerPage = await page.context().newPage();
  await offerPage.goto(`/offer/${await offerRequiringId(offerPage)}`);
  await expect(offerPage.getByTestId("unmet-requirements")).toContainText("You need a verified identity.");

  const currency = (await (await page.request.get("/rest/v1/users/current_user")).json()).data.currency as string;
  const levels = (await (await page.request.get(`/rest/v1/limits/levels-info?fiatCurrencyCode=${currency}`)).json())
    .data as { level: string; limits: { perTradeLimitInFiatCurrency: string | null } }[];
  const perTradeAtL2 = levels.find((level) => level.level === "L2")?.limits.perTradeLimitInFiatCurrency;
  expect(perTradeAtL2, "L2 has a per-trade limit").toBeTruthy();

  await expect(hub.getByTestId("limit-figure").first()).not.toHaveText(`${perTradeAtL2} ${currency}`);

  const moderator = await openLoggedInPage(browser, "mod");
  await test.step("the moderator finds the submission in the queue (light and dark, en and fr)", async () => {
    await moderator.goto("/admin");
    await expect(moderator.getByTestId("overview-pending-verifications")).toBeVisible();
    await moderator.getByTestId("admin-nav-verifications").click();
    await expect(moderator.getByRole("heading", { name: "Verification queue", level: 1 })).toBeVisible();
    const row = moderator.getByTestId("verification-queue-row").filter({ hasText: username });
    await expect(row).toContainText("Identity document");
    await expect(row).toContainText("USA");
    await switchTheme(moderator, "light");
    await moderator.screenshot({ path: ".test-data/screenshots/admin-verifications-en-light.png", fullPage: true });
    await moderator.getByTestId("queue-kind-companies").click();
    await expect(moderator.getByTestId("company-queue")).toBeVisible();
    await moderator.screenshot({ path: ".test-data/screenshots/admin-company-queue-en-light.png", fullPage: true });
    await moderator.goto("/fr/admin/verifications");
    await expect(moderator.getByRole("heading", { name: "File des vérifications", level: 1 })).toBeVisible();
    await expect(moderator.getByTestId("verification-queue-row").filter({ hasText: username })).toContainText(
      "Pièce d’identité",
    );
    await switchTheme(moderator, "dark");
    await moderator.screenshot({ path: ".test-data/screenshots/admin-verifications-fr-dark.png", fullPage: true });
  });

  await test.step("the moderator opens it, sees its three images and approves it", async () => {
    await moderator.goto("/admin/verifications");
    await moderator
      .getByTestId("verification-queue-row")
      .filter({ hasText: username })
      .getByRole("link", { name: "Identity document" })
      .click();
    await expect(moderator.getByRole("heading", { name: `Identity document of ${username}`, level: 1 })).toBeVisible();
    await expect(moderator.getByTestId("review-field-documentNumber")).toHaveText("X1234567");
    for (const side of ["front", "back", "selfie"]) {
      const image = moderator.getByTestId(`review-document-${side}`).getByRole("img");
      await expect(image).toHaveJSProperty("complete", true);
      expect(await image.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await moderator.screenshot({ path: ".test-data/screenshots/admin-verification-dark.png", fullPage: true });
    await switchTheme(moderator, "light");
    await moderator.getByTestId("review-approve").click();
    await expect(moderator.getByTestId("review-status")).toHaveText("Approved");
    await expect(moderator.getByTestId("review-not-waiting")).toBeVisible();
    await moderator.screenshot({ path: ".test-data/screenshots/admin-verification-approved.png", fullPage: true });
  });

  await test.step("the user's open pages follow without a reload", async () => {
    await expect(hub.getByTestId("verification-level")).toHaveText("Your level: L2");
    await expect(page.getByTestId("id-flow")).toContainText("Your identity is verified.");
    await expect(hub.getByTestId("limit-figure").first()).toHaveText(`${perTradeAtL2} ${currency}`);
    await expect(offerPage.getByTestId("unmet-requirements")).toHaveCount(0);
    await page.screenshot({ path: "test-results/verification-approved-live.png", fullPage: true });
  });
  await moderator.context().close();
});
