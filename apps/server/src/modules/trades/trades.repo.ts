import type {
  RequirementStatus,
  TradeActorRole,
  TradeBankAccount,
  TradeFlowStep,
  TradeRequirementId,
  TradeStatus,
} from "@souk/contracts";
import { type Generated, type RawBuilder, type Selectable, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import type { TransitionGuard } from "./trades.domain.ts";

/**
 * SQL of the trades module that stores trades, their events and their reports, with the tables'
 * shapes the module's other SQL files share: trades.people.repo.ts (what a trade's people did),
 * trades.requirements.repo.ts (requirements and attachments) and trades.lists.repo.ts (lists).
 * Every function takes the handle (a transaction or the pool) first.
 */

interface TradesTable {
  id: Generated<bigint>;
  id_hashed: string;
  offer_id: bigint;
  offer_id_hashed: string;
  offer_type: "buy" | "sell";
  offer_owner_id: bigint;
  flow_type: string;
  is_fallback: Generated<boolean>;
  buyer_id: bigint;
  seller_id: bigint;
  crypto_currency_id: number;
  crypto_currency_code: string;
  crypto_decimals: number;
  amount_minor: bigint;
  fee_minor: bigint;
  fee_bps: number;
  fiat_currency_id: number;
  fiat_currency_code: string;
  fiat_amount: string;
  fiat_amount_usd: string;
  fiat_price_per_crypto: string;
  payment_method_id: number;
  payment_method_slug: string;
  payment_method_name: string;
  payment_window_minutes: number;
  offer_terms: string;
  trade_instructions: string;
  counts_against_cap: boolean;
  is_opponents_same_ip: boolean;
  status: TradeStatus;
  flow_step: TradeFlowStep;
  event_seq: Generated<number>;
  started_at: Generated<Date>;
  expires_at: Date;
  paid_at: Generated<Date | null>;
  completed_at: Generated<Date | null>;
  cancelled_at: Generated<Date | null>;
  dispute_opened_at: Generated<Date | null>;
  dispute_opened_by: Generated<"buyer" | "seller" | null>;
  dispute_reason_id: Generated<number | null>;
  dispute_reason_text: Generated<string | null>;
  dispute_resolved_at: Generated<Date | null>;
  dispute_resolved_by: Generated<bigint | null>;
  dispute_outcome: Generated<"buyer" | "seller" | null>;
  dispute_note: Generated<string | null>;
  appealed_at: Generated<Date | null>;
  appeal_text: Generated<string | null>;
  taker_id: bigint;
  idempotency_key: string | null;
  updated_at: Generated<Date>;
  /** The trade's own copy of the payee's accounts, made when the payment details were revealed. */
  payment_accounts: Generated<TradeBankAccount[] | null>;
}
export type TradeRow = Selectable<TradesTable>;

/**
 * Every column of a trade, named: a statement that lists its columns runs as a prepared statement
 * (db/pool.ts), where `*` would be parsed and planned on every call. The check below fails to
 * compile when a column is added to TradesTable but not here.
 */
const TRADE_COLUMNS = [
  "id",
  "id_hashed",
  "offer_id",
  "offer_id_hashed",
  "offer_type",
  "offer_owner_id",
  "flow_type",
  "is_fallback",
  "buyer_id",
  "seller_id",
  "crypto_currency_id",
  "crypto_currency_code",
  "crypto_decimals",
  "amount_minor",
  "fee_minor",
  "fee_bps",
  "fiat_currency_id",
  "fiat_currency_code",
  "fiat_amount",
  "fiat_amount_usd",
  "fiat_price_per_crypto",
  "payment_method_id",
  "payment_method_slug",
  "payment_method_name",
  "payment_window_minutes",
  "offer_terms",
  "trade_instructions",
  "counts_against_cap",
  "is_opponents_same_ip",
  "status",
  "flow_step",
  "event_seq",
  "started_at",
  "expires_at",
  "paid_at",
  "completed_at",
  "cancelled_at",
  "dispute_opened_at",
  "dispute_opened_by",
  "dispute_reason_id",
  "dispute_reason_text",
  "dispute_resolved_at",
  "dispute_resolved_by",
  "dispute_outcome",
  "dispute_note",
  "appealed_at",
  "appeal_text",
  "taker_id",
  "idempotency_key",
  "updated_at",
  "payment_accounts",
] as const satisfies readonly (keyof TradesTable)[];
type MissingTradeColumn = Exclude<keyof TradesTable, (typeof TRADE_COLUMNS)[number]>;
const allTradeColumnsNamed: [MissingTradeColumn] extends [never] ? true : MissingTradeColumn = true;
void allTradeColumnsNamed;
const TRADE_COLUMN_LIST = sql.raw(TRADE_COLUMNS.join(", "));

type TradesTables = {
  trades: TradesTable;
  trade_events: {
    trade_id: bigint;
    seq: number;
    name: string;
    actor_role: TradeActorRole;
    actor_user_id: bigint | null;
    payload: unknown;
    idempotency_key: string | null;
    created_at: Generated<Date>;
  };
  trade_requirements: {
    trade_id: bigint;
    requirement_id: TradeRequirementId;
    step: TradeFlowStep;
    is_optional: boolean;
    status: Generated<RequirementStatus>;
    value: Generated<string | null>;
    updated_at: Generated<Date>;
  };
  trade_attachments: {
    id: Generated<bigint>;
    trade_id: bigint;
    requirement_id: string | null;
    uploader_id: bigint;
    file_name: string;
    content_type: string;
    size_bytes: number;
    /** The stored file (platform file storage); null on rows recorded before files were kept. */
    storage_key: string | null;
    created_at: Generated<Date>;
  };
  trade_reports: {
    id: Generated<bigint>;
    trade_id: bigint;
    reporter_id: bigint;
    reason: string;
    message: string;
    status: Generated<string>;
    created_at: Generated<Date>;
  };
  trade_chargebacks: {
    id: Generated<bigint>;
    trade_id: bigint;
    reporter_id: bigint;
    timing: string;
    description: string;
    state: Generated<"Pending" | "Dismissed" | "Confirmed">;
    created_at: Generated<Date>;
  };
  /** Columns of the users table this module reads (docs/decisions/002). */
  users: {
    id: bigint;
    username: string;
    avatar_url: string | null;
    country_iso: string | null;
    id_verified_at: Date | null;
    kyc_level: string;
    fee_discount: string;
    first_name: string | null;
    full_name_visibility_type: string;
    completed_trades: number;
    last_seen_at: Date | null;
  };
  sessions: { user_id: bigint; ip: string | null; revoked_at: Date | null; last_seen_at: Date };
};

export function tables(db: Db | Tx) {
  return db.withTables<TradesTables>();
}

// ---- trades --------------------------------------------------------------------------------

export type NewTrade = Omit<
  TradesTable,
  | "id"
  | "is_fallback"
  | "event_seq"
  | "started_at"
  | "paid_at"
  | "completed_at"
  | "cancelled_at"
  | "dispute_opened_at"
  | "dispute_opened_by"
  | "dispute_reason_id"
  | "dispute_reason_text"
  | "dispute_resolved_at"
  | "dispute_resolved_by"
  | "dispute_outcome"
  | "dispute_note"
  | "appealed_at"
  | "appeal_text"
  | "updated_at"
  | "expires_at"
  | "payment_accounts"
>;

/**
 * Inserts a trade whose window starts now (the database's clock) and lasts its payment window.
 * `paymentAccounts` (SQL) is its copy of the payee's accounts when the trade starts revealed.
 */
export async function insertTrade(
  tx: Tx,
  values: NewTrade,
  paymentAccounts: RawBuilder<unknown> | null = null,
): Promise<TradeRow> {
  return tables(tx)
    .insertInto("trades")
    .values({
      ...values,
      ...(paymentAccounts ? { payment_accounts: sql<TradeBankAccount[]>`${paymentAccounts}` } : {}),
      event_seq: 1,
      expires_at: sql<Date>`now() + make_interval(mins => ${values.payment_window_minutes}::integer)`,
    })
    .returning(TRADE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function findTradeByIdHashed(db: Db | Tx, idHashed: string): Promise<TradeRow | undefined> {
  return tables(db).selectFrom("trades").select(TRADE_COLUMNS).where("id_hashed", "=", idHashed).executeTakeFirst();
}

export async function findTradeById(db: Db | Tx, id: bigint): Promise<TradeRow | undefined> {
  return tables(db).selectFrom("trades").select(TRADE_COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** The trade's row, locked until the transaction ends (flow changes queue behind status changes). */
export async function lockTrade(tx: Tx, id: bigint): Promise<TradeRow | undefined> {
  return tables(tx).selectFrom("trades").select(TRADE_COLUMNS).where("id", "=", id).forNoKeyUpdate().executeTakeFirst();
}

/** Whether the trade has an event of this name written at or after a moment. */
export async function hasEventSince(tx: Tx, tradeId: bigint, name: string, since: Date): Promise<boolean> {
  const row = await tables(tx)
    .selectFrom("trade_events")
    .select("seq")
    .where("trade_id", "=", tradeId)
    .where("name", "=", name)
    .where("created_at", ">=", since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findTradeByIdempotencyKey(
  db: Db | Tx,
  takerId: number,
  key: string,
): Promise<TradeRow | undefined> {
  return tables(db)
    .selectFrom("trades")
    .select(TRADE_COLUMNS)
    .where("taker_id", "=", BigInt(takerId))
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

/**
 * A transition guard as SQL over the trades row, the twin of the domain's isGuardMet: the UPDATE
 * decides by this one, and trades.guards.int.test.ts proves the two agree.
 */
export function transitionGuardSql(
  guard: TransitionGuard,
  now: RawBuilder<Date>,
  disputeAfterMinutes: number,
): RawBuilder<boolean> {
  switch (guard) {
    case "before_expiry":
      return sql<boolean>`expires_at > ${now}`;
    case "after_expiry":
      return sql<boolean>`expires_at <= ${now}`;
    case "dispute_available":
      return sql<boolean>`(status = 'paid' OR (status = 'active_funded' AND expires_at > ${now}
        AND started_at <= ${now} - make_interval(mins => ${disputeAfterMinutes}::integer)))`;
    case "requirements_met":
      return sql<boolean>`NOT EXISTS (SELECT 1 FROM trade_requirements r WHERE r.trade_id = trades.id
        AND NOT r.is_optional AND r.status NOT IN ('uploaded', 'approved'))`;
  }
}

export interface TransitionUpdate {
  id: bigint;
  from: readonly TradeStatus[];
  to: TradeStatus;
  guards: readonly TransitionGuard[];
  /** Columns set with the status (timestamps use the database's clock). */
  set: TransitionColumns;
  /** The clock the guards compare with; the database's now() when absent. */
  now?: Date;
  disputeAfterMinutes: number;
}

export interface TransitionColumns {
  paidAt?: true;
  completedAt?: true;
  cancelledAt?: true;
  dispute?: { openedBy: "buyer" | "seller"; reasonId: number; reasonText: string };
  resolution?: { moderatorId: number; outcome: "buyer" | "seller"; note: string };
  /** When the trade is in dispute_open, the dispute is closed as resolved by this user for this party. */
  closeDispute?: { byUserId: number; outcome: "buyer" | "seller"; note: string };
  /** The payee's accounts (SQL over the row), copied unless the trade has its copy already. */
  paymentAccounts?: RawBuilder<unknown>;
}

/**
 * THE status change: one conditional UPDATE. It changes the row only when the status is one the
 * rule allows and every guard holds at this instant; concurrent commands on one trade queue on
 * the row lock, and each re-checks the condition after the one before it committed, so at most
 * one of them wins. Returns undefined when nothing changed.
 */
export async function applyTransition(tx: Tx, update: TransitionUpdate): Promise<TradeRow | undefined> {
  const now = update.now ? sql<Date>`${update.now}::timestamptz` : sql<Date>`now()`;
  const sets: RawBuilder<unknown>[] = [
    sql`status = ${update.to}`,
    sql`event_seq = event_seq + 1`,
    sql`updated_at = now()`,
  ];
  if (update.set.paidAt) sets.push(sql`paid_at = now()`);
  if (update.set.paymentAccounts) {
    sets.push(sql`payment_accounts = coalesce(payment_accounts, ${update.set.paymentAccounts})`);
  }
  if (update.set.completedAt) sets.push(sql`completed_at = now()`);
  if (update.set.cancelledAt) sets.push(sql`cancelled_at = now()`);
  if (update.set.dispute) {
    const d = update.set.dispute;
    sets.push(
      sql`dispute_opened_at = now()`,
      sql`dispute_opened_by = ${d.openedBy}`,
      sql`dispute_reason_id = ${d.reasonId}::integer`,
      sql`dispute_reason_text = ${d.reasonText}`,
    );
  }
  if (update.set.resolution) {
    const r = update.set.resolution;
    sets.push(
      sql`dispute_resolved_at = now()`,
      sql`dispute_resolved_by = ${BigInt(r.moderatorId)}`,
      sql`dispute_outcome = ${r.outcome}`,
      sql`dispute_note = ${r.note}`,
    );
  }
  if (update.set.closeDispute) {
    // `status` on the right of SET is the row's status before this UPDATE.
    const c = update.set.closeDispute;
    const inDispute = sql`status = 'dispute_open'`;
    sets.push(
      sql`dispute_resolved_at = CASE WHEN ${inDispute} THEN now() ELSE dispute_resolved_at END`,
      sql`dispute_resolved_by = CASE WHEN ${inDispute} THEN ${BigInt(c.byUserId)} ELSE dispute_resolved_by END`,
      sql`dispute_outcome = CASE WHEN ${inDispute} THEN ${c.outcome} ELSE dispute_outcome END`,
      sql`dispute_note = CASE WHEN ${inDispute} THEN ${c.note} ELSE dispute_note END`,
    );
  }
  const conditions = [
    sql`id = ${update.id}`,
    sql`status = ANY(${[...update.from]}::text[])`,
    ...update.guards.map((guard) => transitionGuardSql(guard, now, update.disputeAfterMinutes)),
  ];
  const result = await sql<TradeRow>`
    UPDATE trades SET ${sql.join(sets)} WHERE ${sql.join(conditions, sql` AND `)} RETURNING ${TRADE_COLUMN_LIST}`.execute(
    tx,
  );
  return result.rows[0];
}

/** Bumps the event sequence for a flow event (no status change) and locks the row until commit. */
export async function nextEventSeq(
  tx: Tx,
  id: bigint,
  extra: { flowStep?: TradeFlowStep; isFallback?: true; paymentAccounts?: RawBuilder<unknown> } = {},
) {
  return tables(tx)
    .updateTable("trades")
    .set((eb) => ({
      event_seq: eb("event_seq", "+", 1),
      updated_at: sql`now()`,
      ...(extra.flowStep ? { flow_step: extra.flowStep } : {}),
      ...(extra.paymentAccounts
        ? { payment_accounts: sql<TradeBankAccount[]>`coalesce(payment_accounts, ${extra.paymentAccounts})` }
        : {}),
      ...(extra.isFallback ? { is_fallback: true } : {}),
    }))
    .where("id", "=", id)
    .returning(TRADE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function setAppeal(tx: Tx, id: bigint, text: string): Promise<TradeRow | undefined> {
  return tables(tx)
    .updateTable("trades")
    .set((eb) => ({
      appealed_at: sql`now()`,
      appeal_text: text,
      event_seq: eb("event_seq", "+", 1),
      updated_at: sql`now()`,
    }))
    .where("id", "=", id)
    .where("appealed_at", "is", null)
    .where("dispute_resolved_at", "is not", null)
    .returning(TRADE_COLUMNS)
    .executeTakeFirst();
}

// ---- events --------------------------------------------------------------------------------

export interface NewEvent {
  tradeId: bigint;
  seq: number;
  name: string;
  actorRole: TradeActorRole;
  actorUserId: number | null;
  payload: Record<string, unknown>;
  idempotencyKey?: string | null;
}

export async function insertEvent(tx: Tx, event: NewEvent): Promise<void> {
  await tables(tx)
    .insertInto("trade_events")
    .values({
      trade_id: event.tradeId,
      seq: event.seq,
      name: event.name,
      actor_role: event.actorRole,
      actor_user_id: event.actorUserId === null ? null : BigInt(event.actorUserId),
      payload: JSON.stringify(event.payload),
      idempotency_key: event.idempotencyKey ?? null,
    })
    .execute();
}

export async function listEvents(db: Db | Tx, tradeId: bigint, sinceSeq: number) {
  return tables(db)
    .selectFrom("trade_events as e")
    .leftJoin("users as u", "u.id", "e.actor_user_id")
    .select([
      "e.seq",
      "e.name",
      "e.actor_role",
      "e.actor_user_id",
      "u.username as actor_username",
      "e.payload",
      "e.created_at",
    ])
    .where("e.trade_id", "=", tradeId)
    .where("e.seq", ">", sinceSeq)
    .orderBy("e.seq")
    .execute();
}

/** The event that moved a trade to a status, with the key of the request behind it. */
export async function findStatusEvent(db: Db | Tx, tradeId: bigint, name: string) {
  return tables(db)
    .selectFrom("trade_events")
    .select(["seq", "actor_user_id", "idempotency_key"])
    .where("trade_id", "=", tradeId)
    .where("name", "=", name)
    .orderBy("seq", "desc")
    .executeTakeFirst();
}

// ---- reports -------------------------------------------------------------------------------

export async function insertReport(
  db: Db | Tx,
  report: { tradeId: bigint; reporterId: number; reason: string; message: string },
): Promise<boolean> {
  const row = await tables(db)
    .insertInto("trade_reports")
    .values({
      trade_id: report.tradeId,
      reporter_id: BigInt(report.reporterId),
      reason: report.reason,
      message: report.message,
    })
    // The partial index's predicate is written as a literal: see docs/decisions/076-hostile-input.md.
    .onConflict((oc) => oc.columns(["trade_id", "reporter_id"]).where("status", "=", sql.lit("open")).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertChargeback(
  db: Db | Tx,
  report: { tradeId: bigint; reporterId: number; timing: string; description: string },
) {
  return tables(db)
    .insertInto("trade_chargebacks")
    .values({
      trade_id: report.tradeId,
      reporter_id: BigInt(report.reporterId),
      timing: report.timing,
      description: report.description,
    })
    .onConflict((oc) => oc.columns(["trade_id", "reporter_id"]).doNothing())
    .returning(["id", "timing", "state", "created_at"])
    .executeTakeFirst();
}
