import {
  kycTierOf,
  REQUIREMENT_MET_STATUSES,
  type RequirementStatus,
  TRADE_ACTIVE_STATUSES,
  TRADE_CANCELLED_STATUSES,
  TRADE_FINISHED_STATUSES,
  TRADE_KYC_LIMITS_USD,
  TRADE_RULES,
  TRADE_SUCCESSFUL_STATUSES,
  type TradeActorRole,
  type TradeFlowStep,
  type TradeRequirementId,
  type TradeStatus,
} from "@souk/contracts";
import { compareDecimal, type Decimal, parseDecimal } from "@souk/money";

/**
 * The trade's pure rules: the transition table (docs/reliability.md#trade-transitions), who may
 * do what, the flow's requirements and when a dispute or an appeal is available. No I/O here; the
 * service turns a plan into one conditional UPDATE in the ledger's transaction.
 */

// ---- statuses ------------------------------------------------------------------------------

export type ActiveStatus = (typeof TRADE_ACTIVE_STATUSES)[number];
export type FinishedStatus = (typeof TRADE_FINISHED_STATUSES)[number];

export function isActiveStatus(status: string): status is ActiveStatus {
  return (TRADE_ACTIVE_STATUSES as readonly string[]).includes(status);
}

/** A terminal status: the escrow has been posted or voided and nothing changes any more. */
export function isFinishedStatus(status: string): status is FinishedStatus {
  return (TRADE_FINISHED_STATUSES as readonly string[]).includes(status);
}

/** Delivered to the buyer: counted as a successful trade in figures and counters. */
export function isSuccessfulStatus(status: string): boolean {
  return (TRADE_SUCCESSFUL_STATUSES as readonly string[]).includes(status);
}

export function isCancelledStatus(status: string): boolean {
  return (TRADE_CANCELLED_STATUSES as readonly string[]).includes(status);
}

// ---- the transition table ------------------------------------------------------------------

/** What a command asks for. `award_*` are the moderator's; `expire` is the job's. */
export type TradeCommand = "paid" | "release" | "cancel" | "dispute" | "award_buyer" | "award_seller" | "expire";

type LedgerEffect = "hold" | "post" | "void" | "none";

/**
 * Extra conditions a transition needs besides its from-status, checked in the same UPDATE:
 * - before_expiry: the payment window is still open (mark as paid);
 * - after_expiry: the payment window has passed (expiry, and the seller's cancel);
 * - dispute_available: paid, or unpaid for TRADE_RULES.disputeAvailableAfterMinutes;
 * - requirements_met: every non-optional requirement is uploaded or approved.
 */
export type TransitionGuard = "before_expiry" | "after_expiry" | "dispute_available" | "requirements_met";

export interface TransitionRule {
  command: TradeCommand;
  role: TradeActorRole;
  from: readonly TradeStatus[];
  to: TradeStatus;
  ledger: LedgerEffect;
  guards: readonly TransitionGuard[];
  /** A trade in dispute_open that takes this transition has its dispute closed for this party. */
  closesDisputeFor?: "buyer" | "seller";
}

/**
 * docs/reliability.md#trade-transitions, row for row (the start, "(new) -> active_funded", is
 * startTrade's); the seller's release from dispute_open is its T6.
 * Any (command, role) pair not listed is refused with no effect (I6).
 */
