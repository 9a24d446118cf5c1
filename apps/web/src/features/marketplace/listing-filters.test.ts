import { describe, expect, it } from "vitest";
import {
  applyFilterChange,
  clearedFilters,
  countMoreFilters,
  defaultFilters,
  type ListingFilters,
  listingPath,
  normalizeTabQuery,
  readPathSelection,
  readQueryFilters,
  readTab,
} from "./listing-filters.ts";

const urlParams: Record<string, string> = { BTC: "bitcoin", ETH: "ethereum", USDT: "tether" };
const urlParamOf = (code: string) => urlParams[code] ?? null;

function filters(change: Partial<ListingFilters> = {}): ListingFilters {
  return { ...defaultFilters, ...change };
}

describe("the tab query (docs/product.md#listing-filters)", () => {
  it("falls back to P2P when missing or unknown", () => {
    expect(readTab(null)).toBe("p2p");
    expect(readTab("bazaar")).toBe("p2p");
    expect(readTab("SHOP")).toBe("shop");
  });

  it("writes a valid value back lowercased and drops an unknown one", () => {
    expect(normalizeTabQuery(new URLSearchParams("tab=SHOP&crypto=BTC"))?.toString()).toBe("tab=shop&crypto=BTC");
    expect(normalizeTabQuery(new URLSearchParams("tab=P2P"))?.toString()).toBe("tab=p2p");
    expect(normalizeTabQuery(new URLSearchParams("tab=nope&crypto=BTC"))?.toString()).toBe("crypto=BTC");
    expect(normalizeTabQuery(new URLSearchParams("tab=shop"))).toBeNull();
    expect(normalizeTabQuery(new URLSearchParams("crypto=BTC"))).toBeNull();
  });

  it("resets the offer filter type when a tab is chosen", () => {
    const next = applyFilterChange(filters({ flowType: "lite", page: 3 }), { tab: "shop" });
    expect(next).toMatchObject({ tab: "shop", flowType: null, page: 1 });
  });
});

describe("reading the listing's address", () => {
  it("reads the spec's filter keys and ignores unreadable values", () => {
    const read = readQueryFilters(
      new URLSearchParams(
        "currencyCode=eur&group=bank-transfers&fiat-min=150.5&isVerifiedUsers=true&onlineUsers=1&countryIso=de" +
          "&usersCountryIso=xx1&tags=no-vpn,Guided-Trade&binCode=12345&sortType=price_asc&page=2&flowType=lite",
      ),
    );
    expect(read).toMatchObject({
      currencyCode: "EUR",
      group: "bank-transfers",
      fiatMin: "150.5",
      isVerifiedUsers: true,
      onlineUsers: true,
      countryIso: "DE",
      usersCountryIso: null,
      tags: ["no-vpn", "guided-trade"],
      binCode: null,
      sortType: "price_asc",
      page: 2,
      flowType: "lite",
    });
    expect(readQueryFilters(new URLSearchParams("fiat-min=12abc&sortType=cheapest&page=0"))).toMatchObject({
      fiatMin: null,
      sortType: "default",
      page: 1,
    });
  });

  it("drops a flow type that the tab does not have", () => {
    expect(readQueryFilters(new URLSearchParams("tab=shop&flowType=lite")).flowType).toBeNull();
    expect(readQueryFilters(new URLSearchParams("tab=shop&flowType=gcc-auto")).flowType).toBe("gcc-auto");
  });

  it("reads the trading, gift card and landing routes", () => {
    expect(readPathSelection({ kind: "trading", tradeSide: "sell-bitcoin", paymentMethod: "sepa" })).toMatchObject({
      side: "sell",
      cryptoToken: "bitcoin",
      methodToken: "sepa",
    });
    expect(readPathSelection({ kind: "trading", tradeSide: "buy-usdt", paymentMethod: "any" })).toMatchObject({
      cryptoToken: "usdt",
      methodToken: null,
    });
    expect(
      readPathSelection({
        kind: "giftCard",
        giftCardSide: "buy-giftcard-for-bitcoin",
        paymentMethod: "amazon-gift-card",
      }),
    ).toMatchObject({
      side: "buy",
      cryptoToken: "bitcoin",
      methodToken: "amazon-gift-card",
      impliedGroup: "gift-cards",
    });
    expect(
      readPathSelection({ kind: "giftCard", giftCardSide: "sell-giftcard", paymentMethod: "steam" }),
    ).toMatchObject({
      side: "sell",
      cryptoToken: null,
    });
    expect(readPathSelection({ kind: "buyBitcoin", slug: "paypal-usa" })).toMatchObject({
      side: "buy",
      cryptoToken: "bitcoin",
      isLandingSlug: true,
    });
    expect(readPathSelection({ kind: "trading", tradeSide: "swap-bitcoin", paymentMethod: "sepa" })).toBeNull();
  });
});

