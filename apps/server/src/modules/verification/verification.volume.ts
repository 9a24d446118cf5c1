import { TRADE_VOIDED_STATUSES } from "@souk/contracts";
import { sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

/** USD volume of a user's trades started in the last day and the last 30 days (decimal strings). */
export interface TradedVolumesUsd {
  lastDay: string;
  last30Days: string;
}

/**
 * What the level's daily and 30-day limits count: the USD volume of a user's trades started in
 * the last day and the last 30 days, voided ones (cancelled or expired) left out. One read for
 * both, as the trade start checks a new trade against each; the verification pages show what is
 * left of the 30 days (unusedTradingVolumeInFiatCurrency).
 */
export async function sumTradedVolumesUsd(db: Db | Tx, userId: number): Promise<TradedVolumesUsd> {
  const since = sql`now() - interval '30 days'`;
  const result = await sql<{ last_day: string; last_30_days: string }>`
    SELECT
      coalesce(sum(fiat_amount_usd) FILTER (WHERE started_at > now() - interval '1 day'), 0)::text AS last_day,
      coalesce(sum(fiat_amount_usd), 0)::text AS last_30_days
    FROM (
      SELECT fiat_amount_usd, status, started_at FROM trades WHERE buyer_id = ${BigInt(userId)} AND started_at > ${since}
      UNION ALL
      SELECT fiat_amount_usd, status, started_at FROM trades WHERE seller_id = ${BigInt(userId)} AND started_at > ${since}
    ) t WHERE status <> ALL(${[...TRADE_VOIDED_STATUSES]}::text[])`.execute(db);
  const row = result.rows[0];
  return { lastDay: row?.last_day ?? "0", last30Days: row?.last_30_days ?? "0" };
}
