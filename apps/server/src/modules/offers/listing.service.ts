import {
  DEFAULT_PAGE_SIZE,
  OFFER_LIMITS,
  OFFER_TAG_SLUGS,
  type OfferListingItem,
  type OfferListQuery,
  type OfferSortType,
  type OfferTab,
} from "@souk/contracts";
import type { Db } from "../../db/pool.ts";
import type { Viewer } from "../../platform/index.ts";
import { type Catalog, getCatalog, getMarket, type Market } from "./catalog.service.ts";
import { toListingItem } from "./listing.domain.ts";
import {
  type AcceptableFor,
  findListingOverlay,
  type ListingFilter,
  type ListingOrder,
  type ListingRates,
  type ListingRow,
  queryListing,
  queryListingRowsByIds,
} from "./listing.repo.ts";
import { cachedListing } from "./listing-cache.ts";
import { flowTypesOfTab, minuteOfWeekUtc, ownerSideOf } from "./offers.domain.ts";
import { unknownFilterValue } from "./offers.errors.ts";
import { findViewerFacts } from "./offers.repo.ts";

const ratesByMarket = new WeakMap<Market, ListingRates>();

/** Rates by id for the listing query; built once per cached copy of the rates. */
function listingRatesOf(catalog: Catalog, market: Market): ListingRates {
  const known = ratesByMarket.get(market);
  if (known) return known;
  const built = buildListingRates(catalog, market);
  ratesByMarket.set(market, built);
  return built;
}

function buildListingRates(catalog: Catalog, market: Market): ListingRates {
  const cryptoUsd = new Map<number, string>();
  const fiatPerUsd = new Map<number, string>();
  for (const crypto of catalog.cryptoById.values()) {
    const usd = market.cryptoUsd[crypto.code];
    if (usd !== undefined) cryptoUsd.set(crypto.id, usd);
  }
  for (const fiat of catalog.fiatList) {
    const perUsd = market.fiatPerUsd[fiat.code];
    if (perUsd !== undefined) fiatPerUsd.set(fiat.id, perUsd);
  }
  const bidCurrencies = [...catalog.cryptoById.values()].flatMap((crypto) => {
    const usd = market.cryptoUsd[crypto.code];
    return usd === undefined ? [] : [{ code: crypto.code, usd, decimals: crypto.decimals }];
  });
  return { cryptoUsd, fiatPerUsd, bidCurrencies };
}

function orderOf(sortType: OfferSortType, visitorSide: "buy" | "sell"): ListingOrder {
  switch (sortType) {
    case "price_asc":
      return { kind: "price", direction: "asc", withPinned: false };
    case "price_desc":
      return { kind: "price", direction: "desc", withPinned: false };
    case "release_time_asc":
      return { kind: "release_time", direction: "asc", withPinned: false };
    case "release_time_desc":
      return { kind: "release_time", direction: "desc", withPinned: false };
    default:
      // The best price for the visitor first: a buyer wants the cheapest, a seller the dearest.
      return { kind: "price", direction: visitorSide === "buy" ? "asc" : "desc", withPinned: true };
  }
}

interface ResolvedListing {
  filter: ListingFilter;
  sortType: OfferSortType;
  tab: OfferTab;
  limit: number;
  offset: number;
  cryptoCode: string | null;
  fiatCode: string | null;
}

