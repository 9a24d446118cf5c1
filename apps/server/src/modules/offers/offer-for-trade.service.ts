import { type DutyHour, OFFER_PENALTY_MESSAGE, type OfferFlowType, type OfferRangeType } from "@souk/contracts";
import type { Db, Tx } from "../../db/pool.ts";
import { type Catalog, getCatalog, getMarket, type Market } from "./catalog.service.ts";
import { pricesOf } from "./listing.domain.ts";
import { forgetCachedListings } from "./listing-cache.ts";
import { dutyHoursOf, escrowFeeBpsOf, offerCapOf } from "./offer-shape.domain.ts";
import { isOnDuty } from "./offers.domain.ts";
import * as repo from "./offers.repo.ts";
import type { OfferRequirements } from "./offers.service.ts";
import { capState, capSwitchesOff, plain } from "./pricing.domain.ts";
import { announceSwitchedOff } from "./switched-off-notices.ts";

/** Why an offer cannot be taken right now; null when it can. */
type OfferUnavailableReason =
  | "offer_inactive"
  | "offer_disabled"
  | "offer_has_cancelled_by_system_penalty"
  | "offer_not_approved"
  | "owner_restricted"
  | "offer_reached_cap"
  | "offer_cap_less_than_min"
  | "outside_duty_hours"
  | "no_market_rate";

/** Everything a trade start needs from an offer, at today's rates. */
export interface OfferForTrade {
  /** The serial id: for foreign keys, never shown. */
  offerId: bigint;
  idHashed: string;
  ownerId: number;
  ownerUsername: string;
  /** The owner's side: "sell" means the owner sells crypto and the taker buys. */
  type: "buy" | "sell";
  flowType: OfferFlowType;
  cryptoCurrencyId: number;
  cryptoCurrencyCode: string;
  /** Minor-unit digits of the crypto currency (BTC 8, ETH 9, USDT 6). */
  cryptoDecimals: number;
  fiatCurrencyId: number;
  fiatCurrencyCode: string;
  fiatDecimals: number;
  paymentMethodId: number;
  paymentMethodSlug: string;
  paymentMethodName: string;
  priceType: "margin" | "fixed";
  margin: string;
  fixedPrice: string | null;
  /** Fiat per one coin, rounded to the fiat's decimals: the price a trade started now uses. Null without rates. */
  fiatPricePerCrypto: string | null;
  marketPrice: string | null;
  ratesAsOf: string | null;
  rangeType: OfferRangeType;
  fiatLimitMin: string;
  fiatLimitMax: string;
  predefinedAmounts: string[];
  newBuyerMaxFiatLimit: string | null;
  offerCap: { amount: string | null; active: boolean; used: string; remaining: string | null } | null;
  requirements: OfferRequirements;
  paymentWindowMinutes: number;
  /** The escrow fee in basis points: the offer's manual fee, or the default. */
  escrowFeeBps: number;
  isManualEscrowFee: boolean;
  dutyHours: DutyHour[];
  timezone: string;
  isOnDuty: boolean;
  offerTerms: string;
  tradeDetails: string;
  label: string;
  tags: string[];
  /** Compare with the version the taker saw (offer page) to tell them the offer changed. */
  version: number;
  lastChangeReason: "offer_margin_changed" | "offer_changed" | null;
  isTradable: boolean;
  unavailableReason: OfferUnavailableReason | null;
}

/**
 * The offer for a trade start, by public id; null when no such offer exists (or it was deleted).
 * Inside the trade's transaction pass `forUpdate` so the cap and state cannot change meanwhile,
 * and pass the reference data and rates read before the transaction (`reference`): loading them
 * inside it would take a second connection from the pool while the transaction holds one, and
 * with every connection held by a transaction waiting for a second, the pool would wait forever.
 */
