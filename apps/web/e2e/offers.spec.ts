import { expect, type Locator, type Page, test } from "@playwright/test";
import { logIn, openLoggedInPage } from "./support.ts";

/** The card of one offer in my offers, found by its hash. */
function offerCard(page: Page, hash: string): Locator {
  return page.getByTestId(`my-offer-${hash}`);
}

/** The visible track of an offer's switch (the input itself is transparent, under the track). */
function switchTrack(page: Page, hash: string): Locator {
  return offerCard(page, hash).locator(".mantine-Switch-track");
}

function offerSwitch(page: Page, hash: string): Locator {
  return page.getByRole("switch", { name: `Offer ${hash} active` });
}

test("a vendor creates an offer with the wizard, edits it two ways, switches it off and on, and nobody else may edit it", async ({
  page,
  browser,
}) => {
  // One journey through four screens and two users: it gets the slow-test allowance.
  test.slow();
  // A label only this run uses, so the offer is easy to find among the demo vendor's others.
  const label = `e2e ${Date.now().toString(36)}`;
  let hash = "";

  await test.step("a visitor who opens the wizard is sent to log in first", async () => {
    await page.goto("/offer-manager/edit");
    await expect(page).toHaveURL(/\/login\?returnTo=%2Foffer-manager%2Fedit/);
  });

  await test.step("log in as the demo vendor alice and open the wizard", async () => {
    await logIn(page, "alice");
    await page.goto("/offer-manager/edit");
    await expect(page.getByTestId("wizard-step-basics")).toBeVisible();
  });

  await test.step("step 1: sell BTC for USD by Wise", async () => {
    await page.getByTestId("offer-type-sell").click();
    await page.getByText("BTC", { exact: true }).click();
    // Continuing without a payment method is refused on the step itself.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Choose a payment method.")).toBeVisible();
    const method = page.getByTestId("payment-method-select");
    await method.click();
    await method.fill("Wis");
    await page.getByRole("option", { name: "Wise", exact: true }).click();
    await expect(page.getByRole("combobox", { name: "Fiat currency" })).toHaveValue("USD · US Dollar");
    await page.getByRole("button", { name: "Continue" }).click();
  });

  await test.step("step 2: a 3.5 % margin with a live price, limits 150 to 1500", async () => {
    await expect(page.getByTestId("wizard-step-pricing")).toBeVisible();
    const margin = page.getByLabel("Margin over the market");
    await margin.fill("3.5");
    await expect(margin).toHaveValue("3.5");
    // Letters never reach a limit box: the input takes digits only.
    await page.getByLabel("Minimum per trade").pressSequentially("1a5b0");
    await expect(page.getByLabel("Minimum per trade")).toHaveValue("150");
    await page.getByLabel("Maximum per trade").fill("100");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("The maximum must not be below the minimum.")).toBeVisible();
    await page.getByLabel("Maximum per trade").fill("1500");
    const preview = page.getByTestId("offer-price-preview");
    await expect(preview.getByTestId("preview-price")).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(preview).toContainText("3.50 % above market");
    await page.getByRole("button", { name: "Continue" }).click();
  });

  await test.step("step 3: terms, a label and a tag", async () => {
    await expect(page.getByTestId("wizard-step-terms")).toBeVisible();
    await page.getByLabel("Offer terms").fill("Send from an account in your own name.");
    await page.getByLabel("Label", { exact: true }).fill(label);
    await page.getByText("No VPN", { exact: true }).click();
    await page.getByRole("button", { name: "Continue" }).click();
  });

  await test.step("review and publish", async () => {
    const review = page.getByTestId("offer-review");
    await expect(review).toContainText("Selling BTC");
    await expect(review).toContainText("Wise");
    await expect(review).toContainText("3.5 % over market");
    await expect(review).toContainText("150 USD – 1,500 USD");
    await expect(review).toContainText("No VPN");
    await page.getByTestId("wizard-submit").click();
    await expect(page).toHaveURL(/\/dashboard\/my-offers\?type=sell/);
  });

  await test.step("find it in my offers", async () => {
    const card = page.getByRole("article").filter({ hasText: label });
    await expect(card).toHaveCount(1);
    hash = ((await card.getByTestId("offer-hash").textContent()) ?? "").replace("#", "");
    expect(hash).toMatch(/^[0-9A-Za-z]{11}$/);
    await expect(card).toContainText("3.5 % over market");
    await expect(card).toContainText("150 – 1,500");
    await expect(offerSwitch(page, hash)).toBeChecked();
  });

  await test.step("change the margin with the quick edit", async () => {
    const card = offerCard(page, hash);
    await card.getByRole("button", { name: "Quick edit" }).click();
    await page.getByRole("menuitem", { name: "Margin" }).click();
    const input = card.getByRole("textbox", { name: "Margin" });
    await input.fill("4.25");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(card).toContainText("4.25 % over market");
    await expect(card.getByRole("textbox", { name: "Margin" })).toHaveCount(0);
  });

  await test.step("change the margin with the full wizard", async () => {
    await offerCard(page, hash).getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(new RegExp(`/offer-manager/edit/${hash}`));
    await expect(page.getByTestId("wizard-step-basics")).toBeVisible();
    await page.getByRole("button", { name: "Pricing" }).click();
    const margin = page.getByLabel("Margin over the market");
    await expect(margin).toHaveValue("4.25");
    await margin.fill("5");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-offers/);
    await expect(offerCard(page, hash)).toContainText("5 % over market");
  });

  await test.step("switch it off; the state survives a reload", async () => {
    // The switch's track, as a user clicks it: without forcing, so the click waits for anything
    // lying over it (the wizard's "saved" notice) to go away instead of landing on that.
    await switchTrack(page, hash).click();
    await expect(offerSwitch(page, hash)).not.toBeChecked();
    await expect(offerCard(page, hash)).toContainText("Paused");
    await page.reload();
    await expect(offerSwitch(page, hash)).not.toBeChecked();
  });

  await test.step("switch it on again; that survives a reload too", async () => {
    await switchTrack(page, hash).click();
    await expect(offerSwitch(page, hash)).toBeChecked();
    await page.reload();
    await expect(offerSwitch(page, hash)).toBeChecked();
    await expect(offerCard(page, hash)).not.toContainText("Paused");
  });

  await test.step("another user cannot open its edit pages", async () => {
    const bob = await openLoggedInPage(browser, "bob");
    await bob.goto(`/offer-manager/edit/${hash}?skipLite=true`);
    await expect(bob.getByTestId("offer-edit-not-found")).toBeVisible();
    await expect(bob.getByTestId("offer-wizard-form")).toHaveCount(0);
    await bob.goto(`/offer-manager/lite/edit/${hash}`);
    await expect(bob.getByTestId("offer-edit-not-found")).toBeVisible();
    await bob.context().close();
  });
});

test("my offers shows the demo vendor's offers by side, with counts", async ({ page }) => {
  await logIn(page, "alice");
  await page.goto("/dashboard/my-offers?type=buy");
  await expect(page.getByTestId("my-offers-list")).toBeVisible();
  const buyTab = page.getByRole("tab", { name: /Buy/ });
  await expect(buyTab).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: /Sell/ }).click();
  await expect(page).toHaveURL(/type=sell/);
  await expect(page.getByTestId("my-offers-list").getByRole("article").first()).toBeVisible();
  await page.getByText("Shop", { exact: true }).click();
  await expect(page.getByTestId("my-offers-empty")).toBeVisible();
});
