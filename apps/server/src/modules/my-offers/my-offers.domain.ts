import {
  type Bid,
  type BidStatus,
  MY_OFFERS_CONSTANTS,
  type MyOffer,
  type MyOfferErrorGroup,
  type Offer,
} from "@souk/contracts";
import {
  compareDecimal,
  decimal,
  formatAmount,
  formatDecimal,
  multiplyDecimal,
  parseDecimal,
  roundDecimal,
  tryParseAmount,
} from "@souk/money";
import type { BidRow } from "./my-offers.repo.ts";

export type FieldErrors = Record<string, string[]>;

/** The first moment of the calendar month (UTC) of a moment: promotions count from there. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

export function promoteAvailable(usedThisMonth: number): number {
  return Math.max(0, MY_OFFERS_CONSTANTS.promoteTotalPerMonth - usedThisMonth);
}

/**
 * Refusals of a quick edit, as the my-offers state keeps them: the request's own fields, and the
 * same messages under the edit's group keyed by the offer's hash ({"marginErrors": {"h": [...]}}).
 */
export function groupedErrors(
  details: FieldErrors,
  fieldMap: Record<string, string>,
  group: MyOfferErrorGroup,
  hash: string,
): Record<string, unknown> {
  const byField: FieldErrors = {};
  const messages: string[] = [];
  for (const [field, fieldMessages] of Object.entries(details)) {
    const requestField = fieldMap[field] ?? field;
    byField[requestField] = [...(byField[requestField] ?? []), ...fieldMessages];
    for (const message of fieldMessages) if (!messages.includes(message)) messages.push(message);
  }
  return { ...byField, [group]: { [hash]: messages } };
}

/** A bid's USD value at a price, in cents, for ranking bids in different currencies. */
export function bidUsdValue(amountMinor: bigint, decimals: number, usdPerCoin: string): string {
  return formatDecimal(
    roundDecimal(multiplyDecimal(decimal(amountMinor, decimals), parseDecimal(usdPerCoin)), 2, "half_up"),
  );
}

export interface RankedBid {
  id: bigint;
  usdValue: string;
  createdAt: Date;
}

