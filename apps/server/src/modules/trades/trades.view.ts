import {
  TEXT_REQUIREMENT_IDS,
  type Trade,
  type TradeActorRole,
  type TradeBankAccount,
  type TradeParty,
  type TradeRequirement,
  type TradeSide,
  type TradeSummary,
} from "@souk/contracts";
import { decimal, formatAmount, formatDecimal, normalizeDecimal } from "@souk/money";
import {
  appealStatusOf,
  disputeAvailableAt,
  explainRefusal,
  isActiveStatus,
  isFinishedStatus,
  isGuardMet,
  isSecondStepReached,
  pendingRequirements,
  type TradeFacts,
} from "./trades.domain.ts";
import type { PartyRow } from "./trades.people.repo.ts";
import type { TradeRow } from "./trades.repo.ts";

/** Shapes trade rows into the answers of the contracts. Pure: everything it needs is passed in. */

export type ViewerRole = Exclude<TradeActorRole, "system">;

export interface RequirementRowLike {
  trade_id: bigint;
  requirement_id: TradeRequirement["id"];
  step: TradeRequirement["step"];
  is_optional: boolean;
  status: TradeRequirement["status"];
  value: string | null;
}

export interface ViewContext {
  viewerId: number;
  viewerRole: ViewerRole;
  parties: Map<string, PartyRow>;
  requirements: readonly RequirementRowLike[];
  /** Attachments per requirement id of this trade. */
  attachmentCounts: Map<string, number>;
  fiat: { name: string; order: number } | null;
  usdRate: string | null;
  isAppealFeatureOn: boolean;
  /** The seller's bank accounts attached to the offer, shown once the payment details are revealed. */
  bankAccounts: TradeBankAccount[];
  now: Date;
}

export const tradeUrl = (idHashed: string) => `/trade/${idHashed}`;
const chatUrl = (idHashed: string) => `/trade/${idHashed}#chat`;
const offerUrl = (idHashed: string) => `/offer/${idHashed}`;

function seconds(date: Date | null): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function cryptoAmountOf(row: Pick<TradeRow, "amount_minor" | "crypto_decimals">): string {
  return formatAmount(row.amount_minor, row.crypto_decimals);
}

export function feeAmountOf(row: Pick<TradeRow, "fee_minor" | "crypto_decimals">): string {
  return formatAmount(row.fee_minor, row.crypto_decimals);
}

function partyOf(parties: Map<string, PartyRow>, id: bigint): TradeParty {
  const row = parties.get(String(id));
  return {
    username: row?.username ?? "",
    avatarUrl: row?.avatar_url ?? null,
    countryIso: row?.country_iso ?? null,
    isIdVerified: row?.id_verified_at != null,
    completedTrades: row?.completed_trades ?? 0,
    lastSeenAt: seconds(row?.last_seen_at ?? null),
  };
}

export function factsOf(row: TradeRow, requirements: readonly RequirementRowLike[]): TradeFacts {
  return {
    status: row.status,
    startedAt: row.started_at,
    expiresAt: row.expires_at,
    paidAt: row.paid_at,
    requirements: requirements
      .filter((r) => r.trade_id === row.id)
      .map((r) => ({ id: r.requirement_id, step: r.step, status: r.status, isOptional: r.is_optional })),
  };
}

function sideOf(row: Pick<TradeRow, "buyer_id">, userId: number): TradeSide {
  return Number(row.buyer_id) === userId ? "bought" : "sold";
}

/**
 * Who reads the offer owner's payment instructions in a trade: the owner, who wrote them, and the
 * other party once the flow has revealed the payment details (its first step, such as the payer's
 * name, is done). Whatever becomes of the trade afterwards changes nothing: a trade cancelled or
 * expired before the reveal never shows them, and staff looking on are not trade partners.
 */
export function mayReadInstructions(facts: {
  viewerRole: ViewerRole;
  isVendor: boolean;
  isRevealed: boolean;
}): boolean {
  const isParty = facts.viewerRole === "buyer" || facts.viewerRole === "seller";
  return isParty && (facts.isVendor || facts.isRevealed);
}

type PaymentDetailsFacts = Pick<TradeRow, "offer_owner_id" | "flow_step" | "status" | "paid_at">;

