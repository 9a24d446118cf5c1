import type { OfferFlowType, OfferSortType, OfferTab, OfferType } from "@souk/contracts";
import { P2P_FLOWS, SHOP_FLOWS, SORT_TYPES, TABS } from "./listing-constants.ts";

/**
 * The marketplace's filters and their place in the address (docs/product.md#listing-filters). The
 * address is the
 * one source of truth: filters are read from it and every change writes a new one, so a listing
 * can be shared and the back button walks through the filters the visitor tried.
 *
 * Shapes of the address:
 *  - `/buy`, `/sell` with every filter in the query (crypto and payment method included);
 *  - `/trading/{buy|sell}-{crypto}/{paymentMethod}` once a coin and a payment method (or a group)
 *    are chosen: the canonical form the spec names, the other filters in the query;
 *  - `/buy/bitcoin/{slug}` and `/{buy|sell}-giftcard[-for-{crypto}]/{paymentMethod}` are entry
 *    points read like the trading route; the first change of filter writes the canonical form.
 */

/** The visitor's side: `buy` lists offers whose owner sells. */
export type ListingSide = OfferType;

export interface ListingFilters {
  side: ListingSide;
  /** A crypto code ("BTC"); in a path it may arrive as its url parameter ("bitcoin"). */
  crypto: string | null;
  paymentMethod: string | null;
  group: string | null;
  currencyCode: string | null;
  /** The amount the visitor wants to trade, digits with an optional fraction. */
  fiatMin: string | null;
  convertFromUSD: boolean;
  countryIso: string | null;
  usersCountryIso: string | null;
  isVerifiedOffers: boolean;
  isVerifiedUsers: boolean;
  onlineUsers: boolean;
  acceptableOnly: boolean;
  tags: string[];
  binCode: string | null;
  cardRegion: string | null;
  sortType: OfferSortType;
  tab: OfferTab;
  /** The offer filter type: one flow type of the tab, or every one. */
  flowType: OfferFlowType | null;
  page: number;
}

export const defaultFilters: ListingFilters = {
  side: "buy",
  crypto: null,
  paymentMethod: null,
  group: null,
  currencyCode: null,
  fiatMin: null,
  convertFromUSD: false,
  countryIso: null,
  usersCountryIso: null,
  isVerifiedOffers: false,
  isVerifiedUsers: false,
  onlineUsers: false,
  acceptableOnly: false,
  tags: [],
  binCode: null,
  cardRegion: null,
  sortType: "default",
  tab: "p2p",
  flowType: null,
  page: 1,
};

/** The route a listing was reached by, with its dynamic segments. */
export type ListingRoute =
  | { kind: "marketplace"; side: ListingSide }
  | { kind: "trading"; tradeSide: string; paymentMethod: string }
  | { kind: "giftCard"; giftCardSide: string; paymentMethod: string }
  | { kind: "buyBitcoin"; slug: string };

/** What the path says before reference data resolves its tokens. */
export interface PathSelection {
  side: ListingSide;
  /** Crypto code or url parameter, as written. */
  cryptoToken: string | null;
  /** Payment method slug or group slug, as written. */
  methodToken: string | null;
  /** Set by the gift card route: its payment methods belong to this group. */
  impliedGroup: string | null;
  /**
   * A landing slug ("/buy/bitcoin/paypal-usa") may add words after the method's slug: the longest
   * method slug it starts with is taken.
   */
  isLandingSlug: boolean;
}