/** Best first: the highest USD value, then the earliest bid (a later bid must beat, not match). */
function compareBids(a: RankedBid, b: RankedBid): number {
  return (
    compareDecimal(parseDecimal(b.usdValue), parseDecimal(a.usdValue)) ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Funded bids ranked best first (highest USD value, then the earliest): positions 1..slots. */
export function rankBids<T extends RankedBid>(bids: T[]): T[] {
  return [...bids].sort(compareBids).slice(0, MY_OFFERS_CONSTANTS.pinnedSlots);
}

export interface PeriodBid extends RankedBid {
  startsAt: Date;
  endsAt: Date;
}

/**
 * Which funded bids a new bid pushes out of its market's positions (OUTBID), or null when the new
 * bid would itself be out of them at some moment of its period (it is refused, nothing is held).
 *
 * The rule that keeps every funded bid worth its money: at no moment do more funded bids cover a
 * market than it has positions. At each moment of the new bid's remaining period, the bids
 * covering that moment are ranked and any beyond the slots are outbid, lowest first. A covering
 * count only rises where a period starts, so those moments (and the first one) are all to check.
 */
export function bidsOutbidBy<T extends PeriodBid>(candidate: T, funded: T[], slots: number, now: Date): T[] | null {
  const from = Math.max(now.getTime(), candidate.startsAt.getTime());
  const until = candidate.endsAt.getTime();
  let rivals = funded.filter(
    (bid) => bid.id !== candidate.id && bid.endsAt.getTime() > from && bid.startsAt.getTime() < until,
  );
  const moments = [
    ...new Set([from, ...rivals.map((bid) => bid.startsAt.getTime()).filter((at) => at > from && at < until)]),
  ].sort((a, b) => a - b);
  const outbid: T[] = [];
  for (const at of moments) {
    const covering = [candidate, ...rivals]
      .filter((bid) => bid.startsAt.getTime() <= at && bid.endsAt.getTime() > at)
      .sort(compareBids);
    for (const loser of covering.slice(slots).reverse()) {
      if (loser === candidate) return null;
      outbid.push(loser);
      rivals = rivals.filter((bid) => bid !== loser);
    }
  }
  return outbid;
}

export interface BidInput {
  startDate?: string | undefined;
  endDate: string;
  amount: string;
  cryptoCurrencyCode: string;
  isPresent: boolean;
}

const MAX_BID_DAYS = 31;

/** Checks a bid's dates and amount; the amount must be exact in the currency's decimals. */
export function checkBid(
  input: BidInput,
  currency: { code: string; decimals: number } | null,
  now: Date,
): { errors: FieldErrors; startsAt: Date; endsAt: Date; amountMinor: bigint } {
  const errors: FieldErrors = {};
  const push = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (!currency || !(MY_OFFERS_CONSTANTS.bidCurrencies as readonly string[]).includes(currency.code)) {
    push("cryptoCurrencyCode", "crypto_currency_unknown");
  }
  const amountMinor = currency ? tryParseAmount(input.amount, currency.decimals) : null;
  if (currency && amountMinor === null) push("amount", "amount_invalid");
  else if (amountMinor === 0n) push("amount", "must_be_positive");
  const startsAt = input.isPresent ? now : input.startDate ? new Date(input.startDate) : null;
  const endsAt = new Date(input.endDate);
  if (startsAt === null) push("startDate", "required");
  else {
    if (!input.isPresent && startsAt.getTime() < now.getTime() - 60_000) push("startDate", "date_in_past");
    if (endsAt.getTime() <= startsAt.getTime()) push("endDate", "end_before_start");
    else if (endsAt.getTime() - startsAt.getTime() > MAX_BID_DAYS * 86_400_000) push("endDate", "period_too_long");
  }
  return { errors, startsAt: startsAt ?? now, endsAt, amountMinor: amountMinor ?? 0n };
}

export function toBid(
  row: BidRow,
  context: { idHashed: string; decimals: number; now: Date; position: number | null },
): Bid {
  const isLive = row.status === "NEW" || row.status === "FUNDED";
  return {
    id: Number(row.id),
    offerId: context.idHashed,
    startDate: row.starts_at.toISOString(),
    endDate: row.ends_at.toISOString(),
    amount: formatAmount(row.amount_minor, context.decimals),
    cryptoCurrencyCode: row.bid_currency_code,
    status: row.status as BidStatus,
    isPresent: row.starts_at.getTime() <= context.now.getTime() && row.ends_at.getTime() > context.now.getTime(),
    current: isLive,
    position: context.position,
  };
}

/** A my-offers row from the offer as the offers module shapes it. */
export function toMyOffer(
  offer: Offer,
  extras: { isBondInsufficient: boolean | null; bid: Bid | null; bankAccounts: { id: number; name: string }[] },
): MyOffer {
  const messages: string[] = [];
  if (offer.moderation.status !== 1) messages.push(`offer_moderation_${offer.moderation.statusName}`);
  if (offer.moderation.message) messages.push(offer.moderation.message);
  if (offer.isActive && !offer.isEnabled && extras.isBondInsufficient) messages.push("bond_insufficient");
  if (offer.isReachedCap) messages.push("offer_reached_cap");
  else if (offer.isCapLessThanMin) messages.push("offer_cap_less_than_min");
  return {
    idHashed: offer.idHashed,
    url: offer.url,
    isActive: offer.isActive,
    isEnabled: offer.isEnabled,
    isListed: offer.isListed,
    type: offer.type,
    flowType: offer.flowType,
    paymentMethod: {
      id: offer.paymentMethod.id,
      name: offer.paymentMethod.name,
      slug: offer.paymentMethod.slug,
      groupSlug: offer.paymentMethod.groupSlug,
    },
    cryptoCurrencyCode: offer.altCoin.code,
    fiatCurrencyCode: offer.fiatCurrency.code,
    priceType: offer.priceType,
    margin: offer.margin,
    fixedPrice: offer.fixedPrice,
    fiatPricePerCrypto: offer.fiatPricePerCrypto,
    rangeType: offer.rangeType,
    fiatLimitMin: offer.fiatLimitMin,
    fiatLimitMax: offer.fiatLimitMax,
    predefinedAmounts: offer.predefinedAmounts,
    label: offer.label,
    tags: offer.tags,
    offerFee: offer.fees.escrowFeePercent,
    manualEscrowFee: offer.manualEscrowFee,
    offerCap: offer.offerCap,
    isReachedCap: offer.isReachedCap,
    isCapLessThanMin: offer.isCapLessThanMin,
    bankAccounts: extras.bankAccounts,
    messages,
    penaltyMessage: offer.penaltyMessage,
    moderation: offer.moderation,
    depositInfo: { isBondInsufficient: extras.isBondInsufficient },
    hasGiftCards: offer.paymentMethod.groupSlug === "gift-cards",
    termUntilOnlineMessage: offer.isOnDuty ? null : "offline_until_duty_hours",
    isFeatured: offer.isFeatured,
    featuredUntil: offer.featuredUntil,
    bid: extras.bid,
    createdAt: offer.createdAt,
    updatedAt: offer.updatedAt,
  };
}
