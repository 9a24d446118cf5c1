import { sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import { tables } from "./trades.repo.ts";

/** SQL of the trades module about the people of trades: a start's facts, parties, what users traded. */

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
  /** The taker's account is closed (closed_at set). */
  taker_closed: boolean;
  /** The offer owner's account is closed. */
  owner_closed: boolean;
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
        ORDER BY last_seen_at DESC LIMIT 1) AS owner_ip,
      u.closed_at IS NOT NULL AS taker_closed,
      coalesce((SELECT o.closed_at IS NOT NULL FROM users o WHERE o.id = ${BigInt(ids.ownerId)}), false) AS owner_closed
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

/** An expired trade of an offer whose owner was the buyer counts against the offer. */
export async function countRecentOwnerExpiries(db: Db | Tx, offerId: bigint): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::integer AS n FROM trades
    WHERE offer_id = ${offerId} AND status = 'expired' AND offer_type = 'buy'
      AND cancelled_at > now() - interval '24 hours'`.execute(db);
  return result.rows[0]?.n ?? 0;
}
