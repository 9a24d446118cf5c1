import type { OfferFlowType, OfferListingItem, OfferOwner, OfferPriceType, OfferRangeType } from "@souk/contracts";
import type { Catalog, Market } from "./catalog.service.ts";
import type { ListingRow } from "./listing.repo.ts";
import { humanizeSeconds, isAutomatedFlow, locationText, ownerBadge, ownerStatus, tagsOf } from "./offers.domain.ts";
import { cappedFiatMax, compareText, computeOfferPrices, type OfferPrices, plain } from "./pricing.domain.ts";

/** What shaping needs besides the row: reference data, today's rates and the clock. */
export interface ShapeContext {
  catalog: Catalog;
  market: Market;
  now: Date;
}

/** The owner columns every offer answer carries. */
export interface OwnerFields {
  owner_username: string;
  owner_avatar_url: string | null;
  owner_country_iso: string | null;
  owner_roles: string[];
  owner_last_seen_at: Date | null;
  owner_id_verified_at: Date | null;
  stats_completed_trades_30d: number | null;
  stats_feedback_positive: number | null;
  stats_feedback_negative: number | null;
  owner_feedback_positive: number;
  owner_feedback_negative: number;
  owner_done_trades: number | null;
  owner_volume_usd: number | null;
}

export function toOwner(row: OwnerFields, now: Date): OfferOwner {
  return {
    username: row.owner_username,
    avatarUrl: row.owner_avatar_url,
    status: ownerStatus(row.owner_last_seen_at, now),
    lastSeenAt: row.owner_last_seen_at ? Math.floor(row.owner_last_seen_at.getTime() / 1000) : null,
    feedbackPositiveCount: row.stats_feedback_positive ?? 0,
    feedbackNegativeCount: row.stats_feedback_negative ?? 0,
    badge: ownerBadge({
      roles: row.owner_roles,
      doneTrades: row.owner_done_trades ?? 0,
      volumeUsd: row.owner_volume_usd ?? 0,
      feedbackPositive: row.owner_feedback_positive,
      feedbackNegative: row.owner_feedback_negative,
    }),
    monthlyTradeStats: { completedTrades: row.stats_completed_trades_30d ?? 0 },
    userCountryIso: row.owner_country_iso,
    isIdVerified: row.owner_id_verified_at !== null,
  };
}

export interface PricedColumns {
  crypto_currency_id: number;
  fiat_currency_id: number;
  margin: string;
  fixed_price: string | null;
}

/**
 * Prices depend only on the market (one cached copy of the rates), the currencies and the margin
 * or fixed price, and the same few thousand combinations come back request after request: they
 * are computed once per copy of the rates. The memo is dropped with its copy of the rates.
 */
const priceMemo = new WeakMap<object, Map<string, OfferPrices | null>>();
const PRICE_MEMO_MAX = 50_000;

