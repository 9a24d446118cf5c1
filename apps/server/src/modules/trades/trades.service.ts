import { TRADE_RULES, type Trade, type TradeActorRole } from "@souk/contracts";
import type { Db, Tx } from "../../db/pool.ts";
import { assertMayTransact, type DomainError, failpoint, isStaff, type Viewer } from "../../platform/index.ts";
import { recordActivity } from "../account-security/index.ts";
import { recordAudit } from "../audit/index.ts";
import { tradeRowPaymentAccountsSql } from "../bank-accounts/index.ts";
import { postEscrow, voidEscrow, withLedgerTx } from "../ledger/index.ts";
import { applySystemCancelPenalty, recordCompletedTradeCounts, recordOfferCapUsage } from "../offers/index.ts";
import { adjustTradeCounters } from "../users/index.ts";
import {
  disputeAvailableAt,
  explainRefusal,
  pendingRequirements,
  ruleFor,
  type TradeCommand,
  type TransitionRule,
} from "./trades.domain.ts";
import * as errors from "./trades.errors.ts";
import { recordEvent } from "./trades.events.ts";
import * as listsRepo from "./trades.lists.repo.ts";
import { findTradeFor, viewTrade } from "./trades.lookup.ts";
import type { TradeOptions } from "./trades.options.ts";
import * as peopleRepo from "./trades.people.repo.ts";
import * as repo from "./trades.repo.ts";
import * as requirementsRepo from "./trades.requirements.repo.ts";
import { factsOf, type ViewerRole } from "./trades.view.ts";

/** After this many expiries in a day of trades where a buy offer's owner did not pay, the offer is switched off. */
const OWNER_EXPIRY_PENALTY_THRESHOLD = 3;

// ---- commands ------------------------------------------------------------------------------

export interface CommandInput {
  dispute?: { reasonId: number; reasonText: string };
  resolution?: { outcome: "buyer" | "seller"; note: string };
  idempotencyKey?: string | null;
}

/** The dispute note of a trade the seller released while it was in dispute (shown to both parties). */
const RELEASED_IN_DISPUTE_NOTE = "The seller released the crypto, which closed the dispute.";

function columnsFor(
  rule: TransitionRule,
  actorRole: TradeActorRole,
  viewerId: number | null,
  input: CommandInput,
): repo.TransitionColumns {
  switch (rule.command) {
    case "paid":
      // A payment marked before the flow revealed the details reveals them: the trade keeps its copy.
      return { paidAt: true, paymentAccounts: tradeRowPaymentAccountsSql() };
    case "release":
      // A dispute open at that moment is closed for the party the rule names (the repo checks it is open).
      return {
        completedAt: true,
        ...(rule.closesDisputeFor && viewerId !== null
          ? { closeDispute: { byUserId: viewerId, outcome: rule.closesDisputeFor, note: RELEASED_IN_DISPUTE_NOTE } }
          : {}),
      };
    case "cancel":
    case "expire":
      return { cancelledAt: true };
    case "dispute":
      if (!input.dispute || (actorRole !== "buyer" && actorRole !== "seller"))
        throw new Error("a dispute needs its reason");
      return { dispute: { openedBy: actorRole, ...input.dispute } };
    case "award_buyer":
    case "award_seller":
      if (!input.resolution || viewerId === null) throw new Error("an award needs its resolution");
      return { completedAt: true, resolution: { moderatorId: viewerId, ...input.resolution } };
  }
}

/**
 * A successful trade counts for both parties: completed trades, partners and BTC traded on the
 * user (users door), the completed count of the marketplace's trader figures (offers door) and
 * the offer cap. The users' rows are locked in id order, before any ledger account, as every
 * trade transaction does.
 */
async function recordSuccess(tx: Tx, row: repo.TradeRow): Promise<void> {
  const buyerId = Number(row.buyer_id);
  const sellerId = Number(row.seller_id);
  const ids = [buyerId, sellerId].sort((a, b) => a - b);
  const btc = row.crypto_currency_code === "BTC" ? row.amount_minor : 0n;
  const partners = (await peopleRepo.haveCompletedTogether(tx, buyerId, sellerId, row.id)) ? 0 : 1;
  const counts: { userId: number; completedTrades: number }[] = [];
  for (const id of ids) {
    const counters = await adjustTradeCounters(tx, id, { completed: 1, partners, btcTradedMinor: btc });
    counts.push({ userId: id, completedTrades: counters.completedTrades });
  }
  // The exact count goes to the marketplace's figures now; the 30-day count and the release-time
  // median are aggregates the trades.refresh-trader-stats job recomputes (off the hot path).
  await recordCompletedTradeCounts(tx, counts);
  if (row.counts_against_cap) await recordOfferCapUsage(tx, row.offer_id, row.fiat_amount);
}

