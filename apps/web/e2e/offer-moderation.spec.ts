import { expect, test } from "@playwright/test";
import { openLoggedInPage, submitSignUp, switchTheme, uniqueUsername } from "./support.ts";
import { publishSellOffer } from "./trade-steps.ts";

/**
 * Offer moderation (docs/decisions/130-offer-moderation.md): the demo moderator rejects a new
 * vendor's offer with a reason; the vendor reads it on their offers and on the edit page, and
 * appeals; the appeal waits in the moderators' queue. Screenshots in English and French, light and dark.
 */

test("a moderator rejects an offer and the vendor sees the reason", async ({ browser }) => {
  test.slow();
  const reason = `Payment outside escrow is not allowed ${Date.now().toString(36)}`;
  const vendorName = uniqueUsername("e2e_mod");
  const vendor = await (await browser.newContext()).newPage();
  await vendor.goto("/register");
  await submitSignUp(vendor, vendorName);
  await expect(vendor.getByTestId("navbar-username")).toHaveText(vendorName);
  const hash = await publishSellOffer(vendor, "Pay me first by phone, then I open the trade.");
  expect(hash).toMatch(/^[0-9A-Za-z]{11}$/);

  const moderator = await openLoggedInPage(browser, "mod");
  await test.step("the moderator finds the offer in the console and rejects it with a reason", async () => {
    await moderator.goto("/admin");
    await moderator.getByTestId("admin-nav-offers").click();
    await expect(moderator.getByRole("heading", { name: "Offers", level: 1 })).toBeVisible();
    await moderator.getByTestId("admin-offers-filter").getByText("All", { exact: true }).click();
    await moderator.getByTestId("admin-search-input").fill(vendorName);
    await moderator.getByTestId("admin-search-submit").click();
    const card = moderator.getByTestId(`admin-offer-${hash}`);
    await expect(card).toContainText("Pay me first by phone");
    await card.getByTestId("offer-reject").click();
    await moderator.getByTestId("offer-moderation-reason").fill(reason);
    await moderator.getByTestId("offer-moderation-confirm").click();
    await expect(card.getByTestId("admin-offer-status")).toHaveText("Rejected");
    await expect(card).toContainText(reason);
    await moderator.screenshot({ path: ".test-data/screenshots/admin-offers-rejected.png", fullPage: true });
  });

  await test.step("the vendor reads the reason on their offers and appeals", async () => {
    await vendor.goto("/dashboard/my-offers?type=sell");
    const notice = vendor.getByTestId(`moderation-${hash}`);
    await expect(notice).toContainText("A moderator rejected this offer");
    await expect(vendor.getByTestId(`moderation-reason-${hash}`)).toContainText(reason);
    await vendor.screenshot({ path: ".test-data/screenshots/my-offers-rejected.png", fullPage: true });
    await vendor.getByTestId(`appeal-${hash}`).click();
    await vendor.getByTestId(`appeal-message-${hash}`).fill("I removed the phone step; trades go through escrow.");
    await vendor.getByTestId(`appeal-send-${hash}`).click();
    await expect(notice).toContainText("Your appeal is being reviewed");
  });

  await test.step("the edit page tells the reason too, in French and dark", async () => {
    await vendor.goto(`/fr/offer-manager/edit/${hash}`);
    const alert = vendor.getByTestId("offer-edit-moderation");
    await expect(alert).toContainText("votre appel est en cours d’examen");
    await expect(alert).toContainText(`Motif : ${reason}`);
    await switchTheme(vendor, "dark");
    await vendor.screenshot({ path: ".test-data/screenshots/offer-edit-rejected-fr-dark.png", fullPage: true });
  });

  await test.step("the appeal waits in the moderators' queue", async () => {
    await moderator.goto(`/fr/admin/offers?q=${vendorName}`);
    await expect(moderator.getByRole("heading", { name: "Offres", level: 1 })).toBeVisible();
    const card = moderator.getByTestId(`admin-offer-${hash}`);
    await expect(card.getByTestId("admin-offer-status")).toHaveText("En appel");
    await expect(card.getByTestId("admin-offer-appeal")).toContainText("I removed the phone step");
    await switchTheme(moderator, "dark");
    await moderator.screenshot({ path: ".test-data/screenshots/admin-offers-appealed-fr-dark.png", fullPage: true });
  });

  await test.step("an admin reads the vendor's page: offers, sessions, and a KYC action blocked and allowed", async () => {
    const admin = await openLoggedInPage(browser, "admin");
    await admin.goto(`/admin/users/${vendorName}`);
    await expect(admin.getByRole("heading", { name: vendorName, level: 1 })).toBeVisible();
    await expect(admin.getByTestId("admin-user-offers")).toContainText(hash);
    await expect(admin.getByTestId("admin-user-offers")).toContainText("Appealed");
    await expect(admin.getByTestId("admin-user-sessions")).toContainText("Live");
    await admin.getByTestId("blocked-actions-reason").fill("Offer terms under review");
    await admin.getByTestId("block-create-offer").click();
    await expect(admin.getByTestId("unblock-create-offer")).toBeVisible();
    await admin.screenshot({ path: ".test-data/screenshots/admin-user-sections.png", fullPage: true });
    await admin.getByTestId("blocked-actions-reason").fill("Review finished");
    await admin.getByTestId("unblock-create-offer").click();
    await expect(admin.getByTestId("block-create-offer")).toBeVisible();
  });
});