export const TRANSITIONS: readonly TransitionRule[] = [
  {
    command: "paid",
    role: "buyer",
    from: ["active_funded"],
    to: "paid",
    ledger: "none",
    guards: ["before_expiry", "requirements_met"],
  },
  { command: "cancel", role: "buyer", from: ["active_funded"], to: "cancelled_buyer", ledger: "void", guards: [] },
  // "cancelled_seller (where policy allows)": Souk allows it once the payment window passed unpaid,
  // the same moment the expiry job would cancel
  // (docs/decisions/051-seller-cancel-after-the-window.md).
  {
    command: "cancel",
    role: "seller",
    from: ["active_funded"],
    to: "cancelled_seller",
    ledger: "void",
    guards: ["after_expiry"],
  },
  {
    command: "expire",
    role: "system",
    from: ["active_funded"],
    to: "cancelled_system",
    ledger: "void",
    guards: ["after_expiry"],
  },
  // The seller may release while a dispute is open, as on Paxful: the buyer gets what the dispute
  // asked for, so the release closes the dispute in the buyer's favour (docs/decisions/079-release-in-dispute.md).
  {
    command: "release",
    role: "seller",
    from: ["paid", "dispute_open"],
    to: "released",
    ledger: "post",
    guards: [],
    closesDisputeFor: "buyer",
  },
  {
    command: "dispute",
    role: "buyer",
    from: ["paid", "active_funded"],
    to: "dispute_open",
    ledger: "none",
    guards: ["dispute_available"],
  },
  {
    command: "dispute",
    role: "seller",
    from: ["paid", "active_funded"],
    to: "dispute_open",
    ledger: "none",
    guards: ["dispute_available"],
  },
  {
    command: "award_buyer",
    role: "moderator",
    from: ["dispute_open"],
    to: "dispute_won_buyer",
    ledger: "post",
    guards: [],
  },
  {
    command: "award_seller",
    role: "moderator",
    from: ["dispute_open"],
    to: "dispute_won_seller",
    ledger: "void",
    guards: [],
  },
];

/** The rule for a command by a role, or null when that role may never do it. */
export function ruleFor(command: TradeCommand, role: TradeActorRole): TransitionRule | null {
  return TRANSITIONS.find((rule) => rule.command === command && rule.role === role) ?? null;
}

/** The roles that may ever issue a command (to tell "wrong actor" from "wrong state"). */
export function rolesFor(command: TradeCommand): TradeActorRole[] {
  return TRANSITIONS.filter((rule) => rule.command === command).map((rule) => rule.role);
}

// ---- facts about a trade, for guards and the view ------------------------------------------

export interface TradeFacts {
  status: TradeStatus;
  startedAt: Date;
  expiresAt: Date;
  paidAt: Date | null;
  requirements: readonly {
    id: TradeRequirementId;
    step: TradeFlowStep;
    status: RequirementStatus;
    isOptional: boolean;
  }[];
}

function isRequirementMet(status: RequirementStatus): boolean {
  return (REQUIREMENT_MET_STATUSES as readonly string[]).includes(status);
}

export function pendingRequirements(
  facts: Pick<TradeFacts, "requirements">,
  step?: TradeFlowStep,
): TradeRequirementId[] {
  return facts.requirements
    .filter((r) => !r.isOptional && !isRequirementMet(r.status) && (step === undefined || r.step === step))
    .map((r) => r.id);
}

/** When a dispute may be opened: at once when paid, else some minutes after the start. */
export function disputeAvailableAt(facts: Pick<TradeFacts, "status" | "startedAt" | "paidAt">): Date | null {
  if (facts.status === "paid") return facts.paidAt ?? facts.startedAt;
  if (facts.status === "active_funded") {
    return new Date(facts.startedAt.getTime() + TRADE_RULES.disputeAvailableAfterMinutes * 60_000);
  }
  return null;
}

/** A guard over the facts; the SQL twin is trades.repo.ts transitionGuardSql, and trades.guards.int.test.ts proves they agree. */
export function isGuardMet(guard: TransitionGuard, facts: TradeFacts, now: Date): boolean {
  switch (guard) {
    case "before_expiry":
      return facts.expiresAt.getTime() > now.getTime();
    case "after_expiry":
      return facts.expiresAt.getTime() <= now.getTime();
    case "dispute_available": {
      const at = disputeAvailableAt(facts);
      // An unpaid trade past its window is the expiry job's, not a dispute's.
      if (facts.status === "active_funded" && facts.expiresAt.getTime() <= now.getTime()) return false;
      return at !== null && at.getTime() <= now.getTime();
    }
    case "requirements_met":
      return pendingRequirements(facts).length === 0;
  }
}