/** Turns the query into a filter; unknown reference values are input errors keyed by field. */
function resolveListingQuery(query: OfferListQuery, catalog: Catalog): ResolvedListing {
  const filter: ListingFilter = { ownerType: ownerSideOf(query.type), minuteOfWeekUtc: minuteOfWeekUtc(new Date()) };
  const cryptoCode = (query.cryptoCurrencyCode ?? query.crypto)?.toUpperCase();
  let cryptoLabel: string | null = null;
  if (query.cryptoCurrencyId !== undefined) {
    const crypto = catalog.cryptoById.get(query.cryptoCurrencyId);
    if (!crypto) throw unknownFilterValue("cryptoCurrencyId", "crypto_currency_unknown");
    filter.cryptoId = crypto.id;
    cryptoLabel = crypto.code;
  } else if (cryptoCode) {
    const crypto = catalog.cryptoByCode.get(cryptoCode);
    if (!crypto) throw unknownFilterValue("cryptoCurrencyCode", "crypto_currency_unknown");
    filter.cryptoId = crypto.id;
    cryptoLabel = crypto.code;
  }
  const fiatCode = (query.currencyCode ?? query.currency)?.toUpperCase();
  if (fiatCode) {
    const fiat = catalog.fiatByCode.get(fiatCode);
    if (!fiat) throw unknownFilterValue(query.currencyCode ? "currencyCode" : "currency", "fiat_currency_unknown");
    filter.fiatId = fiat.id;
  }
  if (query.paymentMethod) {
    const method = catalog.methodBySlug.get(query.paymentMethod.toLowerCase());
    if (!method) throw unknownFilterValue("paymentMethod", "payment_method_unknown");
    filter.paymentMethodId = method.id;
  }
  if (query.group) {
    const group = catalog.groupBySlug.get(query.group.toLowerCase());
    if (!group) throw unknownFilterValue("group", "group_unknown");
    filter.groupId = group.id;
  }
  if (query.tags && query.tags.length > 0) {
    if (query.tags.some((tag) => !OFFER_TAG_SLUGS.includes(tag))) throw unknownFilterValue("tags", "tag_unknown");
    filter.tags = [...new Set(query.tags)];
  }
  if (query.cardRegion) filter.cardRegion = query.cardRegion.toLowerCase();
  if (query.binCode) filter.binCode = query.binCode;
  if (query.fiatMin !== undefined) {
    if (query.convertFromUSD) filter.fiatAmountUsd = query.fiatMin;
    else filter.fiatAmount = query.fiatMin;
  }
  if (query.countryIso) filter.availableInCountry = query.countryIso;
  if (query.location) filter.locationCountry = query.location;
  if (query.usersCountryIso) filter.ownerCountry = query.usersCountryIso;
  if (query.isVerifiedOffers) filter.isVerifiedOffersOnly = true;
  if (query.isVerifiedUsers) filter.isVerifiedOwnersOnly = true;
  if (query.onlineUsers) filter.onlineWithinMinutes = OFFER_LIMITS.onlineMinutes;
  filter.flowTypes = query.flowType ? [query.flowType] : flowTypesOfTab(query.tab);

  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const offset = query.offset ?? (query.page !== undefined ? (query.page - 1) * limit : 0);
  if (offset > OFFER_LIMITS.listingOffsetMax) throw unknownFilterValue("page", "offset_too_deep");
  return {
    filter,
    sortType: query.sortType ?? query.sort ?? "default",
    tab: query.tab,
    limit,
    offset,
    cryptoCode: cryptoLabel,
    fiatCode: fiatCode ?? null,
  };
}

async function acceptableFor(db: Db, viewer: Viewer | null): Promise<AcceptableFor> {
  const facts = viewer ? await findViewerFacts(db, viewer.userId) : null;
  return {
    isAnonymous: viewer === null,
    completedTrades: facts?.completedTrades ?? 0,
    isIdVerified: facts?.isIdVerified ?? false,
    hasVisibleFullName: facts?.hasVisibleFullName ?? false,
    countryIso: facts?.countryIso ?? null,
  };
}

function shapeRows(rows: ListingRow[], catalog: Catalog, market: Market): OfferListingItem[] {
  const context = { catalog, market, now: new Date() };
  return rows.flatMap((row) => toListingItem(row, context) ?? []);
}

export interface ListingAnswer {
  items: OfferListingItem[];
  meta: {
    limit: number;
    offset: number;
    currentPage: number;
    perPage: number;
    hasMore: boolean;
    type: "buy" | "sell";
    tab: OfferTab;
    sortType: OfferSortType;
    cryptoCurrencyCode: string | null;
    fiatCurrencyCode: string | null;
    ratesAsOf: string | null;
  };
}

/**
 * GET /rest/v1/offers: the marketplace. Pages are the same for everyone but for two personal
 * touches, so the shared page is cached for a moment (listing-cache.ts) and a logged-in viewer's
 * copy is made from it:
 * - favourites are marked from the viewer's own list, read fresh on every request;
 * - a viewer with any block (theirs or against them) gets an exact page of their own, since the
 *   blocked owners' offers are left out and every later page shifts (few users have blocks);
 * - "acceptable only" depends on the viewer's record, so it is always computed for them.
 */
export async function listOffers(db: Db, viewer: Viewer | null, query: OfferListQuery): Promise<ListingAnswer> {
  const shared = () => cachedListing(db, JSON.stringify(query), () => loadListing(db, null, query));
  if (viewer === null) return shared();
  if (query.acceptableOnly) return loadListing(db, viewer, query);
  const [page, overlay] = await Promise.all([shared(), findListingOverlay(db, viewer.userId)]);
  if (overlay.hasBlocks) return loadListing(db, viewer, query);
  return {
    ...page,
    items: page.items.map((item) =>
      overlay.favoriteIdsHashed.has(item.idHashed) ? { ...item, isFavorite: true } : item,
    ),
  };
}

