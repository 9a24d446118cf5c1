import type { Medal } from "@souk/contracts";
import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import type { TradeFact, TradeSummary } from "./reputation.facts.ts";

interface StatsTable {
  user_id: bigint;
  done_trades: number;
  volume_usd: string;
  trade_volume: Record<string, string>;
  refreshed_at: Date;
}

type ReputationTables = {
  user_medals: { user_id: bigint; code: Medal; awarded_at: Generated<Date> };
  user_trade_stats: StatsTable;
  /** Read only (decision 002): who exists, and their trades. */
  users: { id: bigint; username: string; created_at: Date; is_banned: boolean };
  trades: {
    buyer_id: bigint;
    seller_id: bigint;
    status: string;
    started_at: Date;
    completed_at: Date | null;
    dispute_opened_at: Date | null;
    fiat_amount_usd: string;
    crypto_currency_code: string;
    crypto_decimals: number;
    amount_minor: bigint;
    payment_method_id: number;
  };
  payment_methods: { id: number; category_id: number };
};

function tables(db: Db | Tx) {
  return db.withTables<ReputationTables>();
}

/** When the platform's first account was opened (null on an empty database). */
export async function findPlatformStart(db: Db): Promise<Date | null> {
  const row = await tables(db)
    .selectFrom("users")
    .select((eb) => eb.fn.min("created_at").as("first"))
    .executeTakeFirst();
  return (row?.first as Date | null | undefined) ?? null;
}

/**
 * How long a trade's transaction may run and still be seen by the next pass when it committed
 * after a pass read the trades: a trade changed this long before a user's refresh counts as new.
 */
const LATE_TRADE_COMMIT = "10 minutes";

/**
 * The next users by id after `afterId`: every user, or (`onlyChanged`) those with no figures yet
 * and those with a trade changed since their figures were worked out.
 */
export async function listUsersToRefresh(db: Db, query: { afterId: bigint; limit: number; onlyChanged: boolean }) {
  // In parentheses: kysely joins it to the other conditions with AND as it stands.
  const changed = sql<boolean>`(s.user_id IS NULL
    OR EXISTS (SELECT 1 FROM trades t WHERE t.buyer_id = u.id
      AND t.updated_at > s.refreshed_at - ${LATE_TRADE_COMMIT}::interval)
    OR EXISTS (SELECT 1 FROM trades t WHERE t.seller_id = u.id
      AND t.updated_at > s.refreshed_at - ${LATE_TRADE_COMMIT}::interval))`;
  return tables(db)
    .selectFrom("users as u")
    .leftJoin("user_trade_stats as s", "s.user_id", "u.id")
    .select(["u.id", "u.created_at"])
    .where("u.id", ">", query.afterId)
    .$if(query.onlyChanged, (select) => select.where(changed))
    .orderBy("u.id")
    .limit(query.limit)
    .execute();
}

/** The trades of these users, either side, oldest first, keyed by user id. */
export async function listTradeFacts(db: Db | Tx, userIds: bigint[]): Promise<Map<bigint, TradeFact[]>> {
  const byUser = new Map<bigint, TradeFact[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await tables(db)
    .selectFrom("trades as t")
    .innerJoin("payment_methods as m", "m.id", "t.payment_method_id")
    .select([
      "t.buyer_id",
      "t.seller_id",
      "t.status",
      "t.started_at",
      "t.completed_at",
      "t.dispute_opened_at",
      "t.fiat_amount_usd",
      "t.crypto_currency_code",
      "t.crypto_decimals",
      "t.amount_minor",
      "m.category_id",
    ])
    .where((eb) => eb.or([eb("t.buyer_id", "in", userIds), eb("t.seller_id", "in", userIds)]))
    .orderBy("t.started_at")
    .execute();
  for (const row of rows) {
    const fact: TradeFact = {
      status: row.status,
      startedAt: row.started_at,
      completedAt: row.completed_at,
      disputed: row.dispute_opened_at !== null,
      fiatAmountUsd: Number(row.fiat_amount_usd),
      cryptoCode: row.crypto_currency_code,
      cryptoDecimals: row.crypto_decimals,
      amountMinor: row.amount_minor,
      categoryId: row.category_id,
    };
    for (const id of [row.buyer_id, row.seller_id]) byUser.get(id)?.push(fact);
  }
  return byUser;
}

/** Keeps the user's figures and adds the medals not held yet (a medal once earned stays). */
export async function saveReputation(tx: Tx, userId: bigint, summary: TradeSummary, medals: Medal[]): Promise<void> {
  const values = {
    user_id: userId,
    done_trades: summary.doneTrades,
    volume_usd: String(summary.volumeUsd),
    trade_volume: JSON.stringify(summary.tradeVolume) as unknown as Record<string, string>,
    refreshed_at: sql<Date>`now()`,
  };
  await tables(tx)
    .insertInto("user_trade_stats")
    .values(values)
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
    .execute();
  await awardMedals(tx, [userId], medals);
}

export async function awardMedals(tx: Tx | Db, userIds: bigint[], medals: Medal[]): Promise<void> {
  const rows = userIds.flatMap((user_id) => medals.map((code) => ({ user_id, code })));
  if (rows.length === 0) return;
  await tables(tx)
    .insertInto("user_medals")
    .values(rows)
    .onConflict((conflict) => conflict.columns(["user_id", "code"]).doNothing())
    .execute();
}

export async function listVolumes(db: Db): Promise<Map<number, number>> {
  const rows = await tables(db).selectFrom("user_trade_stats").select(["user_id", "volume_usd"]).execute();
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.volume_usd)]));
}

export async function findStats(db: Db | Tx, userId: number) {
  return tables(db)
    .selectFrom("user_trade_stats")
    .select(["done_trades", "volume_usd", "trade_volume"])
    .where("user_id", "=", BigInt(userId))
    .executeTakeFirst();
}

/** The medals of a visible user, or null when there is no such user (or they are banned). */
export async function findMedalsByUsername(db: Db, username: string) {
  const user = await tables(db)
    .selectFrom("users")
    .select(["id", "is_banned"])
    .where(sql`lower(username)`, "=", username.toLowerCase())
    .executeTakeFirst();
  if (!user || user.is_banned) return null;
  return tables(db).selectFrom("user_medals").select(["code", "awarded_at"]).where("user_id", "=", user.id).execute();
}
