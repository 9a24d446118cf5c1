import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import type { RatePoint, RateSource } from "./rates.domain.ts";

interface RateHistoryTable {
  id: Generated<bigint>;
  base_code: string;
  quote_code: string;
  /** NUMERIC: read and written as a decimal string. */
  rate: string;
  /** DATE written as "YYYY-MM-DD"; read back through a cast to text (never a JS Date). */
  day: string;
  recorded_at: string;
  source: RateSource;
}

type RateTables = {
  rate_history: RateHistoryTable;
};

function tables(db: Db | Tx) {
  return db.withTables<RateTables>();
}

// Postgres allows 65,535 parameters per statement; 7 per row keeps a batch well under it.
const BATCH_ROWS = 1_000;

/**
 * Writes points, one per pair and day. A point read from a file or a feed replaces what that day
 * held; a derived point only fills a gap, so back-filling never rewrites a recorded value.
 */
export async function upsertRatePoints(tx: Tx, points: RatePoint[]): Promise<number> {
  let written = 0;
  for (let start = 0; start < points.length; start += BATCH_ROWS) {
    const batch = points.slice(start, start + BATCH_ROWS);
    const recorded = batch.filter((point) => point.source !== "derived");
    const derived = batch.filter((point) => point.source === "derived");
    if (recorded.length > 0) {
      const result = await tables(tx)
        .insertInto("rate_history")
        .values(recorded.map(toRow))
        .onConflict((conflict) =>
          conflict
            .columns(["base_code", "quote_code", "day"])
            .doUpdateSet((eb) => ({
              rate: eb.ref("excluded.rate"),
              source: eb.ref("excluded.source"),
              recorded_at: eb.ref("excluded.recorded_at"),
            }))
            // Loading the same file again changes nothing and writes nothing.
            .where((eb) =>
              eb.or([
                eb("rate_history.rate", "<>", eb.ref("excluded.rate")),
                eb("rate_history.source", "<>", eb.ref("excluded.source")),
              ]),
            ),
        )
        .executeTakeFirst();
      written += Number(result.numInsertedOrUpdatedRows ?? 0n);
    }
    if (derived.length > 0) {
      const result = await tables(tx)
        .insertInto("rate_history")
        .values(derived.map(toRow))
        .onConflict((conflict) => conflict.columns(["base_code", "quote_code", "day"]).doNothing())
        .executeTakeFirst();
      written += Number(result.numInsertedOrUpdatedRows ?? 0n);
    }
  }
  return written;
}

function toRow(point: RatePoint) {
  return {
    base_code: point.baseCode,
    quote_code: point.quoteCode,
    rate: point.rate,
    day: point.day,
    recorded_at: `${point.day}T00:00:00Z`,
    source: point.source,
  };
}

export interface LatestRateRow {
  base_code: string;
  quote_code: string;
  rate: string;
  day: string;
}

/** The latest point of every pair. */
export async function listLatestRates(db: Db): Promise<LatestRateRow[]> {
  return tables(db)
    .selectFrom("rate_history")
    .distinctOn(["base_code", "quote_code"])
    .select(["base_code", "quote_code", "rate", sql<string>`day::text`.as("day")])
    .orderBy("base_code")
    .orderBy("quote_code")
    .orderBy("day", "desc")
    .execute();
}

export interface RateHistoryRow {
  day: string;
  rate: string;
  source: RateSource;
}

/** The last `limit` points of a pair, oldest first. */
export async function listRateHistory(
  db: Db,
  baseCode: string,
  quoteCode: string,
  limit: number,
): Promise<RateHistoryRow[]> {
  const rows = await tables(db)
    .selectFrom("rate_history")
    .select([sql<string>`day::text`.as("day"), "rate", "source"])
    .where("base_code", "=", baseCode)
    .where("quote_code", "=", quoteCode)
    .orderBy("day", "desc")
    .limit(limit)
    .execute();
  return rows.reverse();
}