describe("writing the listing's address", () => {
  it("uses the trading route once a coin and a payment method are chosen", () => {
    expect(listingPath(filters({ crypto: "BTC", paymentMethod: "sepa", currencyCode: "EUR" }), urlParamOf)).toBe(
      "/trading/buy-bitcoin/sepa?currencyCode=EUR",
    );
    expect(listingPath(filters({ side: "sell", crypto: "ETH", group: "bank-transfers" }), urlParamOf)).toBe(
      "/trading/sell-ethereum/bank-transfers",
    );
  });

  it("keeps everything in the query otherwise, defaults left out", () => {
    expect(listingPath(filters(), urlParamOf)).toBe("/buy");
    expect(
      listingPath(
        filters({
          side: "sell",
          crypto: "BTC",
          fiatMin: "100",
          convertFromUSD: true,
          tags: ["no-vpn"],
          tab: "shop",
          page: 2,
        }),
        urlParamOf,
      ),
    ).toBe("/sell?crypto=BTC&fiat-min=100&convertFromUSD=true&tags=no-vpn&tab=shop&page=2");
    expect(listingPath(filters({ paymentMethod: "sepa" }), urlParamOf)).toBe("/buy?paymentMethod=sepa");
  });

  it("round-trips through the address", () => {
    const original = filters({
      crypto: "BTC",
      currencyCode: "EUR",
      isVerifiedOffers: true,
      acceptableOnly: true,
      countryIso: "FR",
      sortType: "release_time_asc",
    });
    const path = listingPath(original, urlParamOf);
    expect({ ...readQueryFilters(new URLSearchParams(path.split("?")[1])), side: "buy" }).toEqual(original);
  });
});

describe("changing filters", () => {
  it("goes back to page 1 on any change but a page change", () => {
    expect(applyFilterChange(filters({ page: 4 }), { onlineUsers: true }).page).toBe(1);
    expect(applyFilterChange(filters({ page: 4 }), { page: 5 }).page).toBe(5);
  });

  it("makes a payment method and a group exclusive", () => {
    expect(applyFilterChange(filters({ group: "bank-transfers" }), { paymentMethod: "sepa" })).toMatchObject({
      paymentMethod: "sepa",
      group: null,
    });
    expect(applyFilterChange(filters({ paymentMethod: "sepa" }), { group: "cash-deposits" })).toMatchObject({
      paymentMethod: null,
      group: "cash-deposits",
    });
  });

  it("counts the panel's filters and clears all but side, tab and sort", () => {
    const busy = filters({
      side: "sell",
      tab: "shop",
      sortType: "price_desc",
      crypto: "BTC",
      tags: ["no-vpn", "cash-only"],
      onlineUsers: true,
      countryIso: "NG",
    });
    expect(countMoreFilters(busy)).toBe(4);
    expect(clearedFilters(busy)).toEqual(filters({ side: "sell", tab: "shop", sortType: "price_desc" }));
  });
});
