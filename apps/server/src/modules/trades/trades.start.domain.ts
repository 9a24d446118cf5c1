import { TRADE_RULES } from "@souk/contracts";
import {
  addDecimal,
  compareDecimal,
  convertFiatToCrypto,
  type Decimal,
  decimal,
  divideDecimal,
  formatDecimal,
  parseDecimal,
  roundDecimal,
} from "@souk/money";
import type { TransactRestriction } from "../../platform/index.ts";
import { computeEscrowFee, discountedFeeBps, resolveEscrowFeeBps } from "../ledger/index.ts";
import { type OfferForTrade, unmetRequirementsOf } from "../offers/index.ts";
import {
  type AmountProblem,
  checkFiatAmount,
  flowStepOf,
  kycLimitsOf,
  partiesOf,
  type RequirementPlan,
  requirementsForOffer,
} from "./trades.domain.ts";

/**
 * The trade start's pure decision (docs/product.md#starting-a-trade): given what the start read,
 * either the plan of the trade to write or the first reason to refuse, in the order the taker is
 * told. No I/O here; trades.start.ts reads the facts, asks decideStart, then writes the plan.
 */

/** The taker as the start sees them (their users row, locked), with the seller's discount and the owner's address. */
export interface StartTaker {
  completedTrades: number;
  isIdVerified: boolean;
  kycLevel: number;
  countryIso: string | null;
  hasVisibleFullName: boolean;
  /** The seller's fee discount, a fraction ("0.25" is a quarter off). */
  sellerFeeDiscount: string;
  /** The address of the offer owner's newest live session. */
  ownerIp: string | null;
  /** The taker's account is closed (an API client's token may outlive its sessions). */
  isClosed: boolean;
  /** The offer owner's account is closed (its offers are switched off at closing; this settles a race). */
  isOwnerClosed: boolean;
}

/** What a start reads before it decides. `offer` and `taker` are null when there is nothing to take. */
export interface StartFacts {
  takerId: number;
  /** The taker's restricted state that refuses money moving (from their session), or null. */
  takerRestriction: TransactRestriction | null;
  blockedKycActions: readonly string[];
  /** The amount the taker asked for, in the offer's fiat. */
  fiatAmount: Decimal;
  /** The taker's address, to tell isOpponentsSameIp. */
  ip: string | null;
  isFeeDiscountOn: boolean;
  offer: OfferForTrade | null;
  taker: StartTaker | null;
  relation: { isTrusted: boolean; isBlocked: boolean; isBlockedBy: boolean };
  /** Fiat per USD of the offer's fiat; null when there is no rate (the amount then counts as USD). */
  fiatPerUsd: string | null;
  /** USD the taker started in the last 24 hours; read only when their level has a daily limit. */
  dailyVolumeUsd: Decimal | null;
  /** USD the taker started in the last 30 days; read only when their level has a 30-day limit. */
  rolling30dVolumeUsd: Decimal | null;
  /** The taker's active trades; read only when they are not ID-verified. */
  activeTrades: number | null;
  /** The group of the offer's payment method (bank-transfers, gift-cards, ...), for the flow's requirements. */
  paymentMethodGroupSlug: string | null;
}

/** Why a start is refused; trades.start.ts turns each into its error. */
export type StartRefusal =
  | { reason: "amount_must_be_positive" }
  | { reason: "offer_not_found" }
  | { reason: "cannot_trade_with_yourself" }
  | { reason: "account_closed"; party: "taker" | "offer_owner" }
  | { reason: "user_restricted"; restriction: TransactRestriction }
  | { reason: "kyc_action_blocked"; action: "start-trade-buy" | "start-trade-sell" }
  | { reason: "offer_unavailable"; unavailableReason: string }
  | { reason: "amount_too_precise" }
  | { reason: "user_blocked" }
  | { reason: "requirements_not_met"; requirements: string[] }
  | { reason: "amount_outside_limits"; problem: AmountProblem }
  | { reason: "max_per_trade_limit"; limitUsd: string }
  | { reason: "daily_compliance_limit"; limitUsd: string; usedUsd: string }
  | { reason: "rolling_30d_compliance_limit"; limitUsd: string; usedUsd: string }
  | { reason: "max_active_trades_id_not_verified"; max: number }
  | { reason: "amount_too_small" };

