import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { logIn, submitSignUp, waitForHydration } from "./support.ts";

/**
 * The marketplace, the offer page and favourites against the demo data. The filter combination is
 * picked from what the API lists, so the test follows the demo data rather than hard-coding it.
 */

interface ListedOffer {
  idHashed: string;
  type: "buy" | "sell";
  cryptoCurrencyCode: string;
  fiatCurrencyCode: string;
  paymentMethodSlug: string;
  localizedPaymentMethodName: string;
  fiatPricePerCrypto: string;
  requireMinPastTrades: number;
  requireVerifiedId: boolean;
  requireFullNameVisibility: boolean;
  showOnlyTrustedUser: boolean;
  owner: { username: string };
}

async function listOffers(request: APIRequestContext, query: Record<string, string>): Promise<ListedOffer[]> {
  const response = await request.get(`/rest/v1/offers?${new URLSearchParams({ limit: "50", ...query })}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ListedOffer[] }).data;
}

/** A price as the English page shows it: grouped thousands, the server's decimals kept. */
function englishAmount(value: string): string {
  const [whole = "0", fraction] = value.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

async function pickInDialog(page: Page, opener: string, search: string, option: string | RegExp): Promise<void> {
  await page.getByTestId("listing-filters").getByRole("button", { name: opener }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox").fill(search);
  await dialog.getByRole("option", { name: option }).first().click();
  await expect(dialog).toHaveCount(0);
}

test("a visitor narrows the marketplace by filters, opens an offer and sees its terms and price", async ({
  page,
  request,
}) => {
  // Offers a visitor can buy from: pick the crypto, currency and method of one whose combination
  // narrows the list.
  const all = await listOffers(request, { type: "buy" });
  expect(all.length).toBeGreaterThan(1);
  const target = all.find((offer) => {
    const same = all.filter(
      (other) =>
        other.cryptoCurrencyCode === offer.cryptoCurrencyCode &&
        other.fiatCurrencyCode === offer.fiatCurrencyCode &&
        other.paymentMethodSlug === offer.paymentMethodSlug,
    );
    return same.length < all.length && same.length <= 10;
  });
  if (!target) throw new Error("the demo data has no narrowing filter combination");
  const expected = await listOffers(request, {
    type: "buy",
    cryptoCurrencyCode: target.cryptoCurrencyCode,
    currencyCode: target.fiatCurrencyCode,
    paymentMethod: target.paymentMethodSlug,
  });
  const cryptos = (
    (await (await request.get("/rest/v2/wallet/crypto-currencies")).json()) as {
      data: { code: string; urlParam: string }[];
    }
  ).data;
  const urlParam = cryptos.find((crypto) => crypto.code === target.cryptoCurrencyCode)?.urlParam ?? "";

  await test.step("see the whole listing first", async () => {
    await page.goto("/buy");
    await expect(page.getByRole("heading", { level: 1, name: "Buy crypto" })).toBeVisible();
    await expect(page.getByTestId("offer-row")).toHaveCount(Math.min(all.length, 10));
    await waitForHydration(page);
  });

  await test.step("choose the crypto, the currency and the payment method", async () => {
    await page.getByTestId("filter-crypto").getByText(target.cryptoCurrencyCode, { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/buy\\?crypto=${target.cryptoCurrencyCode}$`));

    await pickInDialog(page, "Currency", target.fiatCurrencyCode, new RegExp(`^${target.fiatCurrencyCode}\\b`));
    await expect(page).toHaveURL(new RegExp(`currencyCode=${target.fiatCurrencyCode}`));

    await pickInDialog(page, "Payment method", target.localizedPaymentMethodName, target.localizedPaymentMethodName);
    // A coin and a method make the canonical trading address; the other filters stay in the query.
    await expect(page).toHaveURL(
      new RegExp(`/trading/buy-${urlParam}/${target.paymentMethodSlug}\\?currencyCode=${target.fiatCurrencyCode}$`),
    );
  });

  await test.step("see the list narrow to matching offers", async () => {
    const rows = page.getByTestId("offer-row");
    await expect(rows).toHaveCount(expected.length);
    for (const row of await rows.all()) {
      await expect(row).toContainText(target.localizedPaymentMethodName);
      await expect(row).toContainText(target.fiatCurrencyCode);
    }
  });

  await test.step("the back button walks back through the filters", async () => {
    await page.goBack();
    await expect(page).toHaveURL(
      new RegExp(`/buy\\?crypto=${target.cryptoCurrencyCode}&currencyCode=${target.fiatCurrencyCode}$`),
    );
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`/trading/buy-${urlParam}/${target.paymentMethodSlug}`));
  });

  await test.step("open the offer and read its terms and price", async () => {
    const detail = (await (await request.get(`/rest/v1/offers/${target.idHashed}`)).json()) as {
      data: { offer: { offerTerms: string; fiatPricePerCrypto: string } };
    };
    const row = page.locator(`[data-testid="offer-row"][data-offer-id="${target.idHashed}"]`);
    await row.getByRole("link", { name: `Buy ${target.cryptoCurrencyCode} from ${target.owner.username}` }).click();

    await expect(page).toHaveURL(new RegExp(`/offer/${target.idHashed}$`));
    await expect(page.getByTestId("offer-terms")).toContainText(detail.data.offer.offerTerms.split("\n")[0] ?? "");
    await expect(page.getByTestId("offer-price")).toHaveText(
      `${englishAmount(detail.data.offer.fiatPricePerCrypto)} ${target.fiatCurrencyCode}`,
    );
    // Visitors are asked to log in before trading.
    await expect(page.getByRole("link", { name: "Log in to trade" })).toBeVisible();
  });
});