/**
 * Whether the payment details are revealed: by the flow's step or by a payment once marked; a trade
 * that ends before either (a buyer's cancel, an expiry) keeps its instructions hidden, whatever its
 * status became.
 */
function isPaymentRevealed(row: PaymentDetailsFacts): boolean {
  return isSecondStepReached(row.flow_step, row.status) || row.paid_at !== null;
}

/**
 * Why the seller may not share another account in the trade's chat now, or null: the trade must
 * be open and its payment details revealed, the moment the buyer reads the trade's own accounts.
 */
export function bankAccountShareRefusal(row: PaymentDetailsFacts): "wrong_state" | "not_revealed" | null {
  if (!isActiveStatus(row.status)) return "wrong_state";
  return isPaymentRevealed(row) ? null : "not_revealed";
}

/** `mayReadInstructions` for this trade's row and viewer: what decides whether its accounts are read. */
export function mayReadPaymentDetails(row: PaymentDetailsFacts, viewerId: number, viewerRole: ViewerRole): boolean {
  const isVendor = Number(row.offer_owner_id) === viewerId;
  return mayReadInstructions({ viewerRole, isVendor, isRevealed: isPaymentRevealed(row) });
}

/** The trade (docs/product.md#trades) for one viewer. */
export function toTradeView(row: TradeRow, context: ViewContext): Trade {
  const { viewerRole, now } = context;
  const facts = factsOf(row, context.requirements);
  const isParty = viewerRole === "buyer" || viewerRole === "seller";
  const isVendor = Number(row.offer_owner_id) === context.viewerId;
  const isRevealed = isPaymentRevealed(row);
  const canSeeInstructions = mayReadPaymentDetails(row, context.viewerId, viewerRole);
  const payerName = context.requirements.find((r) => r.trade_id === row.id && r.requirement_id === "payer_name");
  const availableAt = isParty ? disputeAvailableAt(facts) : null;
  const canDispute = isParty && explainRefusal("dispute", viewerRole, facts, now) === null;
  const appeal = appealStatusOf(
    {
      status: row.status,
      disputeResolvedAt: row.dispute_resolved_at,
      disputeOutcome: row.dispute_outcome,
      appealedAt: row.appealed_at,
    },
    viewerRole,
    context.isAppealFeatureOn,
    now,
  );
  const requirements: TradeRequirement[] = facts.requirements.map((r) => {
    const source = context.requirements.find((q) => q.trade_id === row.id && q.requirement_id === r.id);
    return {
      id: r.id,
      step: r.step,
      status: r.status,
      isOptional: r.isOptional,
      kind: (TEXT_REQUIREMENT_IDS as readonly string[]).includes(r.id) ? "text" : "upload",
      value: source?.value ?? null,
      attachmentsCount: context.attachmentCounts.get(r.id) ?? 0,
    };
  });
  const stepDone = (step: TradeRequirement["step"]) => pendingRequirements(facts, step).length === 0;
  return {
    id: row.id_hashed,
    chatUrl: chatUrl(row.id_hashed),
    startedAt: row.started_at.toISOString(),
    expiresAt: { timestamp: seconds(row.expires_at) ?? 0 },
    paidAt: iso(row.paid_at),
    completedAt: iso(row.completed_at),
    cancelledAt: iso(row.cancelled_at),
    offer: {
      id: row.offer_id_hashed,
      url: offerUrl(row.offer_id_hashed),
      type: row.offer_type,
      flowType: row.flow_type,
    },
    isVendor,
    viewerRole,
    side: isParty ? sideOf(row, context.viewerId) : null,
    buyer: partyOf(context.parties, row.buyer_id),
    seller: partyOf(context.parties, row.seller_id),
    status: row.status,
    tradeCompleted: row.completed_at !== null,
    isFinished: isFinishedStatus(row.status),
    paymentMethod: {
      id: row.payment_method_id,
      slug: row.payment_method_slug,
      name: { original: row.payment_method_name, localized: row.payment_method_name },
    },
    paymentDetails: {
      offerTerms: row.offer_terms,
      instructions: canSeeInstructions ? row.trade_instructions : null,
      bankAccounts: canSeeInstructions ? context.bankAccounts : [],
      isRevealed,
      payerName: payerName?.value ?? null,
    },
    cryptoAmount: {
      amount: cryptoAmountOf(row),
      currencyCode: row.crypto_currency_code,
      decimals: row.crypto_decimals,
    },
    feeAmount: feeAmountOf(row),
    feePercent: formatDecimal(normalizeDecimal(decimal(BigInt(row.fee_bps), 2))),
    fiatAmount: row.fiat_amount,
    currency: {
      code: row.fiat_currency_code,
      name: context.fiat?.name ?? row.fiat_currency_code,
      rate: { usd: context.usdRate },
      order: context.fiat?.order ?? 0,
      defaultAmount: "1",
    },
    fiatPricePerCrypto: row.fiat_price_per_crypto,
    cryptoCurrencyId: row.crypto_currency_id,
    cryptoCurrencyCode: row.crypto_currency_code,
    paymentWindowMinutes: row.payment_window_minutes,
    isOpponentsSameIp: row.is_opponents_same_ip,
    dispute: {
      available: canDispute,
      availableAt: iso(availableAt),
      openedAt: iso(row.dispute_opened_at),
      openedBy: row.dispute_opened_by,
      reasonId: row.dispute_reason_id,
      reasonText: row.dispute_reason_text,
      resolvedAt: iso(row.dispute_resolved_at),
      outcome: row.dispute_outcome,
      note: row.dispute_note,
      appeal: {
        status: appeal.status,
        availableUntil: iso(appeal.availableUntil),
        appealedAt: iso(row.appealed_at),
      },
    },
    flow: {
      type: row.flow_type,
      isFallback: row.is_fallback,
      step: row.flow_step,
      state: {
        beforeRevealPaymentDetails: { isReached: true, isCompleted: stepDone("before_reveal_payment_details") },
        beforeMarkAsPaid: {
          isReached: isSecondStepReached(row.flow_step, row.status),
          isCompleted: stepDone("before_mark_as_paid"),
        },
      },
      requirements,
    },
    actions: {
      canMarkPaid: viewerRole === "buyer" && explainRefusal("paid", "buyer", facts, now) === null,
      canRelease: viewerRole === "seller" && explainRefusal("release", "seller", facts, now) === null,
      canCancel: isParty && explainRefusal("cancel", viewerRole, facts, now) === null,
      canDispute,
      canResolveDispute: viewerRole === "moderator" && row.status === "dispute_open",
      canAppeal: isParty && appeal.status === "available",
    },
    lastEventSeq: row.event_seq,
  };
}