/** The trade a start writes: who is who, the locked price's amounts, the fee and the flow. */
export interface StartPlan {
  offer: OfferForTrade;
  buyerId: number;
  sellerId: number;
  takerIsBuyer: boolean;
  /** The amount as kept: rounded down to the fiat's decimals. */
  fiatAmount: string;
  fiatAmountUsd: string;
  fiatPricePerCrypto: string;
  amountMinor: bigint;
  feeBps: number;
  feeMinor: bigint;
  requirements: RequirementPlan[];
  flowStep: ReturnType<typeof flowStepOf>;
  countsAgainstCap: boolean;
  isOpponentsSameIp: boolean;
}

export type StartDecision = { kind: "plan"; plan: StartPlan } | { kind: "refused"; refusal: StartRefusal };

const refuse = (refusal: StartRefusal): StartDecision => ({ kind: "refused", refusal });

/** A fiat amount in USD at `fiatPerUsd` (fiat per dollar); the amount itself without a rate. */
export function toUsd(fiat: Decimal, fiatPerUsd: string | null): Decimal {
  if (!fiatPerUsd) return fiat;
  const rate = parseDecimal(fiatPerUsd);
  return rate.units === 0n ? fiat : divideDecimal(fiat, rate, 2, "half_up");
}

/** The volume window a trade would pass: `used` plus this trade over `limit` (no limit: never). */
function passesWindow(limit: Decimal | null, used: Decimal | null, fiatUsd: Decimal) {
  if (!limit) return null;
  const usedSoFar = used ?? decimal(0n);
  return compareDecimal(addDecimal(usedSoFar, fiatUsd), limit) > 0
    ? { limitUsd: formatDecimal(limit), usedUsd: formatDecimal(usedSoFar) }
    : null;
}

/**
 * The verification level's limits, in USD (docs/decisions/116-verification-levels-and-limits.md):
 * per trade, then the day's volume, then the 30 days' volume, then active trades without ID.
 */
function checkTakerLimits(facts: StartFacts, taker: StartTaker, fiatUsd: Decimal): StartRefusal | null {
  const limits = kycLimitsOf(taker.kycLevel);
  if (limits.perTrade && compareDecimal(fiatUsd, limits.perTrade) > 0) {
    return { reason: "max_per_trade_limit", limitUsd: formatDecimal(limits.perTrade) };
  }
  const daily = passesWindow(limits.daily, facts.dailyVolumeUsd, fiatUsd);
  if (daily) return { reason: "daily_compliance_limit", ...daily };
  const rolling30d = passesWindow(limits.rolling30d, facts.rolling30dVolumeUsd, fiatUsd);
  if (rolling30d) return { reason: "rolling_30d_compliance_limit", ...rolling30d };
  const max = TRADE_RULES.activeTradesWithoutIdMax;
  if (!taker.isIdVerified && (facts.activeTrades ?? 0) >= max)
    return { reason: "max_active_trades_id_not_verified", max };
  return null;
}

/** Who may take this offer at all, before any amount is looked at. */
function checkTaker(facts: StartFacts, offer: OfferForTrade, taker: StartTaker, takerIsBuyer: boolean) {
  const action = takerIsBuyer ? "start-trade-buy" : "start-trade-sell";
  if (facts.blockedKycActions.includes(action)) return { reason: "kyc_action_blocked", action } as const;
  if (!offer.isTradable || offer.fiatPricePerCrypto === null) {
    return { reason: "offer_unavailable", unavailableReason: offer.unavailableReason ?? "no_market_rate" } as const;
  }
  if (compareDecimal(roundDecimal(facts.fiatAmount, offer.fiatDecimals, "down"), facts.fiatAmount) !== 0) {
    return { reason: "amount_too_precise" } as const;
  }
  if (facts.relation.isBlocked || facts.relation.isBlockedBy) return { reason: "user_blocked" } as const;
  const unmet = unmetRequirementsOf(offer.requirements, {
    completedTrades: taker.completedTrades,
    isIdVerified: taker.isIdVerified,
    hasVisibleFullName: taker.hasVisibleFullName,
    countryIso: taker.countryIso,
    isTrusted: facts.relation.isTrusted,
  });
  if (unmet.length > 0) return { reason: "requirements_not_met", requirements: unmet } as const;
  return null;
}