async function loadListing(db: Db, viewer: Viewer | null, query: OfferListQuery): Promise<ListingAnswer> {
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  const resolved = resolveListingQuery(query, catalog);
  if (viewer) resolved.filter.viewerId = viewer.userId;
  if (query.acceptableOnly) resolved.filter.acceptableFor = await acceptableFor(db, viewer);
  const { rows, hasMore } = await queryListing(db, {
    filter: resolved.filter,
    order: orderOf(resolved.sortType, query.type),
    rates: listingRatesOf(catalog, market),
    limit: resolved.limit,
    offset: resolved.offset,
    viewerId: viewer?.userId ?? null,
  });
  return {
    items: shapeRows(rows, catalog, market),
    meta: {
      limit: resolved.limit,
      offset: resolved.offset,
      currentPage: Math.floor(resolved.offset / resolved.limit) + 1,
      perPage: resolved.limit,
      hasMore,
      type: query.type,
      tab: resolved.tab,
      sortType: resolved.sortType,
      cryptoCurrencyCode: resolved.cryptoCode,
      fiatCurrencyCode: resolved.fiatCode,
      ratesAsOf: market.asOf,
    },
  };
}

/** A few offers like this one: same coin, side and currency, the best prices first. */
export async function listRecommendedOffers(
  db: Db,
  viewer: Viewer | null,
  offer: { id: bigint; type: "buy" | "sell"; cryptoId: number; fiatId: number; groupId: number },
  count = 5,
): Promise<OfferListingItem[]> {
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  const visitorSide = ownerSideOf(offer.type);
  const { rows } = await queryListing(db, {
    filter: {
      minuteOfWeekUtc: minuteOfWeekUtc(new Date()),
      ownerType: offer.type,
      cryptoId: offer.cryptoId,
      fiatId: offer.fiatId,
      groupId: offer.groupId,
      excludeOfferId: offer.id,
      viewerId: viewer?.userId,
    },
    order: { ...orderOf("default", visitorSide), withPinned: false },
    rates: listingRatesOf(catalog, market),
    limit: count,
    offset: 0,
    viewerId: viewer?.userId ?? null,
  });
  return shapeRows(rows, catalog, market);
}

/** A user's listed offers (profile page); type is the visitor's side. */
export async function listOwnerListedOffers(
  db: Db,
  viewer: Viewer | null,
  ownerId: number,
  query: {
    type?: "buy" | "sell" | undefined;
    cryptoCurrencyCode?: string | undefined;
    sort?: OfferSortType | undefined;
    offset?: number | undefined;
  },
): Promise<{ items: OfferListingItem[]; limit: number; offset: number; hasMore: boolean }> {
  const [catalog, market] = await Promise.all([getCatalog(db), getMarket(db)]);
  const filter: ListingFilter = {
    ownerId,
    ownerType: query.type ? ownerSideOf(query.type) : undefined,
    minuteOfWeekUtc: minuteOfWeekUtc(new Date()),
    viewerId: viewer?.userId,
  };
  if (query.cryptoCurrencyCode) {
    const crypto = catalog.cryptoByCode.get(query.cryptoCurrencyCode.toUpperCase());
    if (!crypto) throw unknownFilterValue("cryptoCurrencyCode", "crypto_currency_unknown");
    filter.cryptoId = crypto.id;
  }
  const limit = DEFAULT_PAGE_SIZE;
  const offset = query.offset ?? 0;
  const { rows, hasMore } = await queryListing(db, {
    filter,
    order: { ...orderOf(query.sort ?? "default", query.type ?? "buy"), withPinned: false },
    rates: listingRatesOf(catalog, market),
    limit,
    offset,
    viewerId: viewer?.userId ?? null,
  });
  return { items: shapeRows(rows, catalog, market), limit, offset, hasMore };
}

export interface OfferSummary extends OfferListingItem {
  /** Whether it can be traded now: active, enabled, approved, within its cap, owner in good standing. */
  isAvailable: boolean;
}

/** Offers by serial id in the given order, shaped as listing items whatever their state. */
export async function describeOffers(
  db: Db,
  viewerId: number | null,
  ids: bigint[],
): Promise<Map<string, OfferSummary>> {
  const [catalog, market, rows] = await Promise.all([
    getCatalog(db),
    getMarket(db),
    queryListingRowsByIds(db, ids, viewerId),
  ]);
  const context = { catalog, market, now: new Date() };
  const out = new Map<string, OfferSummary>();
  for (const row of rows) {
    const item = toListingItem(row, context);
    if (item)
      out.set(String(row.id), { ...item, isAvailable: row.is_listed && row.owner_is_listable && row.is_funded });
  }
  return out;
}