export type Refusal =
  | { kind: "not_allowed_for_role" }
  | { kind: "wrong_state"; status: TradeStatus }
  | { kind: "guard"; guard: TransitionGuard; status: TradeStatus };

/**
 * Why a command by a role would not apply to a trade as it stands, or null when it would. The
 * service asks this only to explain a refusal: the conditional UPDATE is what decides.
 */
export function explainRefusal(
  command: TradeCommand,
  role: TradeActorRole,
  facts: TradeFacts,
  now: Date,
): Refusal | null {
  const rule = ruleFor(command, role);
  if (!rule) return { kind: "not_allowed_for_role" };
  if (!rule.from.includes(facts.status)) return { kind: "wrong_state", status: facts.status };
  const failed = rule.guards.find((guard) => !isGuardMet(guard, facts, now));
  return failed ? { kind: "guard", guard: failed, status: facts.status } : null;
}

// ---- appeals -------------------------------------------------------------------------------

export type AppealStatus = "available" | "not_available" | "expired" | "appealed";

/** The losing party may appeal an award within the window, when the feature is on. */
export function appealStatusOf(
  trade: {
    status: TradeStatus;
    disputeResolvedAt: Date | null;
    disputeOutcome: "buyer" | "seller" | null;
    appealedAt: Date | null;
  },
  viewerRole: TradeActorRole,
  isFeatureOn: boolean,
  now: Date,
): { status: AppealStatus; availableUntil: Date | null } {
  if (trade.appealedAt) return { status: "appealed", availableUntil: null };
  // A dispute the seller closed by releasing was no moderator's award: there is nothing to appeal.
  if (trade.status === "released") return { status: "not_available", availableUntil: null };
  if (!isFeatureOn || !trade.disputeResolvedAt || !trade.disputeOutcome)
    return { status: "not_available", availableUntil: null };
  const until = new Date(trade.disputeResolvedAt.getTime() + TRADE_RULES.disputeAppealWindowHours * 3_600_000);
  const isLoser =
    (viewerRole === "buyer" && trade.disputeOutcome === "seller") ||
    (viewerRole === "seller" && trade.disputeOutcome === "buyer");
  if (!isLoser) return { status: "not_available", availableUntil: null };
  if (until.getTime() <= now.getTime()) return { status: "expired", availableUntil: until };
  return { status: "available", availableUntil: until };
}

// ---- flow requirements ---------------------------------------------------------------------

export interface RequirementPlan {
  id: TradeRequirementId;
  step: TradeFlowStep;
  isOptional: boolean;
}

/** The requirements a trade gets from its offer (see TRADE_REQUIREMENT_IDS in contracts). */
export function requirementsForOffer(offer: {
  type: "buy" | "sell";
  tags: readonly string[];
  paymentMethodGroupSlug: string | null;
}): RequirementPlan[] {
  const plans: RequirementPlan[] = [];
  const isTransfer =
    offer.paymentMethodGroupSlug === "bank-transfers" || offer.paymentMethodGroupSlug === "online-transfers";
  if ((offer.type === "sell" && isTransfer) || offer.tags.includes("no-third-party")) {
    plans.push({ id: "payer_name", step: "before_reveal_payment_details", isOptional: false });
  }
  if (offer.tags.includes("receipt-required")) {
    plans.push({ id: "payment_receipt", step: "before_mark_as_paid", isOptional: false });
  }
  if (offer.tags.includes("invoice-required"))
    plans.push({ id: "invoice", step: "before_mark_as_paid", isOptional: false });
  if (offer.paymentMethodGroupSlug === "gift-cards" && offer.tags.includes("physical-card")) {
    plans.push({ id: "card_photo", step: "before_mark_as_paid", isOptional: false });
  }
  return plans;
}