const tradeSidePattern = /^(buy|sell)-([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const giftCardSidePattern = /^(buy|sell)-giftcard(?:-for-([a-z0-9]+(?:-[a-z0-9]+)*))?$/;
/** The path segment meaning "no payment method". */
const ANY_METHOD_SEGMENT = "any";

export function readPathSelection(route: ListingRoute): PathSelection | null {
  switch (route.kind) {
    case "marketplace":
      return { side: route.side, cryptoToken: null, methodToken: null, impliedGroup: null, isLandingSlug: false };
    case "trading": {
      const match = tradeSidePattern.exec(route.tradeSide.toLowerCase());
      if (!match) return null;
      return {
        side: match[1] as ListingSide,
        cryptoToken: match[2] ?? null,
        methodToken: methodTokenOf(route.paymentMethod),
        impliedGroup: null,
        isLandingSlug: false,
      };
    }
    case "giftCard": {
      const match = giftCardSidePattern.exec(route.giftCardSide.toLowerCase());
      if (!match) return null;
      return {
        side: match[1] as ListingSide,
        cryptoToken: match[2] ?? null,
        methodToken: methodTokenOf(route.paymentMethod),
        impliedGroup: "gift-cards",
        isLandingSlug: false,
      };
    }
    case "buyBitcoin":
      return {
        side: "buy",
        cryptoToken: "bitcoin",
        methodToken: methodTokenOf(route.slug),
        impliedGroup: null,
        isLandingSlug: true,
      };
  }
}

function methodTokenOf(segment: string): string | null {
  const token = segment.toLowerCase();
  return token === ANY_METHOD_SEGMENT || token === "" ? null : token;
}

function readBoolean(value: string | null): boolean {
  return value === "true" || value === "1";
}

function readText(value: string | null, pattern: RegExp): string | null {
  const text = value?.trim() ?? "";
  return pattern.test(text) ? text : null;
}

/** Tab rule (docs/product.md#listing-filters): an unknown or missing value is P2P. */
export function readTab(value: string | null): OfferTab {
  const lower = value?.toLowerCase();
  return (TABS as readonly string[]).includes(lower ?? "") ? (lower as OfferTab) : "p2p";
}

/**
 * The address the `tab` query must be written back to, or null when it is fine as it is: a valid
 * value is written back lowercased, an unknown one is dropped (the listing shows P2P).
 */
export function normalizeTabQuery(search: URLSearchParams): URLSearchParams | null {
  const value = search.get("tab");
  if (value === null) return null;
  const lower = value.toLowerCase();
  const next = new URLSearchParams(search);
  if ((TABS as readonly string[]).includes(lower)) {
    if (lower === value && search.getAll("tab").length === 1) return null;
    next.set("tab", lower);
  } else {
    next.delete("tab");
  }
  return next;
}

export function flowTypesOfTab(tab: OfferTab): readonly OfferFlowType[] {
  return tab === "shop" ? SHOP_FLOWS : P2P_FLOWS;
}

/** Reads the query's filters (docs/product.md#listing-filters); unreadable values are ignored. */
export function readQueryFilters(search: URLSearchParams): Omit<ListingFilters, "side"> {
  const tab = readTab(search.get("tab"));
  const flowType = search.get("flowType");
  const sortType = search.get("sortType") ?? search.get("sort");
  const page = Number(search.get("page") ?? "1");
  const tags = search
    .getAll("tags")
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toLowerCase())
    .filter((value) => /^[a-z0-9-]{1,40}$/.test(value));
  return {
    crypto: readText(search.get("crypto"), /^[A-Za-z0-9]{2,10}$/)?.toUpperCase() ?? null,
    paymentMethod: readText(search.get("paymentMethod"), /^[a-z0-9-]{1,100}$/),
    group: readText(search.get("group"), /^[a-z0-9-]{1,64}$/),
    currencyCode: readText(search.get("currencyCode"), /^[A-Za-z]{3,8}$/)?.toUpperCase() ?? null,
    fiatMin: readText(search.get("fiat-min"), /^[0-9]{1,15}(\.[0-9]{1,8})?$/),
    convertFromUSD: readBoolean(search.get("convertFromUSD")),
    countryIso: readText(search.get("countryIso"), /^[A-Za-z]{2}$/)?.toUpperCase() ?? null,
    usersCountryIso: readText(search.get("usersCountryIso"), /^[A-Za-z]{2}$/)?.toUpperCase() ?? null,
    isVerifiedOffers: readBoolean(search.get("isVerifiedOffers")),
    isVerifiedUsers: readBoolean(search.get("isVerifiedUsers")),
    onlineUsers: readBoolean(search.get("onlineUsers")),
    acceptableOnly: readBoolean(search.get("acceptableOnly")),
    tags: [...new Set(tags)],
    binCode: readText(search.get("binCode"), /^[0-9]{6}$/),
    cardRegion: readText(search.get("cardRegion"), /^[a-z]{2,10}$/),
    sortType: (SORT_TYPES as readonly string[]).includes(sortType ?? "") ? (sortType as OfferSortType) : "default",
    tab,
    flowType: flowTypesOfTab(tab).includes(flowType as OfferFlowType) ? (flowType as OfferFlowType) : null,
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** The query of everything but what the path carries; defaults are left out. */
function writeQueryFilters(filters: ListingFilters, inPath: { crypto: boolean; method: boolean }): string {
  const query = new URLSearchParams();
  if (filters.crypto && !inPath.crypto) query.set("crypto", filters.crypto);
  if (filters.paymentMethod && !inPath.method) query.set("paymentMethod", filters.paymentMethod);
  if (filters.group && !inPath.method) query.set("group", filters.group);
  if (filters.currencyCode) query.set("currencyCode", filters.currencyCode);
  if (filters.fiatMin) query.set("fiat-min", filters.fiatMin);
  if (filters.fiatMin && filters.convertFromUSD) query.set("convertFromUSD", "true");
  if (filters.countryIso) query.set("countryIso", filters.countryIso);
  if (filters.usersCountryIso) query.set("usersCountryIso", filters.usersCountryIso);
  if (filters.isVerifiedOffers) query.set("isVerifiedOffers", "true");
  if (filters.isVerifiedUsers) query.set("isVerifiedUsers", "true");
  if (filters.onlineUsers) query.set("onlineUsers", "true");
  if (filters.acceptableOnly) query.set("acceptableOnly", "true");
  if (filters.tags.length > 0) query.set("tags", filters.tags.join(","));
  if (filters.binCode) query.set("binCode", filters.binCode);
  if (filters.cardRegion) query.set("cardRegion", filters.cardRegion);
  if (filters.sortType !== "default") query.set("sortType", filters.sortType);
  if (filters.tab !== "p2p") query.set("tab", filters.tab);
  if (filters.flowType) query.set("flowType", filters.flowType);
  if (filters.page > 1) query.set("page", String(filters.page));
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

/**
 * The canonical address of a set of filters (without the locale prefix). `urlParamOf` turns a
 * crypto code into its url parameter ("BTC" -> "bitcoin").
 */
export function listingPath(filters: ListingFilters, urlParamOf: (code: string) => string | null): string {
  const cryptoParam = filters.crypto ? urlParamOf(filters.crypto) : null;
  const methodSegment = filters.paymentMethod ?? filters.group;
  if (cryptoParam && methodSegment) {
    return `/trading/${filters.side}-${cryptoParam}/${methodSegment}${writeQueryFilters(filters, { crypto: true, method: true })}`;
  }
  return `/${filters.side}${writeQueryFilters(filters, { crypto: false, method: false })}`;
}

/** Keys a change may touch, with what changing them resets. */
export type FilterChange = Partial<Omit<ListingFilters, "page">> & { page?: number };

/**
 * Applies a change: any filter change goes back to page 1; choosing a tab resets the offer filter
 * type (docs/product.md#listing-filters: choosing SHOP resets it; P2P's flow types do not exist in
 * SHOP either);
 * choosing a payment method clears the group and the other way round.
 */
export function applyFilterChange(filters: ListingFilters, change: FilterChange): ListingFilters {
  const next: ListingFilters = { ...filters, ...change, page: change.page ?? 1 };
  if (change.tab !== undefined && change.tab !== filters.tab) next.flowType = null;
  if (change.paymentMethod !== undefined && change.paymentMethod !== null && change.group === undefined) {
    next.group = null;
  }
  if (change.group !== undefined && change.group !== null && change.paymentMethod === undefined) {
    next.paymentMethod = null;
  }
  return next;
}

/** Filters set apart from side, coin, currency, method, amount, sort and tab: the "more" panel. */
export function countMoreFilters(filters: ListingFilters): number {
  return (
    [
      filters.countryIso,
      filters.usersCountryIso,
      filters.isVerifiedOffers,
      filters.isVerifiedUsers,
      filters.onlineUsers,
      filters.acceptableOnly,
      filters.binCode,
      filters.cardRegion,
      filters.flowType,
    ].filter(Boolean).length + filters.tags.length
  );
}

/** True when anything narrows the listing beyond the side and the tab. */
export function hasNarrowingFilters(filters: ListingFilters): boolean {
  return (
    filters.crypto !== null ||
    filters.paymentMethod !== null ||
    filters.group !== null ||
    filters.currencyCode !== null ||
    filters.fiatMin !== null ||
    countMoreFilters(filters) > 0
  );
}

/** Everything cleared but the side, the tab and the sort order. */
export function clearedFilters(filters: ListingFilters): ListingFilters {
  return { ...defaultFilters, side: filters.side, tab: filters.tab, sortType: filters.sortType };
}