/** Whether the trade waits for this user: pay (buyer), release (seller), or follow a dispute. */
function isAlarmedFor(row: TradeRow, userId: number, now: Date): boolean {
  if (row.status === "dispute_open") return true;
  const isBuyer = Number(row.buyer_id) === userId;
  if (row.status === "active_funded") return isBuyer && isGuardMet("before_expiry", factsOf(row, []), now);
  return row.status === "paid" && !isBuyer;
}

export function toTradeSummary(row: TradeRow, userId: number, parties: Map<string, PartyRow>, now: Date): TradeSummary {
  const partnerId = Number(row.buyer_id) === userId ? row.seller_id : row.buyer_id;
  const partner = parties.get(String(partnerId));
  return {
    id: row.id_hashed,
    url: tradeUrl(row.id_hashed),
    status: row.status,
    side: sideOf(row, userId),
    isVendor: Number(row.offer_owner_id) === userId,
    offerType: row.offer_type,
    partner: { username: partner?.username ?? "", avatarUrl: partner?.avatar_url ?? null },
    cryptoAmount: cryptoAmountOf(row),
    cryptoCurrencyCode: row.crypto_currency_code,
    feeAmount: feeAmountOf(row),
    fiatAmount: row.fiat_amount,
    fiatCurrencyCode: row.fiat_currency_code,
    fiatPricePerCrypto: row.fiat_price_per_crypto,
    paymentMethodId: row.payment_method_id,
    paymentMethodName: row.payment_method_name,
    startedAt: row.started_at.toISOString(),
    expiresAt: { timestamp: seconds(row.expires_at) ?? 0 },
    paidAt: iso(row.paid_at),
    completedAt: iso(row.completed_at),
    cancelledAt: iso(row.cancelled_at),
    isAlarmed: isAlarmedFor(row, userId, now),
  };
}