async function settleEscrow(tx: Tx, rule: TransitionRule, row: repo.TradeRow): Promise<void> {
  const amounts = {
    tradeId: String(row.id),
    currencyCode: row.crypto_currency_code,
    amountMinor: row.amount_minor,
    feeMinor: row.fee_minor,
  };
  if (rule.ledger === "post") await postEscrow(tx, { ...amounts, buyerId: Number(row.buyer_id) });
  if (rule.ledger === "void") await voidEscrow(tx, { ...amounts, sellerId: Number(row.seller_id) });
}

/**
 * The one transition function. It applies `rule` to trade `tradeId` in one ledger transaction:
 * the conditional status UPDATE (the only writer of trades.status), the bookkeeping of a
 * successful trade, the ledger's post or void, the trade event and the real-time hints. Returns
 * the updated row, or null when the trade was not in a state the rule allows (nothing changed).
 */
async function applyRule(
  db: Db,
  tradeId: bigint,
  rule: TransitionRule,
  actor: { role: TradeActorRole; userId: number | null },
  input: CommandInput,
  now?: Date,
): Promise<repo.TradeRow | null> {
  return withLedgerTx(db, async (tx) => {
    const updated = await repo.applyTransition(tx, {
      id: tradeId,
      from: rule.from,
      to: rule.to,
      guards: rule.guards,
      set: columnsFor(rule, actor.role, actor.userId, input),
      disputeAfterMinutes: TRADE_RULES.disputeAvailableAfterMinutes,
      ...(now ? { now } : {}),
    });
    if (!updated) return null;
    if (updated.status === "released" || updated.status === "dispute_won_buyer") await recordSuccess(tx, updated);
    if (updated.status === "expired" && updated.offer_type === "buy") {
      if ((await peopleRepo.countRecentOwnerExpiries(tx, updated.offer_id)) >= OWNER_EXPIRY_PENALTY_THRESHOLD) {
        await applySystemCancelPenalty(tx, updated.offer_id);
      }
    }
    await settleEscrow(tx, rule, updated);
    if (rule.command === "release" && actor.userId !== null)
      await recordActivity(tx, { userId: actor.userId, type: "release", details: { trade: updated.id_hashed } });
    const payload: Record<string, unknown> = { from: rule.from.length === 1 ? rule.from[0] : null, to: rule.to };
    if (input.dispute) payload.disputeReasonId = input.dispute.reasonId;
    if (input.resolution) payload.outcome = input.resolution.outcome;
    if (input.resolution && actor.userId !== null) {
      await recordAudit(tx, {
        actor: { kind: "user", userId: actor.userId },
        action: "dispute.resolve",
        subjectType: "trade",
        subjectId: updated.id_hashed,
        reason: input.resolution.note,
        details: { outcome: input.resolution.outcome },
      });
    }
    if (rule.closesDisputeFor && updated.dispute_opened_at) {
      payload.from = "dispute_open";
      payload.outcome = rule.closesDisputeFor;
    }
    await recordEvent(tx, updated, {
      name: rule.to,
      actorRole: actor.role,
      actorUserId: actor.userId,
      payload,
      idempotencyKey: input.idempotencyKey ?? null,
    });
    failpoint(`trade.${rule.command}.before_commit`);
    return updated;
  });
}

function refusalError(
  command: TradeCommand,
  role: ViewerRole,
  row: repo.TradeRow,
  requirements: Awaited<ReturnType<typeof requirementsRepo.listRequirements>>,
  now: Date,
): DomainError {
  const facts = factsOf(row, requirements);
  const refusal = explainRefusal(command, role, facts, now);
  if (!refusal || refusal.kind === "wrong_state") return errors.wrongState(row.status);
  if (refusal.kind === "not_allowed_for_role") return errors.notAllowedForRole();
  switch (refusal.guard) {
    case "before_expiry":
      return errors.tradeExpired(row.status);
    case "after_expiry":
      return command === "cancel" ? errors.sellerCancelNotAllowed(row.status) : errors.wrongState(row.status);
    case "dispute_available": {
      const at = disputeAvailableAt(facts);
      return errors.disputeNotAvailable(row.status, at ? at.toISOString() : null);
    }
    case "requirements_met":
      return errors.requirementsPending(row.status, pendingRequirements(facts));
  }
}