/**
 * Decides a start: the first refusal in the order the taker is told (the amount, the taker's own
 * restricted state, the offer (an owner in a restricted state makes it unavailable: owner_restricted),
 * who takes it, the offer's limits, the taker's limits, the amount in crypto), or the trade to write.
 */
export function decideStart(facts: StartFacts): StartDecision {
  const fiat = facts.fiatAmount;
  if (compareDecimal(fiat, decimal(0n)) <= 0) return refuse({ reason: "amount_must_be_positive" });
  if (facts.takerRestriction) return refuse({ reason: "user_restricted", restriction: facts.takerRestriction });
  const { offer, taker } = facts;
  if (!offer) return refuse({ reason: "offer_not_found" });
  if (offer.ownerId === facts.takerId) return refuse({ reason: "cannot_trade_with_yourself" });
  if (!taker) return refuse({ reason: "offer_not_found" });
  if (taker.isClosed) return refuse({ reason: "account_closed", party: "taker" });
  if (taker.isOwnerClosed) return refuse({ reason: "account_closed", party: "offer_owner" });
  const parties = partiesOf(offer, facts.takerId);
  const takerProblem = checkTaker(facts, offer, taker, parties.takerIsBuyer);
  if (takerProblem) return refuse(takerProblem);
  const amountProblem = checkFiatAmount(
    fiat,
    {
      rangeType: offer.rangeType,
      fiatLimitMin: offer.fiatLimitMin,
      fiatLimitMax: offer.fiatLimitMax,
      predefinedAmounts: offer.predefinedAmounts,
      newBuyerMaxFiatLimit: offer.newBuyerMaxFiatLimit,
      capRemaining: offer.offerCap?.active ? offer.offerCap.remaining : null,
    },
    { isBuyer: parties.takerIsBuyer, completedTrades: taker.completedTrades },
  );
  if (amountProblem) return refuse({ reason: "amount_outside_limits", problem: amountProblem });
  const fiatUsd = toUsd(fiat, facts.fiatPerUsd);
  const limitProblem = checkTakerLimits(facts, taker, fiatUsd);
  if (limitProblem) return refuse(limitProblem);
  const price = offer.fiatPricePerCrypto as string;
  const amountMinor = convertFiatToCrypto(fiat, parseDecimal(price), offer.cryptoDecimals);
  if (amountMinor <= 0n) return refuse({ reason: "amount_too_small" });
  const sellerDiscount = facts.isFeeDiscountOn ? taker.sellerFeeDiscount : "0";
  const feeBps = resolveEscrowFeeBps({
    offerFeeBps: offer.escrowFeeBps,
    perkFeeBps: discountedFeeBps(offer.escrowFeeBps, sellerDiscount),
  });
  const requirements = requirementsForOffer({
    type: offer.type,
    tags: offer.tags,
    paymentMethodGroupSlug: facts.paymentMethodGroupSlug,
  });
  return {
    kind: "plan",
    plan: {
      offer,
      ...parties,
      fiatAmount: formatDecimal(roundDecimal(fiat, offer.fiatDecimals, "down")),
      fiatAmountUsd: formatDecimal(fiatUsd),
      fiatPricePerCrypto: price,
      amountMinor,
      feeBps,
      feeMinor: computeEscrowFee(amountMinor, feeBps),
      requirements,
      flowStep: flowStepOf({ requirements: requirements.map((plan) => ({ ...plan, status: "pending" as const })) }),
      countsAgainstCap: offer.offerCap?.active === true,
      isOpponentsSameIp: !!facts.ip && taker.ownerIp === facts.ip,
    },
  };
}