/** The offer's prices at today's rates; null when a rate is missing (the offer cannot be priced). */
export function pricesOf(row: PricedColumns, context: Pick<ShapeContext, "catalog" | "market">): OfferPrices | null {
  let memo = priceMemo.get(context.market);
  if (!memo) {
    memo = new Map();
    priceMemo.set(context.market, memo);
  }
  const key = `${row.crypto_currency_id}|${row.fiat_currency_id}|${row.margin}|${row.fixed_price ?? ""}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const prices = computePricesOf(row, context);
  if (memo.size >= PRICE_MEMO_MAX) memo.clear();
  memo.set(key, prices);
  return prices;
}

function computePricesOf(row: PricedColumns, context: Pick<ShapeContext, "catalog" | "market">): OfferPrices | null {
  const crypto = context.catalog.cryptoById.get(row.crypto_currency_id);
  const fiat = context.catalog.fiatById.get(row.fiat_currency_id);
  if (!crypto || !fiat) return null;
  const cryptoUsd = context.market.cryptoUsd[crypto.code];
  const fiatPerUsd = context.market.fiatPerUsd[fiat.code];
  const btcUsd = context.market.cryptoUsd.BTC;
  if (cryptoUsd === undefined || fiatPerUsd === undefined || btcUsd === undefined) return null;
  return computeOfferPrices({
    priceType: row.fixed_price === null ? "margin" : "fixed",
    margin: row.margin,
    fixedPrice: row.fixed_price,
    cryptoUsd,
    fiatPerUsd,
    btcUsd,
    fiatDecimals: fiat.decimals,
  });
}

function isFeatured(until: Date | null, now: Date): boolean {
  return until !== null && until.getTime() > now.getTime();
}

/**
 * The maximum a taker can start a trade for: the offer's own maximum, or less when a sell offer's
 * owner cannot fund it (funded_fiat_max, what their balance covers with the fee, kept with the
 * offer); never shown below the minimum, since an offer its owner cannot fund is not listed.
 */
function listedFiatMax(row: Pick<ListingRow, "fiat_limit_min" | "fiat_limit_max" | "funded_fiat_max">): string {
  if (row.funded_fiat_max === null) return row.fiat_limit_max;
  const capped = cappedFiatMax(row.fiat_limit_max, row.funded_fiat_max);
  return compareText(capped, row.fiat_limit_min) < 0 ? row.fiat_limit_min : capped;
}

/** Offer listing item (docs/product.md#listing-filters); null if the offer cannot be priced today. */
export function toListingItem(row: ListingRow, context: ShapeContext): OfferListingItem | null {
  const prices = pricesOf(row, context);
  const crypto = context.catalog.cryptoById.get(row.crypto_currency_id);
  const fiat = context.catalog.fiatById.get(row.fiat_currency_id);
  const method = context.catalog.methodById.get(row.payment_method_id);
  if (!prices || !crypto || !fiat || !method) return null;
  const country = row.location_country_iso ? context.catalog.countryByIso.get(row.location_country_iso) : undefined;
  const flowType = row.flow_type as OfferFlowType;
  const fiatMax = listedFiatMax(row);
  return {
    hash: row.id_hashed,
    idHashed: row.id_hashed,
    url: `/offer/${row.id_hashed}`,
    type: row.type,
    owner: toOwner(row, context.now),
    isAutomated: isAutomatedFlow(flowType),
    defaultFlowType: flowType,
    paymentMethodName: method.name,
    localizedPaymentMethodName: method.nameLocalized,
    paymentMethodSlug: method.slug,
    paymentMethodGroupSlug: method.groupSlug,
    paymentMethodCountryId: null,
    paymentMethodCountryIso: null,
    // The label is the owner's note to themselves ("only you see it"): listings never carry it.
    paymentMethodLabel: "",
    cardRegions: row.card_regions,
    binCodes: row.bin_codes,
    rangeType: row.range_type as OfferRangeType,
    fiatAmountRangeMin: plain(row.fiat_limit_min),
    fiatAmountRangeMax: plain(fiatMax),
    predefinedAmount: row.predefined_amounts.filter((amount) => compareText(amount, fiatMax) <= 0).map(plain),
    fiatCurrencyCode: fiat.code,
    cryptoCurrencyCode: crypto.code,
    cryptoCurrencyId: crypto.id,
    priceType: (row.fixed_price === null ? "margin" : "fixed") satisfies OfferPriceType,
    margin: prices.effectiveMargin,
    fiatPricePerBtc: prices.fiatPricePerCrypto,
    fiatPricePerCrypto: prices.fiatPricePerCrypto,
    pricePerUsd: prices.pricePerUsd,
    pricePerBtc: prices.pricePerBtc,
    customRate: row.fixed_price === null ? null : plain(row.fixed_price),
    paymentWindowMinutes: row.payment_window_minutes,
    isFeaturedByModerator: row.is_featured_by_moderator,
    isFeatured: isFeatured(row.featured_until, context.now),
    isStickied: row.pinned_position !== null,
    pinnedPosition: row.pinned_position,
    showOnlyTrustedUser: row.show_only_trusted_user,
    isAnonymousUserRestricted: row.is_anonymous_user_restricted,
    requireMinPastTrades: row.require_min_past_trades,
    requireVerifiedId: row.require_verified_id,
    requireFullNameVisibility: row.require_full_name_visibility,
    releaseTimeMedianSeconds: row.stats_release_time_median_seconds,
    releaseTimeMedianHumanize: humanizeSeconds(row.stats_release_time_median_seconds),
    tags: tagsOf(row.tags),
    isBlocked: false,
    isFavorite: row.is_favorite,
    score: null,
    withCashback: false,
    cashbackPercent: null,
    cashbackMaxValue: null,
    location: locationText(
      row.location_city || row.location_subdivision || country
        ? { city: row.location_city, subdivision: row.location_subdivision, countryName: country?.name ?? null }
        : null,
    ),
  };
}
