import { type Browser, expect, type Page, test } from "@playwright/test";

/**
 * A vendor's reputation as a visitor sees it (docs/product.md#public-profile), against the demo
 * data: the received feedback with its filter on the profile and on the offer page, the medals the
 * reputation job gave at the seed, in the light and the dark theme.
 */

async function visitorPage(browser: Browser, theme: "light" | "dark"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: "reduce" });
  await context.addCookies([{ name: "site_theme", value: theme, domain: "127.0.0.1", path: "/" }]);
  return context.newPage();
}

interface ListedOffer {
  idHashed: string;
  owner: { username: string };
}

test("a visitor reads a vendor's feedback, filters it and sees the medals", async ({ browser, request }, testInfo) => {
  const page = await visitorPage(browser, "light");
  await page.goto("/user/alice");
  await expect(page.getByRole("heading", { level: 1, name: "alice" })).toBeVisible();

  const feed = page.getByTestId("feedback-feed");
  await expect(feed.getByRole("heading", { name: "Feedback" })).toBeVisible();
  await expect(feed.getByTestId("feedback-item").first()).toBeVisible();
  await expect(page.getByTestId("profile-medals").getByText("First-year member")).toBeVisible();
  await feed.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("profile-reputation-light.png"), fullPage: true });

  await feed.locator("label", { hasText: "Negative" }).click();
  await expect(feed.getByTestId("feedback-empty")).toHaveText("No negative feedback.");
  await expect(feed.getByTestId("feedback-item")).toHaveCount(0);
  await feed.locator("label", { hasText: "Positive" }).click();
  await expect(feed.getByTestId("feedback-item").first()).toBeVisible();

  const dark = await visitorPage(browser, "dark");
  await dark.goto("/user/alice");
  await expect(dark.getByTestId("feedback-feed").getByTestId("feedback-item").first()).toBeVisible();
  await expect(dark.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await dark.screenshot({ path: testInfo.outputPath("profile-reputation-dark.png"), fullPage: true });

  const listed = await request.get("/rest/v1/users/alice/active-offers?type=buy");
  const offer = ((await listed.json()) as { data: ListedOffer[] }).data[0];
  if (!offer) throw new Error("the demo data has no offer of alice");
  await page.goto(`/offer/${offer.idHashed}`);
  const offerFeed = page.getByTestId("feedback-feed");
  await expect(offerFeed.getByTestId("feedback-item").first()).toBeVisible();
  await expect(offerFeed.getByTestId("feedback-summary")).toContainText("positive");
  await page.screenshot({ path: testInfo.outputPath("offer-feedback-light.png"), fullPage: true });
});
