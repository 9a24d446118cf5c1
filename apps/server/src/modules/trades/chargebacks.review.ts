import {
  type AdminChargeback,
  type AdminChargebackDetail,
  type AdminChargebacksQuery,
  type ChargebackDecisionRequest,
  PAGE_PATHS,
  type PageMeta,
  pageMeta,
  TradeErrorCode,
} from "@souk/contracts";
import { formatAmount } from "@souk/money";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { conflict, type DomainError, forbidden, notFound } from "../../platform/index.ts";
import { announceOncePerSubject } from "../../realtime/index.ts";
import { recordAudit } from "../audit/index.ts";
import { countConfirmedChargeback } from "../users/index.ts";
import {
  type ChargebackFacts,
  type ChargebackPlan,
  type ChargebackRefusal,
  decideChargeback,
} from "./chargebacks.domain.ts";
import * as chargebacksRepo from "./chargebacks.repo.ts";
import { listTradeEvents } from "./trades.access.ts";
import { recordEvent } from "./trades.events.ts";
import * as repo from "./trades.repo.ts";

/**
 * The staff's chargeback queue (docs/decisions/141-chargeback-decisions.md): list the reports,
 * read one, and decide a Pending one Dismissed or Confirmed. A decision locks the report, decides in
 * chargebacks.domain.ts, then writes its state, its one audit row, the trade chat's event, the
 * buyer's record and the parties' notices in one transaction.
 */

/** Who decides: a staff member through the API. */
interface ChargebackCaller {
  userId: number;
  ip: string | null;
}

const chargebackNotFound = () => notFound("No such chargeback report.", TradeErrorCode.CHARGEBACK_NOT_FOUND);

function refusalError(refusal: ChargebackRefusal, row: chargebacksRepo.ChargebackRow): DomainError {
  if (refusal === "own_trade") {
    return forbidden("Staff do not decide a chargeback on their own trade.", TradeErrorCode.CHARGEBACK_OWN_TRADE);
  }
  return conflict("This chargeback report is decided already.", TradeErrorCode.CHARGEBACK_ALREADY_DECIDED, {
    state: row.state,
  });
}

function toAdminChargeback(row: chargebacksRepo.ChargebackRow): AdminChargeback {
  return {
    id: Number(row.id),
    state: row.state,
    timing: row.timing,
    description: row.description,
    tradeId: row.trade_id_hashed,
    tradeStatus: row.trade_status,
    sellerUsername: row.seller_username,
    buyerUsername: row.buyer_username,
    fiatAmount: row.fiat_amount,
    fiatCurrencyCode: row.fiat_currency_code,
    cryptoAmount: formatAmount(BigInt(row.amount_minor), row.crypto_decimals),
    cryptoCurrencyCode: row.crypto_currency_code,
    paymentMethodName: row.payment_method_name,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    decidedBy: row.decided_by_username,
    decisionReason: row.decision_reason,
  };
}

/** GET /rest/v1/admin/chargebacks. */
export async function listChargebacks(
  db: Db,
  query: AdminChargebacksQuery,
): Promise<{ items: AdminChargeback[]; meta: PageMeta }> {
  const { rows, total } = await chargebacksRepo.listChargebacks(db, {
    state: query.state,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return { items: rows.map(toAdminChargeback), meta: pageMeta(total, query.page, query.perPage) };
}

/** GET /rest/v1/admin/chargebacks/{id}: the report, its trade's timing and events, the buyer's record. */
export async function getChargeback(db: Db, id: number): Promise<AdminChargebackDetail> {
  const row = await chargebacksRepo.findChargeback(db, id);
  if (!row) throw chargebackNotFound();
  const events = await listTradeEvents(db, Number(row.trade_id));
  // The buyer's record before this report: a confirmed one is already in the count.
  const isCounted = row.state === "Confirmed";
  return {
    ...toAdminChargeback(row),
    tradeStartedAt: row.started_at.toISOString(),
    tradePaidAt: row.paid_at?.toISOString() ?? null,
    tradeCompletedAt: row.completed_at?.toISOString() ?? null,
    buyerConfirmedChargebacks: Math.max(0, row.buyer_confirmed_chargebacks - (isCounted ? 1 : 0)),
    events: events.map((event) => ({
      seq: event.seq,
      name: event.name,
      actorRole: event.actorRole,
      actorUsername: event.actorUsername,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

const factsOf = (row: chargebacksRepo.ChargebackRow): ChargebackFacts => ({
  state: row.state,
  reporterId: Number(row.reporter_id),
  buyerId: Number(row.buyer_id),
  sellerId: Number(row.seller_id),
});

/** The decision's effects besides the state: the audit row, the chat event, the record, the notices. */
async function writeEffects(
  tx: Tx,
  caller: ChargebackCaller,
  row: chargebacksRepo.ChargebackRow,
  plan: ChargebackPlan,
  reason: string,
): Promise<void> {
  await recordAudit(tx, {
    actor: { kind: "user", userId: caller.userId },
    action: `chargeback.${plan.state === "Confirmed" ? "confirm" : "dismiss"}`,
    subjectType: "chargeback",
    subjectId: row.id,
    reason,
    details: { trade: row.trade_id_hashed, seller: row.seller_username, buyer: row.buyer_username },
    ip: caller.ip,
  });
  const trade = await repo.nextEventSeq(tx, BigInt(row.trade_id));
  await recordEvent(tx, trade, {
    name: plan.chatEvent,
    actorRole: "moderator",
    actorUserId: caller.userId,
    payload: { state: plan.state },
  });
  if (plan.countsOnUserId !== null) await countConfirmedChargeback(tx, plan.countsOnUserId);
  for (const userId of plan.notifyUserIds) {
    await announceOncePerSubject(tx, userId, {
      event: "chargeback.decided",
      subjectId: row.trade_id_hashed,
      link: PAGE_PATHS.viewTrade.replace(":id", row.trade_id_hashed),
      reason: plan.state,
    });
  }
}

/** POST /rest/v1/admin/chargebacks/{id}/decision: Pending to Dismissed or Confirmed, once. */
export async function decideChargebackReport(
  db: Db,
  caller: ChargebackCaller,
  id: number,
  input: ChargebackDecisionRequest,
): Promise<void> {
  await withTx(db, async (tx) => {
    const row = await chargebacksRepo.lockChargeback(tx, id);
    if (!row) throw chargebackNotFound();
    const decision = decideChargeback(caller.userId, factsOf(row), input.state);
    if (decision.kind === "refused") throw refusalError(decision.refusal, row);
    const isDecided = await chargebacksRepo.setDecision(tx, id, {
      state: decision.plan.state,
      staffId: caller.userId,
      reason: input.reason,
    });
    if (!isDecided) throw refusalError("already_decided", row);
    await writeEffects(tx, caller, row, decision.plan, input.reason);
  });
}