export async function getOfferForTrade(
  db: Db | Tx,
  idHashed: string,
  options: { forUpdate?: boolean; at?: Date; reference?: { catalog: Catalog; market: Market } } = {},
): Promise<OfferForTrade | null> {
  if (!/^[0-9A-Za-z]{11}$/.test(idHashed)) return null;
  const record = await repo.findOfferRecord(db, idHashed, { forUpdate: options.forUpdate ?? false, badges: false });
  if (!record) return null;
  const [catalog, market] = options.reference
    ? [options.reference.catalog, options.reference.market]
    : await Promise.all([getCatalog(db as Db), getMarket(db as Db)]);
  const crypto = catalog.cryptoById.get(record.crypto_currency_id);
  const fiat = catalog.fiatById.get(record.fiat_currency_id);
  const method = catalog.methodById.get(record.payment_method_id);
  if (!crypto || !fiat || !method) return null;
  const prices = pricesOf(record, { catalog, market });
  const at = options.at ?? new Date();
  const dutyHours = dutyHoursOf(record);
  const onDuty = isOnDuty(dutyHours, record.timezone, at);
  const cap = capState(
    { amount: record.offer_cap_amount, active: record.offer_cap_active, used: record.offer_cap_used },
    record.fiat_limit_min,
  );
  const reason: OfferUnavailableReason | null = !record.owner_is_listable
    ? "owner_restricted"
    : record.moderation_status !== 1
      ? "offer_not_approved"
      : record.penalty_reason !== null
        ? OFFER_PENALTY_MESSAGE
        : !record.is_active
          ? "offer_inactive"
          : !record.is_enabled
            ? "offer_disabled"
            : cap.isReachedCap
              ? "offer_reached_cap"
              : cap.isCapLessThanMin
                ? "offer_cap_less_than_min"
                : !onDuty
                  ? "outside_duty_hours"
                  : prices === null
                    ? "no_market_rate"
                    : null;
  return {
    offerId: record.id,
    idHashed: record.id_hashed,
    ownerId: Number(record.user_id),
    ownerUsername: record.owner_username,
    type: record.type,
    flowType: record.flow_type as OfferFlowType,
    cryptoCurrencyId: crypto.id,
    cryptoCurrencyCode: crypto.code,
    cryptoDecimals: crypto.decimals,
    fiatCurrencyId: fiat.id,
    fiatCurrencyCode: fiat.code,
    fiatDecimals: fiat.decimals,
    paymentMethodId: method.id,
    paymentMethodSlug: method.slug,
    paymentMethodName: method.name,
    priceType: record.fixed_price === null ? "margin" : "fixed",
    margin: plain(record.margin),
    fixedPrice: record.fixed_price === null ? null : plain(record.fixed_price),
    fiatPricePerCrypto: prices?.fiatPricePerCrypto ?? null,
    marketPrice: prices?.marketPrice ?? null,
    ratesAsOf: market.asOf,
    rangeType: record.range_type as OfferRangeType,
    fiatLimitMin: plain(record.fiat_limit_min),
    fiatLimitMax: plain(record.fiat_limit_max),
    predefinedAmounts: record.predefined_amounts.map(plain),
    newBuyerMaxFiatLimit: record.new_buyer_max_fiat_limit === null ? null : plain(record.new_buyer_max_fiat_limit),
    offerCap: offerCapOf(record),
    requirements: {
      minPastTrades: record.require_min_past_trades,
      verifiedId: record.require_verified_id,
      fullNameVisibility: record.require_full_name_visibility,
      trustedOnly: record.show_only_trusted_user,
      anonymousRestricted: record.is_anonymous_user_restricted,
      availableIn: record.available_in,
    },
    paymentWindowMinutes: record.payment_window_minutes,
    escrowFeeBps: escrowFeeBpsOf(record),
    isManualEscrowFee: record.manual_escrow_fee_bps !== null,
    dutyHours,
    timezone: record.timezone,
    isOnDuty: onDuty,
    offerTerms: record.offer_terms,
    tradeDetails: record.trade_details,
    label: record.label,
    tags: record.tags,
    version: record.version,
    lastChangeReason: record.last_change_reason as OfferForTrade["lastChangeReason"],
    isTradable: reason === null,
    unavailableReason: reason,
  };
}

/** Counts traded fiat against the offer's cap, in the trade's transaction. */
export async function recordOfferCapUsage(tx: Tx, offerId: bigint, fiatAmount: string): Promise<void> {
  if (!/^(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(fiatAmount)) throw new RangeError(`not a fiat amount: ${fiatAmount}`);
  const usage = await repo.addCapUsage(tx, offerId, fiatAmount);
  // The trade that makes the rest of the cap too small for a trade switches the offer off.
  const cap = usage && {
    amount: usage.offer_cap_amount,
    active: usage.offer_cap_active,
    usedBefore: usage.used_before,
    used: usage.offer_cap_used,
  };
  if (usage && cap && capSwitchesOff(cap, usage.fiat_limit_min)) await announceSwitchedOff(tx, [usage], "cap");
  forgetCachedListings();
}

/** The system switches an offer off after cancellations (offer_has_cancelled_by_system_penalty). */
export async function applySystemCancelPenalty(db: Db | Tx, offerId: bigint): Promise<void> {
  await repo.setPenalty(db, offerId, OFFER_PENALTY_MESSAGE);
  forgetCachedListings();
}

/** The trades and feedback modules keep the marketplace's trader figures with this. */
/** The exact completed-trade counts of a successful trade's two parties, written together. */
export async function recordCompletedTradeCounts(
  db: Db | Tx,
  counts: readonly { userId: number; completedTrades: number }[],
): Promise<void> {
  await repo.setCompletedTradeCounts(db, counts);
}

export async function recordTraderStats(db: Db | Tx, userId: number, stats: repo.TraderStatsPatch): Promise<void> {
  await repo.upsertTraderStats(db, userId, stats);
}
