import { sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

/** Steps to the trade figures on a user (columns of migration 0040, kept by the trades module). */
export interface TradeCountersDelta {
  /** Successful trades (released, or a dispute awarded to the buyer). */
  completed?: number;
  /** Distinct users this one completed a trade with. */
  partners?: number;
  /** BTC delivered or received in successful trades, in satoshi. */
  btcTradedMinor?: bigint;
}

export interface TradeCounters {
  completedTrades: number;
  totalPartners: number;
}

/**
 * Moves a user's trade figures by signed steps, in the caller's transaction, and answers the new
 * values. The UPDATE locks the user's row until the caller commits, so two trades completing for
 * one user at once count one after the other instead of losing an update.
 */
export async function adjustTradeCounters(
  db: Db | Tx,
  userId: number,
  delta: TradeCountersDelta,
): Promise<TradeCounters> {
  const result = await sql<{ completed_trades: number; total_partners: number }>`
    UPDATE users SET
      completed_trades = completed_trades + ${Math.trunc(delta.completed ?? 0)}::integer,
      total_partners = total_partners + ${Math.trunc(delta.partners ?? 0)}::integer,
      btc_traded_minor = btc_traded_minor + ${delta.btcTradedMinor ?? 0n}::bigint
    WHERE id = ${BigInt(userId)}
    RETURNING completed_trades, total_partners`.execute(db);
  const row = result.rows[0];
  return { completedTrades: row?.completed_trades ?? 0, totalPartners: row?.total_partners ?? 0 };
}

/**
 * One more chargeback confirmed on a trade where this user bought (the buyer's record on the public
 * profile, docs/decisions/141-chargeback-decisions.md), in the decision's transaction; answers the new count.
 */
export async function countConfirmedChargeback(db: Db | Tx, userId: number): Promise<number> {
  const result = await sql<{ confirmed_chargebacks: number }>`
    UPDATE users SET confirmed_chargebacks = confirmed_chargebacks + 1
    WHERE id = ${BigInt(userId)}
    RETURNING confirmed_chargebacks`.execute(db);
  return result.rows[0]?.confirmed_chargebacks ?? 0;
}