/** The first step is done when its requirements are met; the flow then reveals the payment details. */
export function flowStepOf(facts: Pick<TradeFacts, "requirements">): TradeFlowStep {
  return pendingRequirements(facts, "before_reveal_payment_details").length === 0
    ? "before_mark_as_paid"
    : "before_reveal_payment_details";
}

/** "The second step counts as reached when the step is before mark-as-paid, or the trade is paid or released." */
export function isSecondStepReached(step: TradeFlowStep, status: TradeStatus): boolean {
  return step === "before_mark_as_paid" || status === "paid" || status === "released";
}

// ---- limits --------------------------------------------------------------------------------

export function kycLimitsOf(kycLevel: number): {
  perTrade: Decimal | null;
  daily: Decimal | null;
  rolling30d: Decimal | null;
} {
  const limits = TRADE_KYC_LIMITS_USD[kycTierOf(kycLevel)] ?? { perTrade: null, daily: null, rolling30d: null };
  const parsed = (value: string | null) => (value === null ? null : parseDecimal(value));
  return { perTrade: parsed(limits.perTrade), daily: parsed(limits.daily), rolling30d: parsed(limits.rolling30d) };
}

export type AmountProblem =
  | { field: "fiatAmount"; message: "amount_below_min" | "amount_above_max" | "amount_not_predefined"; limit?: string }
  | { field: "fiatAmount"; message: "amount_above_new_buyer_limit" | "amount_above_offer_cap"; limit: string };

/** Checks a fiat amount against an offer's range or predefined amounts, the new-buyer limit and the cap. */
export function checkFiatAmount(
  fiat: Decimal,
  offer: {
    rangeType: "min_max" | "predefined";
    fiatLimitMin: string;
    fiatLimitMax: string;
    predefinedAmounts: readonly string[];
    newBuyerMaxFiatLimit: string | null;
    capRemaining: string | null;
  },
  taker: { isBuyer: boolean; completedTrades: number },
): AmountProblem | null {
  if (offer.rangeType === "predefined" && offer.predefinedAmounts.length > 0) {
    if (!offer.predefinedAmounts.some((amount) => compareDecimal(parseDecimal(amount), fiat) === 0)) {
      return { field: "fiatAmount", message: "amount_not_predefined" };
    }
  } else {
    if (compareDecimal(fiat, parseDecimal(offer.fiatLimitMin)) < 0) {
      return { field: "fiatAmount", message: "amount_below_min", limit: offer.fiatLimitMin };
    }
    if (compareDecimal(fiat, parseDecimal(offer.fiatLimitMax)) > 0) {
      return { field: "fiatAmount", message: "amount_above_max", limit: offer.fiatLimitMax };
    }
  }
  if (
    taker.isBuyer &&
    taker.completedTrades === 0 &&
    offer.newBuyerMaxFiatLimit !== null &&
    compareDecimal(fiat, parseDecimal(offer.newBuyerMaxFiatLimit)) > 0
  ) {
    return { field: "fiatAmount", message: "amount_above_new_buyer_limit", limit: offer.newBuyerMaxFiatLimit };
  }
  if (offer.capRemaining !== null && compareDecimal(fiat, parseDecimal(offer.capRemaining)) > 0) {
    return { field: "fiatAmount", message: "amount_above_offer_cap", limit: offer.capRemaining };
  }
  return null;
}

/** Who is who when a taker takes an offer: a sell offer's owner sells, a buy offer's owner buys. */
export function partiesOf(offer: { type: "buy" | "sell"; ownerId: number }, takerId: number) {
  return offer.type === "sell"
    ? { buyerId: takerId, sellerId: offer.ownerId, takerIsBuyer: true }
    : { buyerId: offer.ownerId, sellerId: takerId, takerIsBuyer: false };
}
