import { TRADE_FINISHED_STATUSES, type TradeStatus } from "@souk/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import { type TradeRow, tables } from "./trades.repo.ts";

/** SQL of the trades module that lists trades: a user's, the disputes, statistics, due and settled ones. */

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
        count(*) FILTER (WHERE status IN ('cancelled_buyer', 'cancelled_system'))::integer AS cancelled,
        count(*) FILTER (WHERE status = 'expired')::integer AS expired,
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
    .where("status", "in", [...TRADE_FINISHED_STATUSES])
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
