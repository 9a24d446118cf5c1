import { sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

/**
 * USD volume of a user's trades started in the last `days` days, cancelled ones left out: what the
 * level's daily (1) and 30-day (30) limits count. The trade start checks a new trade against it and
 * the verification pages show what is left of it (unusedTradingVolumeInFiatCurrency).
 */
export async function sumTradedVolumeUsd(db: Db | Tx, userId: number, days: number): Promise<string> {
  const since = sql`now() - make_interval(days => ${days}::integer)`;
  const result = await sql<{ total: string }>`
    SELECT coalesce(sum(fiat_amount_usd), 0)::text AS total FROM (
      SELECT fiat_amount_usd, status FROM trades WHERE buyer_id = ${BigInt(userId)} AND started_at > ${since}
      UNION ALL
      SELECT fiat_amount_usd, status FROM trades WHERE seller_id = ${BigInt(userId)} AND started_at > ${since}
    ) t WHERE status NOT IN ('cancelled_buyer', 'cancelled_seller', 'cancelled_system')`.execute(db);
  return result.rows[0]?.total ?? "0";
}
