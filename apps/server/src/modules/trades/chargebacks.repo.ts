import type { ChargebackFilter, ChargebackState, TradeStatus } from "@souk/contracts";
import { sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

/** SQL of the staff's chargeback queue (docs/decisions/141-chargeback-decisions.md). */

export interface ChargebackRow {
  id: string;
  state: ChargebackState;
  timing: "before_reveal_payment_details" | "before_mark_as_paid";
  description: string;
  reporter_id: string;
  created_at: Date;
  decided_at: Date | null;
  decided_by_username: string | null;
  decision_reason: string | null;
  trade_id: string;
  trade_id_hashed: string;
  trade_status: TradeStatus;
  buyer_id: string;
  seller_id: string;
  buyer_username: string;
  seller_username: string;
  buyer_confirmed_chargebacks: number;
  fiat_amount: string;
  fiat_currency_code: string;
  amount_minor: string;
  crypto_decimals: number;
  crypto_currency_code: string;
  payment_method_name: string;
  started_at: Date;
  paid_at: Date | null;
  completed_at: Date | null;
}

const SELECT = sql`
  SELECT c.id::text AS id, c.state, c.timing, c.description, c.reporter_id::text AS reporter_id, c.created_at,
    c.decided_at, d.username AS decided_by_username, c.decision_reason,
    t.id::text AS trade_id, t.id_hashed AS trade_id_hashed, t.status AS trade_status,
    t.buyer_id::text AS buyer_id, t.seller_id::text AS seller_id, b.username AS buyer_username,
    s.username AS seller_username, b.confirmed_chargebacks AS buyer_confirmed_chargebacks,
    t.fiat_amount::text AS fiat_amount, t.fiat_currency_code, t.amount_minor::text AS amount_minor,
    t.crypto_decimals, t.crypto_currency_code, t.payment_method_name, t.started_at, t.paid_at, t.completed_at
  FROM trade_chargebacks c
  JOIN trades t ON t.id = c.trade_id
  JOIN users b ON b.id = t.buyer_id
  JOIN users s ON s.id = t.seller_id
  LEFT JOIN users d ON d.id = c.decided_by`;

/** The reports of a state (or all): the Pending queue oldest first, the decided ones newest first. */
export async function listChargebacks(
  db: Db,
  query: { state: ChargebackFilter; limit: number; offset: number },
): Promise<{ rows: ChargebackRow[]; total: number }> {
  const where = query.state === "all" ? sql`true` : sql`c.state = ${query.state}`;
  const order = query.state === "Pending" ? sql`c.created_at ASC, c.id ASC` : sql`c.created_at DESC, c.id DESC`;
  const [rows, count] = await Promise.all([
    sql<ChargebackRow>`${SELECT} WHERE ${where} ORDER BY ${order} LIMIT ${query.limit} OFFSET ${query.offset}`.execute(
      db,
    ),
    sql<{ total: number }>`SELECT count(*)::integer AS total FROM trade_chargebacks c WHERE ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
}

export async function findChargeback(db: Db | Tx, id: number): Promise<ChargebackRow | undefined> {
  return (await sql<ChargebackRow>`${SELECT} WHERE c.id = ${id}`.execute(db)).rows[0];
}

/** The report a decision acts on, its row locked until the decision commits. */
export async function lockChargeback(tx: Tx, id: number): Promise<ChargebackRow | undefined> {
  return (await sql<ChargebackRow>`${SELECT} WHERE c.id = ${id} FOR UPDATE OF c`.execute(tx)).rows[0];
}

/** The decision, only on a Pending report: false when another decision got there first. */
export async function setDecision(
  tx: Tx,
  id: number,
  decision: { state: ChargebackState; staffId: number; reason: string },
): Promise<boolean> {
  const result = await sql`
    UPDATE trade_chargebacks SET state = ${decision.state}, decided_at = now(), decided_by = ${decision.staffId},
      decision_reason = ${decision.reason}
    WHERE id = ${id} AND state = 'Pending'`.execute(tx);
  return Number(result.numAffectedRows ?? 0) === 1;
}
