import { type ChatBlockReason, TRADE_RULES, type TradeActorRole, type TradeStatus } from "@souk/contracts";
import type { Db, Tx } from "../../db/pool.ts";
import { isPublicId, isStaff, type Viewer } from "../../platform/index.ts";
import { isCancelledStatus, isFinishedStatus, isVoidedStatus } from "./trades.domain.ts";
import * as peopleRepo from "./trades.people.repo.ts";
import * as repo from "./trades.repo.ts";
import { cryptoAmountOf, feeAmountOf } from "./trades.view.ts";

/**
 * What other modules (chat, feedback, contacts' recent partners, exports) may know about a
 * trade. They never read the trades tables; they ask here.
 */

export interface TradeAccess {
  /** The serial id, for other modules' foreign keys and listTradeEvents. Never shown to users. */
  tradeId: number;
  idHashed: string;
  buyerId: number;
  sellerId: number;
  buyerUsername: string;
  sellerUsername: string;
  offerOwnerId: number;
  status: TradeStatus;
  /** The viewer is the buyer or the seller. */
  isParty: boolean;
  /** The viewer is staff (moderator, supermod, admin); a party who is staff is a party first. */
  isStaff: boolean;
  /** The viewer's role: buyer, seller, or moderator for staff looking on. */
  viewerRole: "buyer" | "seller" | "moderator";
  isFinished: boolean;
  /** The spec's "counts as cancelled": cancelled by the buyer or the system. */
  isCancelled: boolean;
  /** Ended with the escrow back with the seller and no dispute (any cancel, or the expiry). */
  isVoided: boolean;
  /** Successful: released, or a dispute awarded to the buyer. */
  isSuccessful: boolean;
  startedAt: Date;
  paidAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  /** When the payment window of an unpaid trade ends. */
  expiresAt: Date;
  offerType: "buy" | "sell";
  offerIdHashed: string;
  cryptoCurrencyCode: string;
  fiatCurrencyCode: string;
  /** Decimal strings with every decimal of the currency. */
  cryptoAmount: string;
  feeAmount: string;
  fiatAmount: string;
  fiatPricePerCrypto: string;
  paymentMethodName: string;
}

/**
 * The trade an id names as this viewer may use it, or null: unknown ids, anonymous viewers and
 * strangers all get null, so a caller cannot leak that a trade exists (answer 404).
 */
export async function getTradeAccess(
  db: Db | Tx,
  idHashed: string,
  viewer: Viewer | null,
): Promise<TradeAccess | null> {
  if (!viewer || !isPublicId(idHashed)) return null;
  const row = await repo.findTradeByIdHashed(db, idHashed);
  if (!row) return null;
  const isBuyer = Number(row.buyer_id) === viewer.userId;
  const isSeller = Number(row.seller_id) === viewer.userId;
  const staff = isStaff(viewer);
  if (!isBuyer && !isSeller && !staff) return null;
  const parties = await peopleRepo.findParties(db, [row.buyer_id, row.seller_id]);
  return {
    tradeId: Number(row.id),
    idHashed: row.id_hashed,
    buyerId: Number(row.buyer_id),
    sellerId: Number(row.seller_id),
    buyerUsername: parties.get(String(row.buyer_id))?.username ?? "",
    sellerUsername: parties.get(String(row.seller_id))?.username ?? "",
    offerOwnerId: Number(row.offer_owner_id),
    status: row.status,
    isParty: isBuyer || isSeller,
    isStaff: staff,
    viewerRole: isBuyer ? "buyer" : isSeller ? "seller" : "moderator",
    isFinished: isFinishedStatus(row.status),
    isCancelled: isCancelledStatus(row.status),
    isVoided: isVoidedStatus(row.status),
    isSuccessful: row.status === "released" || row.status === "dispute_won_buyer",
    startedAt: row.started_at,
    paidAt: row.paid_at,
    completedAt: row.completed_at,
    cancelledAt: row.cancelled_at,
    expiresAt: row.expires_at,
    offerType: row.offer_type,
    offerIdHashed: row.offer_id_hashed,
    cryptoCurrencyCode: row.crypto_currency_code,
    fiatCurrencyCode: row.fiat_currency_code,
    cryptoAmount: cryptoAmountOf(row),
    feeAmount: feeAmountOf(row),
    fiatAmount: row.fiat_amount,
    fiatPricePerCrypto: row.fiat_price_per_crypto,
    paymentMethodName: row.payment_method_name,
  };
}

