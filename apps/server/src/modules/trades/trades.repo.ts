import type {
  RequirementStatus,
  TradeActorRole,
  TradeFlowStep,
  TradeRequirementId,
  TradeStatus,
} from "@souk/contracts";
import { type Generated, type RawBuilder, type Selectable, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import type { TransitionGuard } from "./trades.domain.ts";

/** SQL of the trades module. Every function takes the handle (a transaction or the pool) first. */

export interface TradesTable {
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
}
export type TradeRow = Selectable<TradesTable>;

/**
 * Every column of a trade, named: a statement that lists its columns runs as a prepared statement
 * (db/pool.ts), where `*` would be parsed and planned on every call. The check below fails to
 * compile when a column is added to TradesTable but not here.
 */
export const TRADE_COLUMNS = [
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

function tables(db: Db | Tx) {
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
>;

/** Inserts a trade whose window starts now (the database's clock) and lasts its payment window. */
export async function insertTrade(tx: Tx, values: NewTrade): Promise<TradeRow> {
  return tables(tx)
    .insertInto("trades")
    .values({
      ...values,
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

function guardSql(guard: TransitionGuard, now: RawBuilder<Date>, disputeAfterMinutes: number): RawBuilder<boolean> {
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
    ...update.guards.map((guard) => guardSql(guard, now, update.disputeAfterMinutes)),
  ];
  const result = await sql<TradeRow>`
    UPDATE trades SET ${sql.join(sets)} WHERE ${sql.join(conditions, sql` AND `)} RETURNING ${TRADE_COLUMN_LIST}`.execute(
    tx,
  );
  return result.rows[0];
}

/** Bumps the event sequence for a flow event (no status change) and locks the row until commit. */
export async function nextEventSeq(tx: Tx, id: bigint, extra: { flowStep?: TradeFlowStep; isFallback?: true } = {}) {
  return tables(tx)
    .updateTable("trades")
    .set((eb) => ({
      event_seq: eb("event_seq", "+", 1),
      updated_at: sql`now()`,
      ...(extra.flowStep ? { flow_step: extra.flowStep } : {}),
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

// ---- users ---------------------------------------------------------------------------------

export interface StartFactsRow {
  completed_trades: number;
  id_verified_at: Date | null;
  kyc_level: string;
  country_iso: string | null;
  first_name: string | null;
  full_name_visibility_type: string;
  /** The seller's fee discount (userPerks). */
  seller_fee_discount: string;
  /** The address the offer owner's newest live session came from (for isOpponentsSameIp). */
  owner_ip: string | null;
}

/**
 * What a start needs of its people, in one statement: the taker's facts, with the taker's row
 * locked (FOR NO KEY UPDATE) until the start commits, so two starts by one user run one after the
 * other and the active-trade and daily-volume counts each sees include the other's trade (NO KEY
 * keeps the foreign keys of other inserts free); the seller's fee discount; the owner's address.
 */
export async function lockStartFacts(
  tx: Tx,
  ids: { takerId: number; sellerId: number; ownerId: number },
): Promise<StartFactsRow | undefined> {
  const result = await sql<StartFactsRow>`
    SELECT u.completed_trades, u.id_verified_at, u.kyc_level::text AS kyc_level, u.country_iso, u.first_name,
      u.full_name_visibility_type,
      coalesce((SELECT s.fee_discount FROM users s WHERE s.id = ${BigInt(ids.sellerId)}), 0)::text AS seller_fee_discount,
      (SELECT host(ip) FROM sessions WHERE user_id = ${BigInt(ids.ownerId)} AND revoked_at IS NULL
        ORDER BY last_seen_at DESC LIMIT 1) AS owner_ip
    FROM users u WHERE u.id = ${BigInt(ids.takerId)} FOR NO KEY UPDATE OF u`.execute(tx);
  return result.rows[0];
}

export async function isIdVerified(db: Db | Tx, userId: number): Promise<boolean> {
  const row = await tables(db)
    .selectFrom("users")
    .select("id_verified_at")
    .where("id", "=", BigInt(userId))
    .executeTakeFirst();
  return row?.id_verified_at != null;
}

export interface PartyRow {
  id: bigint;
  username: string;
  avatar_url: string | null;
  country_iso: string | null;
  id_verified_at: Date | null;
  completed_trades: number;
  last_seen_at: Date | null;
}

export async function findParties(db: Db | Tx, ids: bigint[]): Promise<Map<string, PartyRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tables(db)
    .selectFrom("users")
    .select(["id", "username", "avatar_url", "country_iso", "id_verified_at", "completed_trades", "last_seen_at"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [String(row.id), row]));
}

export async function countActiveTrades(db: Db | Tx, userId: number): Promise<number> {
  const result = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM (
      SELECT id FROM trades WHERE buyer_id = ${BigInt(userId)} AND status IN ('active_funded', 'paid', 'dispute_open')
      UNION ALL
      SELECT id FROM trades WHERE seller_id = ${BigInt(userId)} AND status IN ('active_funded', 'paid', 'dispute_open')
    ) t`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** USD volume of a user's trades started in the last 24 hours, cancelled ones left out. */
export async function sumDailyVolumeUsd(db: Db | Tx, userId: number): Promise<string> {
  const result = await sql<{ total: string }>`
    SELECT coalesce(sum(fiat_amount_usd), 0)::text AS total FROM (
      SELECT fiat_amount_usd, status FROM trades WHERE buyer_id = ${BigInt(userId)} AND started_at > now() - interval '24 hours'
      UNION ALL
      SELECT fiat_amount_usd, status FROM trades WHERE seller_id = ${BigInt(userId)} AND started_at > now() - interval '24 hours'
    ) t WHERE status NOT IN ('cancelled_buyer', 'cancelled_seller', 'cancelled_system')`.execute(db);
  return result.rows[0]?.total ?? "0";
}

/** Whether two users finished a successful trade together other than `exceptTradeId`. */
export async function haveCompletedTogether(
  db: Db | Tx,
  a: number,
  b: number,
  exceptTradeId: bigint,
): Promise<boolean> {
  const result = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM trades WHERE id <> ${exceptTradeId} AND status IN ('released', 'dispute_won_buyer')
        AND ((buyer_id = ${BigInt(a)} AND seller_id = ${BigInt(b)}) OR (buyer_id = ${BigInt(b)} AND seller_id = ${BigInt(a)}))
    ) AS found`.execute(db);
  return result.rows[0]?.found ?? false;
}

export async function haveTradedTogether(db: Db | Tx, a: number, b: number): Promise<boolean> {
  const result = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM trades
      WHERE (buyer_id = ${BigInt(a)} AND seller_id = ${BigInt(b)}) OR (buyer_id = ${BigInt(b)} AND seller_id = ${BigInt(a)})
    ) AS found`.execute(db);
  return result.rows[0]?.found ?? false;
}

/** Figures for the marketplace's trader stats (offers.recordTraderStats). */
export async function traderFigures(db: Db | Tx, userId: number) {
  const result = await sql<{ completed_30d: number; release_median: number | null }>`
    SELECT
      (SELECT count(*)::integer FROM (
        SELECT id FROM trades WHERE buyer_id = ${BigInt(userId)} AND status IN ('released', 'dispute_won_buyer')
          AND completed_at > now() - interval '30 days'
        UNION ALL
        SELECT id FROM trades WHERE seller_id = ${BigInt(userId)} AND status IN ('released', 'dispute_won_buyer')
          AND completed_at > now() - interval '30 days') c) AS completed_30d,
      (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY seconds)::integer FROM (
        SELECT extract(epoch FROM completed_at - paid_at) AS seconds FROM trades
        WHERE seller_id = ${BigInt(userId)} AND status = 'released' AND paid_at IS NOT NULL
        ORDER BY completed_at DESC LIMIT 100) r) AS release_median`.execute(db);
  const row = result.rows[0];
  return { completedTrades30d: row?.completed_30d ?? 0, releaseTimeMedianSeconds: row?.release_median ?? null };
}

/** Users with a successful trade completed since `since` (for the trader-figures refresh). */
export async function listRecentlyCompletedUsers(db: Db | Tx, sinceMinutes: number): Promise<number[]> {
  const result = await sql<{ id: string }>`
    SELECT DISTINCT id::text AS id FROM (
      SELECT buyer_id AS id FROM trades WHERE completed_at > now() - make_interval(mins => ${sinceMinutes}::integer)
        AND status IN ('released', 'dispute_won_buyer')
      UNION
      SELECT seller_id AS id FROM trades WHERE completed_at > now() - make_interval(mins => ${sinceMinutes}::integer)
        AND status IN ('released', 'dispute_won_buyer')
    ) u`.execute(db);
  return result.rows.map((row) => Number(row.id));
}

/** A cancelled_system trade of an offer whose owner was the buyer counts against the offer. */
export async function countRecentOwnerExpiries(db: Db | Tx, offerId: bigint): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::integer AS n FROM trades
    WHERE offer_id = ${offerId} AND status = 'cancelled_system' AND offer_type = 'buy'
      AND cancelled_at > now() - interval '24 hours'`.execute(db);
  return result.rows[0]?.n ?? 0;
}

// ---- requirements and attachments ----------------------------------------------------------

export async function insertRequirements(
  tx: Tx,
  tradeId: bigint,
  plans: readonly { id: TradeRequirementId; step: TradeFlowStep; isOptional: boolean }[],
): Promise<void> {
  if (plans.length === 0) return;
  await tables(tx)
    .insertInto("trade_requirements")
    .values(
      plans.map((plan) => ({
        trade_id: tradeId,
        requirement_id: plan.id,
        step: plan.step,
        is_optional: plan.isOptional,
      })),
    )
    .execute();
}

export async function listRequirements(db: Db | Tx, tradeIds: bigint[]) {
  if (tradeIds.length === 0) return [];
  return tables(db)
    .selectFrom("trade_requirements")
    .selectAll()
    .where("trade_id", "in", tradeIds)
    .orderBy("trade_id")
    .orderBy("requirement_id")
    .execute();
}

export async function setRequirement(
  tx: Tx,
  tradeId: bigint,
  requirementId: TradeRequirementId,
  patch: { status: RequirementStatus; value?: string },
): Promise<boolean> {
  const result = await tables(tx)
    .updateTable("trade_requirements")
    .set({ status: patch.status, ...(patch.value === undefined ? {} : { value: patch.value }), updated_at: sql`now()` })
    .where("trade_id", "=", tradeId)
    .where("requirement_id", "=", requirementId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertAttachments(
  tx: Tx,
  rows: {
    tradeId: bigint;
    requirementId: string;
    uploaderId: number;
    fileName: string;
    contentType: string;
    sizeBytes: number;
    storageKey: string;
  }[],
): Promise<void> {
  await tables(tx)
    .insertInto("trade_attachments")
    .values(
      rows.map((row) => ({
        trade_id: row.tradeId,
        requirement_id: row.requirementId,
        uploader_id: BigInt(row.uploaderId),
        file_name: row.fileName,
        content_type: row.contentType,
        size_bytes: row.sizeBytes,
        storage_key: row.storageKey,
      })),
    )
    .execute();
}

export async function findAttachment(db: Db | Tx, tradeId: bigint, id: bigint) {
  return tables(db)
    .selectFrom("trade_attachments")
    .select(["id", "file_name", "content_type", "storage_key"])
    .where("trade_id", "=", tradeId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function listAttachments(db: Db | Tx, tradeId: bigint) {
  return tables(db)
    .selectFrom("trade_attachments as a")
    .innerJoin("users as u", "u.id", "a.uploader_id")
    .select(["a.id", "a.requirement_id", "a.file_name", "a.content_type", "a.size_bytes", "u.username", "a.created_at"])
    .where("a.trade_id", "=", tradeId)
    .orderBy("a.id")
    .execute();
}

export async function countAttachmentsByRequirement(db: Db | Tx, tradeIds: bigint[]) {
  if (tradeIds.length === 0) return [];
  return tables(db)
    .selectFrom("trade_attachments")
    .select(["trade_id", "requirement_id", sql<number>`count(*)::integer`.as("n")])
    .where("trade_id", "in", tradeIds)
    .groupBy(["trade_id", "requirement_id"])
    .execute();
}

/** What the view of one trade needs beside its row, read in one statement. */
export interface TradeViewFacts {
  parties: Map<string, PartyRow>;
  requirements: {
    trade_id: bigint;
    requirement_id: TradeRequirementId;
    step: TradeFlowStep;
    is_optional: boolean;
    status: RequirementStatus;
    value: string | null;
  }[];
  /** Attachments per requirement id. */
  attachmentCounts: Map<string, number>;
}

interface RawViewFacts {
  parties: {
    id: string;
    username: string;
    avatar_url: string | null;
    country_iso: string | null;
    id_verified_at: string | null;
    completed_trades: number;
    last_seen_at: string | null;
  }[];
  requirements: {
    requirement_id: TradeRequirementId;
    step: TradeFlowStep;
    is_optional: boolean;
    status: RequirementStatus;
    value: string | null;
  }[];
  attachments: { requirement_id: string | null; n: number }[];
}

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/**
 * The parties, requirements and attachment counts of a trade: three small reads as one statement
 * (one round trip after every command), each part aggregated to JSON.
 */
export async function findViewFacts(
  db: Db | Tx,
  row: Pick<TradeRow, "id" | "buyer_id" | "seller_id">,
): Promise<TradeViewFacts> {
  const result = await sql<RawViewFacts>`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', u.id::text, 'username', u.username,
          'avatar_url', u.avatar_url, 'country_iso', u.country_iso, 'id_verified_at', u.id_verified_at,
          'completed_trades', u.completed_trades, 'last_seen_at', u.last_seen_at)), '[]')
        FROM users u WHERE u.id IN (${row.buyer_id}, ${row.seller_id})) AS parties,
      (SELECT coalesce(json_agg(json_build_object('requirement_id', r.requirement_id, 'step', r.step,
          'is_optional', r.is_optional, 'status', r.status, 'value', r.value) ORDER BY r.requirement_id), '[]')
        FROM trade_requirements r WHERE r.trade_id = ${row.id}) AS requirements,
      (SELECT coalesce(json_agg(json_build_object('requirement_id', a.requirement_id, 'n', a.n)), '[]')
        FROM (SELECT requirement_id, count(*)::integer AS n FROM trade_attachments WHERE trade_id = ${row.id}
          GROUP BY requirement_id) a) AS attachments`.execute(db);
  const raw = result.rows[0] ?? { parties: [], requirements: [], attachments: [] };
  return {
    parties: new Map(
      raw.parties.map((party) => [
        party.id,
        {
          ...party,
          id: BigInt(party.id),
          id_verified_at: dateOrNull(party.id_verified_at),
          last_seen_at: dateOrNull(party.last_seen_at),
        },
      ]),
    ),
    requirements: raw.requirements.map((requirement) => ({ ...requirement, trade_id: row.id })),
    attachmentCounts: new Map(raw.attachments.map((a) => [a.requirement_id ?? "", a.n])),
  };
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

// ---- lists ---------------------------------------------------------------------------------

export interface TradeListFilter {
  userId: number;
  statuses?: readonly TradeStatus[];
  /** Only trades that had a dispute. */
  isDisputed?: boolean;
  cryptoCurrencyCode?: string;
  offerType?: "buy" | "sell";
  paymentMethodId?: number;
  startedFrom?: Date;
  startedBefore?: Date;
}

function listConditions(filter: TradeListFilter): RawBuilder<boolean>[] {
  const parts: RawBuilder<boolean>[] = [];
  if (filter.statuses) parts.push(sql<boolean>`t.status = ANY(${[...filter.statuses]}::text[])`);
  if (filter.isDisputed) parts.push(sql<boolean>`t.dispute_opened_at IS NOT NULL`);
  if (filter.cryptoCurrencyCode) parts.push(sql<boolean>`t.crypto_currency_code = ${filter.cryptoCurrencyCode}`);
  if (filter.offerType) parts.push(sql<boolean>`t.offer_type = ${filter.offerType}`);
  if (filter.paymentMethodId) parts.push(sql<boolean>`t.payment_method_id = ${filter.paymentMethodId}::integer`);
  if (filter.startedFrom) parts.push(sql<boolean>`t.started_at >= ${filter.startedFrom}`);
  if (filter.startedBefore) parts.push(sql<boolean>`t.started_at < ${filter.startedBefore}`);
  return parts;
}

/** The user's trades (either side) matching a filter, newest first, with the total count. */
export async function listUserTrades(
  db: Db | Tx,
  filter: TradeListFilter,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: TradeRow[] }> {
  const user = BigInt(filter.userId);
  const extra = listConditions(filter);
  const where = extra.length > 0 ? sql` AND ${sql.join(extra, sql` AND `)}` : sql``;
  // Two index scans (buyer side, seller side) instead of one OR over both columns.
  const mine = sql`(SELECT * FROM trades WHERE buyer_id = ${user} UNION ALL SELECT * FROM trades WHERE seller_id = ${user})`;
  const [count, rows] = await Promise.all([
    sql<{ n: string }>`SELECT count(*)::text AS n FROM ${mine} t WHERE true${where}`.execute(db),
    sql<TradeRow>`SELECT t.* FROM ${mine} t WHERE true${where}
      ORDER BY t.started_at DESC, t.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), rows: rows.rows };
}

export async function listDisputes(
  db: Db | Tx,
  status: "open" | "appealed" | "resolved",
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: TradeRow[] }> {
  const where =
    status === "open"
      ? sql`status = 'dispute_open'`
      : status === "appealed"
        ? sql`appealed_at IS NOT NULL`
        : sql`dispute_resolved_at IS NOT NULL`;
  const order =
    status === "open"
      ? sql`dispute_opened_at ASC`
      : status === "appealed"
        ? sql`appealed_at ASC`
        : sql`dispute_resolved_at DESC`;
  const [count, rows] = await Promise.all([
    sql<{ n: string }>`SELECT count(*)::text AS n FROM trades WHERE ${where}`.execute(db),
    sql<TradeRow>`SELECT * FROM trades WHERE ${where} ORDER BY ${order}, id LIMIT ${page.limit} OFFSET ${page.offset}`.execute(
      db,
    ),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), rows: rows.rows };
}

export interface StatisticsRow {
  total: number;
  active: number;
  successful: number;
  cancelled: number;
  expired: number;
  disputed: number;
  as_buyer: number;
  as_seller: number;
}

export async function tradeStatistics(db: Db | Tx, userId: number) {
  const user = BigInt(userId);
  const mine = sql`(SELECT *, 'buyer' AS side FROM trades WHERE buyer_id = ${user}
    UNION ALL SELECT *, 'seller' AS side FROM trades WHERE seller_id = ${user})`;
  const [counts, crypto, fiat, partners] = await Promise.all([
    sql<StatisticsRow>`SELECT
        count(*)::integer AS total,
        count(*) FILTER (WHERE status IN ('active_funded', 'paid', 'dispute_open'))::integer AS active,
        count(*) FILTER (WHERE status IN ('released', 'dispute_won_buyer'))::integer AS successful,
        count(*) FILTER (WHERE status IN ('cancelled_buyer', 'cancelled_seller', 'cancelled_system'))::integer AS cancelled,
        count(*) FILTER (WHERE status = 'cancelled_system')::integer AS expired,
        count(*) FILTER (WHERE dispute_opened_at IS NOT NULL)::integer AS disputed,
        count(*) FILTER (WHERE side = 'buyer')::integer AS as_buyer,
        count(*) FILTER (WHERE side = 'seller')::integer AS as_seller
      FROM ${mine} t`.execute(db),
    sql<{ code: string; decimals: number; bought: bigint; sold: bigint }>`SELECT crypto_currency_code AS code,
        max(crypto_decimals)::integer AS decimals,
        coalesce(sum(amount_minor) FILTER (WHERE side = 'buyer'), 0)::bigint AS bought,
        coalesce(sum(amount_minor) FILTER (WHERE side = 'seller'), 0)::bigint AS sold
      FROM ${mine} t WHERE status IN ('released', 'dispute_won_buyer')
      GROUP BY crypto_currency_code ORDER BY crypto_currency_code`.execute(db),
    sql<{ code: string; total: string }>`SELECT fiat_currency_code AS code, sum(fiat_amount)::text AS total
      FROM ${mine} t WHERE status IN ('released', 'dispute_won_buyer')
      GROUP BY fiat_currency_code ORDER BY fiat_currency_code`.execute(db),
    sql<{ n: number }>`SELECT count(DISTINCT CASE WHEN side = 'buyer' THEN seller_id ELSE buyer_id END)::integer AS n
      FROM ${mine} t WHERE status IN ('released', 'dispute_won_buyer')`.execute(db),
  ]);
  return { counts: counts.rows[0], crypto: crypto.rows, fiat: fiat.rows, partners: partners.rows[0]?.n ?? 0 };
}

/** Unpaid trades whose payment window has passed, oldest deadline first. */
export async function listDueTradeIds(db: Db | Tx, now: Date, limit: number): Promise<bigint[]> {
  const rows = await tables(db)
    .selectFrom("trades")
    .select("id")
    .where("status", "=", "active_funded")
    .where("expires_at", "<=", now)
    .orderBy("expires_at")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Unpaid trades whose window ends within the next seconds (for exact per-trade expiry jobs). */
export async function listSoonDueTrades(db: Db | Tx, withinSeconds: number) {
  return tables(db)
    .selectFrom("trades")
    .select(["id", "expires_at"])
    .where("status", "=", "active_funded")
    .where("expires_at", "<=", sql<Date>`now() + make_interval(secs => ${withinSeconds}::integer)`)
    .where("expires_at", ">", sql<Date>`now()`)
    .orderBy("expires_at")
    .limit(1000)
    .execute();
}

/** Ids (as the ledger's reference ids) of trades whose escrow has been settled. */
export async function listSettledTradeIds(db: Db | Tx): Promise<string[]> {
  const rows = await tables(db)
    .selectFrom("trades")
    .select(sql<string>`id::text`.as("id"))
    .where("status", "in", [
      "released",
      "cancelled_buyer",
      "cancelled_seller",
      "cancelled_system",
      "dispute_won_buyer",
      "dispute_won_seller",
    ])
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Trades in the given settled statuses with the fee their settlement owed the platform: the
 * trade's fee when its status is one that posts the escrow, zero when it was voided.
 */
export async function listSettledTradeFees(
  db: Db | Tx,
  settledStatuses: readonly TradeStatus[],
  postedStatuses: readonly TradeStatus[],
): Promise<{ id: string; id_hashed: string; fee: bigint }[]> {
  const result = await sql<{ id: string; id_hashed: string; fee: bigint }>`
    SELECT id::text AS id, id_hashed,
      CASE WHEN status = ANY(${postedStatuses}::text[]) THEN fee_minor ELSE 0 END AS fee
    FROM trades WHERE status = ANY(${settledStatuses}::text[])`.execute(db);
  return result.rows;
}