test("the tab query falls back to P2P and a valid value is written back lowercased", async ({ page }) => {
  await page.goto("/buy?tab=SHOP");
  await expect(page).toHaveURL(/\/buy\?tab=shop$/);
  await expect(page.getByRole("tab", { name: "Shop" })).toHaveAttribute("aria-selected", "true");

  await page.goto("/sell?tab=somethingElse&crypto=BTC");
  await expect(page).toHaveURL(/\/sell\?crypto=BTC$/);
  await expect(page.getByRole("tab", { name: "P2P" })).toHaveAttribute("aria-selected", "true");

  await page.goto("/buy?tab=P2P");
  await expect(page).toHaveURL(/\/buy\?tab=p2p$/);
  await expect(page.getByRole("tab", { name: "P2P" })).toHaveAttribute("aria-selected", "true");

  // Choosing SHOP resets the offer filter type.
  await page.goto("/buy?flowType=lite");
  await page.getByRole("tab", { name: "Shop" }).click();
  await expect(page).toHaveURL(/\/buy\?tab=shop$/);
});

test("bob stars an offer and finds it in his favourites", async ({ page, request }) => {
  const offers = (await listOffers(request, { type: "buy" })).filter((offer) => offer.owner.username !== "bob");
  const target = offers[0];
  if (!target) throw new Error("no offer to star");

  await logIn(page, "bob");
  await page.goto(
    `/buy?crypto=${target.cryptoCurrencyCode}&currencyCode=${target.fiatCurrencyCode}&paymentMethod=${target.paymentMethodSlug}`,
  );
  const row = page.locator(`[data-testid="offer-row"][data-offer-id="${target.idHashed}"]`);
  const star = row.getByTestId("favorite-toggle");
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await expect(star).toHaveAccessibleName("Remove from favourites");

  await page.goto("/dashboard/favorite-offers");
  await expect(page.getByRole("heading", { level: 1, name: "Favourite offers" })).toBeVisible();
  const favorite = page.getByTestId("favorite-offers").locator(`[data-offer-id="${target.idHashed}"]`);
  await expect(favorite).toBeVisible();
  await expect(favorite).toContainText(target.localizedPaymentMethodName);
  await expect(page.getByTestId("favorites-count-buy")).not.toHaveText("0");

  // Un-starring takes it off the list again.
  await favorite.getByTestId("favorite-toggle").click();
  await expect(page.getByTestId("favorite-offers").locator(`[data-offer-id="${target.idHashed}"]`)).toHaveCount(0);
});

test("a new trader starts a trade from the offer page and lands on the trade", async ({ page, request }) => {
  const offers = await listOffers(request, { type: "buy" });
  const target = offers.find(
    (offer) =>
      offer.requireMinPastTrades === 0 &&
      !offer.requireVerifiedId &&
      !offer.requireFullNameVisibility &&
      !offer.showOnlyTrustedUser,
  );
  if (!target) throw new Error("no offer a new trader can take");
  const view = (await (await request.get(`/rest/v1/offers/${target.idHashed}`)).json()) as {
    data: { tradeLimits: { min: string } };
  };

  const username = `e2e_mp_${Date.now().toString(36)}`;
  await page.goto("/register");
  await submitSignUp(page, username);
  await expect(page.getByTestId("navbar-username")).toHaveText(username);

  await page.goto(`/offer/${target.idHashed}?fiat-min=${view.data.tradeLimits.min}`);
  await expect(page.getByTestId("trade-fiat-amount")).toHaveValue(view.data.tradeLimits.min);
  await expect(page.getByTestId("trade-crypto-amount")).not.toContainText("—");
  await page.getByTestId("start-trade").click();
  const review = page.getByRole("dialog", { name: "Review the terms and start" });
  await review.getByLabel("I have read the vendor’s terms").check();
  await review.getByRole("button", { name: "Start trade" }).click();
  await expect(page).toHaveURL(/\/trade\/[A-Za-z0-9]+$/);
});
