import type { MyOffer } from "@souk/contracts";
import type { MyOffersAnswer } from "../api/my-offers-api.ts";
import type { MyOffersData } from "./my-offers-state.ts";

/** Test factories: a my-offers row and an answer page, with every field set. */
export function makeMyOffer(overrides: Partial<MyOffer> = {}): MyOffer {
  return {
    idHashed: "AbCdEfGhIj1",
    url: "/offer/AbCdEfGhIj1",
    isActive: true,
    isEnabled: true,
    isListed: true,
    type: "sell",
    flowType: "default",
    paymentMethod: { id: 9, name: "Zelle", slug: "zelle", groupSlug: "online-transfers" },
    cryptoCurrencyCode: "BTC",
    fiatCurrencyCode: "USD",
    priceType: "margin",
    margin: "2.5",
    fixedPrice: null,
    fiatPricePerCrypto: "89533.75",
    rangeType: "min_max",
    fiatLimitMin: "100",
    fiatLimitMax: "1000",
    predefinedAmounts: [],
    label: "",
    tags: [],
    offerFee: "1",
    manualEscrowFee: null,
    offerCap: null,
    isReachedCap: false,
    isCapLessThanMin: false,
    bankAccounts: [],
    messages: [],
    penaltyMessage: null,
    moderation: { status: 1, statusName: "approved", message: null },
    depositInfo: { isBondInsufficient: false },
    hasGiftCards: false,
    termUntilOnlineMessage: null,
    isFeatured: false,
    featuredUntil: null,
    bid: null,
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

export function makePage(offers: MyOffer[], meta: Partial<MyOffersAnswer["meta"]> = {}): MyOffersAnswer {
  return {
    data: { offers, depositData: { options: [] }, userPerks: [], messages: [] },
    meta: {
      counts: { buy: 0, sell: offers.length },
      isNotSellActiveOffers: !offers.some((offer) => offer.isActive),
      isNotBuyActiveOffers: true,
      promoteTotal: 5,
      promoteAvailable: 5,
      total: offers.length,
      limit: 50,
      offset: 0,
      hasMore: false,
      ...meta,
    },
  };
}

export function makeData(...pages: MyOffersAnswer[]): MyOffersData {
  return { pages, pageParams: pages.map((page) => page.meta.offset) };
}