/**
 * The parties of a trade, for notices sent to them after the fact (webhooks); null for an unknown
 * id. Callers must not show a trade to anyone on this alone: it checks no viewer.
 */
export async function findTradePartyIds(
  db: Db | Tx,
  idHashed: string,
): Promise<{ buyerId: number; sellerId: number } | null> {
  if (!isPublicId(idHashed)) return null;
  const row = await repo.findTradeByIdHashed(db, idHashed);
  return row ? { buyerId: Number(row.buyer_id), sellerId: Number(row.seller_id) } : null;
}

export interface TradeEventRecord {
  seq: number;
  /** A status (active_funded, paid, released, cancelled_*, dispute_*) or a flow event name. */
  name: string;
  actorRole: TradeActorRole;
  actorUserId: number | null;
  actorUsername: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/**
 * A trade's events after `sinceSeq` (all when absent), in order. Status events are named after
 * the status reached with payload {from, to}; flow events are requirement_uploaded,
 * requirement_submitted, requirement_approved, requirement_rejected, payment_details_revealed,
 * policy_read, fallback_requested, trade_reported, chargeback_started, chargeback_paid,
 * chargeback_dismissed, dispute_appealed.
 */
export async function listTradeEvents(db: Db | Tx, tradeId: number, sinceSeq = 0): Promise<TradeEventRecord[]> {
  const rows = await repo.listEvents(db, BigInt(tradeId), sinceSeq);
  return rows.map((row) => ({
    seq: row.seq,
    name: row.name,
    actorRole: row.actor_role,
    actorUserId: row.actor_user_id === null ? null : Number(row.actor_user_id),
    actorUsername: row.actor_username ?? null,
    payload: (typeof row.payload === "object" && row.payload !== null ? row.payload : {}) as Record<string, unknown>,
    createdAt: row.created_at,
  }));
}

/** Whether two users have a trade together, in any status (chat visibility TRUSTED_AND_TRADE_PARTNERS). */
export async function haveTradedTogether(db: Db | Tx, userA: number, userB: number): Promise<boolean> {
  if (userA === userB) return false;
  return peopleRepo.haveTradedTogether(db, userA, userB);
}

/**
 * Which chat block reason (docs/product.md#chat-block-reasons) a trade's status implies for a
 * party, or null when
 * they may chat: open trades chat; a finished one keeps its chat for
 * TRADE_RULES.chatGraceHoursAfterFinish, then it is closed with the reason of how it ended.
 * Staff are never blocked. ChatBlocked (a block between the two) is the contacts module's fact.
 */
export function chatBlockReasonOf(
  access: Pick<TradeAccess, "status" | "isParty" | "isStaff" | "completedAt" | "cancelledAt">,
  now: Date = new Date(),
): ChatBlockReason | null {
  if (access.isStaff && !access.isParty) return null;
  if (!isFinishedStatus(access.status)) return null;
  const endedAt = access.completedAt ?? access.cancelledAt;
  const graceMs = TRADE_RULES.chatGraceHoursAfterFinish * 3_600_000;
  if (endedAt && now.getTime() - endedAt.getTime() < graceMs) return null;
  return isVoidedStatus(access.status) ? "ChatBlockedAfterTradeIsCanceled" : "ChatNotAvailableAfterTradeCompleted";
}
