import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import { apiPost, openLoggedInPage, submitSignUp, uniqueUsername } from "./support.ts";

/** Trade steps the browser tests share: pick an offer a new trader can take, start it, pay it. */

interface ListedOffer {
  idHashed: string;
  requireMinPastTrades: number;
  requireVerifiedId: boolean;
  requireFullNameVisibility: boolean;
  showOnlyTrustedUser: boolean;
  tags: string[];
  owner: { username: string };
}

/** An offer a new trader can take, from the first listing that has one (the whole marketplace by default). */
export async function pickOffer(
  request: APIRequestContext,
  listings: readonly string[] = ["type=buy&limit=50"],
): Promise<{ offer: ListedOffer; min: string }> {
  const offers: ListedOffer[] = [];
  for (const listing of listings) {
    const response = await request.get(`/rest/v1/offers?${listing}`);
    expect(response.ok()).toBe(true);
    offers.push(...((await response.json()) as { data: ListedOffer[] }).data);
  }
  const offer = offers.find(
    (item) =>
      item.requireMinPastTrades === 0 &&
      !item.requireVerifiedId &&
      !item.requireFullNameVisibility &&
      !item.showOnlyTrustedUser &&
      !item.tags.some((tag) => /receipt|invoice|physical/.test(tag)),
  );
  if (!offer) throw new Error("no offer a new trader can take");
  const view = (await (await request.get(`/rest/v1/offers/${offer.idHashed}`)).json()) as {
    data: { tradeLimits: { min: string } };
  };
  return { offer, min: view.data.tradeLimits.min };
}

/** The buyer takes the offer from its page; answers the trade's path. */
export async function startTrade(buyer: Page, offerId: string, min: string): Promise<string> {
  await buyer.goto(`/offer/${offerId}?fiat-min=${min}`);
  await expect(buyer.getByTestId("trade-fiat-amount")).toHaveValue(min);
  await expect(buyer.getByTestId("trade-crypto-amount")).not.toContainText("—");
  await buyer.getByTestId("start-trade").click();
  const review = buyer.getByRole("dialog", { name: "Review the terms and start" });
  await review.getByLabel("I have read the vendor’s terms").check();
  await review.getByRole("button", { name: "Start trade" }).click();
  await expect(buyer).toHaveURL(/\/trade\/[A-Za-z0-9]+$/);
  await expect(buyer.getByTestId("trade-status")).toHaveText("Waiting for payment");
  return new URL(buyer.url()).pathname;
}

/**
 * A payer name is asked first on bank-like offers: give it so the details are revealed. Whether
 * this trade asks for one is read from the trade itself, not from what the page shows so far (a
 * form not rendered yet would otherwise skip the step).
 */
export async function revealDetails(buyer: Page): Promise<void> {
  const tradeId = new URL(buyer.url()).pathname.split("/").pop() ?? "";
  const response = await buyer.request.get(`/rest/v1/trade/${tradeId}`);
  expect(response.ok()).toBe(true);
  const trade = (await response.json()) as { data: { flow: { requirements: { id: string; status: string }[] } } };
  const asksPayerName = trade.data.flow.requirements.some(
    (requirement) => requirement.id === "payer_name" && requirement.status === "pending",
  );
  if (!asksPayerName) return;
  const payerName = buyer.getByLabel("Your name as payer");
  await expect(payerName).toBeVisible();
  await payerName.fill("E2E Buyer");
  await buyer.getByRole("button", { name: "Reveal payment details" }).click();
  await expect(buyer.getByText("Payer name: E2E Buyer")).toBeVisible();
}

export async function markPaid(buyer: Page): Promise<void> {
  await buyer.getByRole("button", { name: "I have paid" }).click();
  await buyer.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(buyer.getByTestId("trade-status")).toHaveText("Paid");
}

/** The buyer opens a dispute on a paid trade (the reason, a description). */
export async function openDispute(buyer: Page): Promise<void> {
  await buyer.getByRole("button", { name: "Open a dispute" }).click();
  const dialog = buyer.getByRole("dialog", { name: "Open a dispute" });
  await dialog.getByRole("combobox", { name: "Reason" }).click();
  await buyer.getByRole("option", { name: "I paid but the seller does not release" }).click();
  await dialog.getByLabel("Describe the problem").fill("I sent the money an hour ago, no release.");
  await dialog.getByRole("button", { name: "Open dispute" }).click();
  await expect(buyer.getByTestId("trade-status")).toHaveText("In dispute");
}

/**
 * Two browser contexts for the notification tests: a new buyer (signed up) and the owner of an
 * offer the buyer can take, waiting on the marketplace with the bell shown.
 */
export async function buyerAndWaitingSeller(browser: Browser, request: APIRequestContext, prefix: string) {
  const { offer, min } = await pickOffer(request);
  const buyer = await (await browser.newContext()).newPage();
  const buyerName = uniqueUsername(prefix);
  await buyer.goto("/register");
  await submitSignUp(buyer, buyerName);
  await expect(buyer.getByTestId("navbar-username")).toHaveText(buyerName);
  const seller = await openLoggedInPage(browser, offer.owner.username);
  await seller.goto("/buy");
  await expect(seller.getByTestId("notification-bell-count")).toBeVisible();
  return { offer, min, buyer, buyerName, seller };
}

/** A sell offer of USDT for USD by Payoneer (20 to 500) the vendor publishes as the web app calls the API; its id. */
export async function publishSellOffer(vendor: Page, offerTerms: string): Promise<string> {
  const created = await apiPost(vendor, "/rest/v1/offers", {
    type: "sell",
    cryptoCurrencyCode: "USDT",
    fiatCurrencyCode: "USD",
    paymentMethodSlug: "payoneer",
    margin: "2",
    fiatLimitMin: "20",
    fiatLimitMax: "500",
    offerTerms,
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { data: { idHashed: string } }).data.idHashed;
}