/**
 * A party's or a moderator's command on a trade: who may (404 for strangers, 403 for the wrong
 * party), then the transition. A refused transition changes nothing and answers 409 with the
 * reason; a keyed request whose transition already happened for the same key answers as done.
 */
export async function runCommand(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  command: TradeCommand,
  input: CommandInput,
  options: TradeOptions,
  precheck?: (row: repo.TradeRow, role: ViewerRole) => Promise<void>,
): Promise<Trade> {
  const { row, role } = await findTradeFor(db, viewer, idHashed);
  const isAward = command === "award_buyer" || command === "award_seller";
  if (isAward && role !== "moderator") throw isStaff(viewer) ? errors.ownDispute() : errors.notAllowedForRole();
  const rule = ruleFor(command, role);
  if (!rule) throw errors.notAllowedForRole();
  await precheck?.(row, role);
  const updated = await applyRule(db, row.id, rule, { role, userId: viewer.userId }, input, options.now);
  if (updated) failpoint(`trade.${command}.after_commit`);
  if (updated) return viewTrade(db, updated, viewer, role, options.features);
  const current = (await repo.findTradeById(db, row.id)) ?? row;
  if (input.idempotencyKey && current.status === rule.to) {
    const event = await repo.findStatusEvent(db, current.id, rule.to);
    if (event && event.idempotency_key === input.idempotencyKey && Number(event.actor_user_id) === viewer.userId) {
      return viewTrade(db, current, viewer, role, options.features);
    }
  }
  const requirements = await requirementsRepo.listRequirements(db, [current.id]);
  throw refusalError(command, role, current, requirements, options.now ?? new Date());
}

export const markPaid = (db: Db, viewer: Viewer, idHashed: string, options: TradeOptions) =>
  runCommand(db, viewer, idHashed, "paid", {}, options);

/** A cancel voids the escrow, so like a release it carries the request's Idempotency-Key. */
export const cancelTrade = (
  db: Db,
  viewer: Viewer,
  idHashed: string,
  options: TradeOptions,
  idempotencyKey: string | null = null,
) => runCommand(db, viewer, idHashed, "cancel", { idempotencyKey }, options);

export async function releaseTrade(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  input: { code?: string; idempotencyKey?: string | null },
  options: TradeOptions & { assertSecondFactor: (userId: number, code?: string) => Promise<void> },
): Promise<Trade> {
  // The second factor is asked of the seller of a paid trade only, after the role was checked.
  return runCommand(
    db,
    viewer,
    idHashed,
    "release",
    { idempotencyKey: input.idempotencyKey ?? null },
    options,
    async (row, role) => {
      // A frozen (suspended, on-hold, compromised, banned) seller cannot let the escrow go
      // (docs/decisions/004-restrictions.md); staff releasing in a dispute act for the platform.
      if (role === "seller") assertMayTransact(viewer);
      if (row.status === "paid" || row.status === "dispute_open")
        await options.assertSecondFactor(viewer.userId, input.code);
    },
  );
}

// ---- expiry --------------------------------------------------------------------------------

const EXPIRE_RULE = ruleFor("expire", "system") as TransitionRule;

/** Expires one unpaid trade whose window has passed; false when it was not due (or already gone). */
export async function expireTrade(db: Db, tradeId: bigint, now?: Date): Promise<boolean> {
  return (await applyRule(db, tradeId, EXPIRE_RULE, { role: "system", userId: null }, {}, now)) !== null;
}

/**
 * Expires (`expired`, escrow voided to the seller) every active_funded trade whose payment
 * window has passed at `now` (the database's clock when absent). Safe to run many times and on
 * several workers at once: each trade's conditional UPDATE lets exactly one of them expire it,
 * and a paid trade is never touched (docs/reliability.md#i11-timed-transitions-are-safe-to-repeat).
 */
export async function expireDueTrades(db: Db, now?: Date): Promise<{ expired: number; checked: number }> {
  const batch = 200;
  let expired = 0;
  let checked = 0;
  for (let round = 0; round < 50; round += 1) {
    const ids = await listsRepo.listDueTradeIds(db, now ?? new Date(), batch);
    checked += ids.length;
    for (const id of ids) if (await expireTrade(db, id, now)) expired += 1;
    if (ids.length < batch) break;
  }
  return { expired, checked };
}
