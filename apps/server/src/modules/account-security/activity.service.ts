import type { AccountActivity, AccountActivityType, PageMeta } from "@souk/contracts";
import { pageMeta } from "@souk/contracts";
import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import { describeDevice } from "./sessions.domain.ts";

type Tables = {
  account_activity: {
    id: Generated<number>;
    user_id: number;
    type: string;
    ip: string | null;
    user_agent: string | null;
    details: Record<string, string>;
    created_at: Generated<Date>;
  };
};

const t = (db: Db | Tx) => db.withTables<Tables>();

export interface ActivityRecord {
  userId: number;
  type: AccountActivityType;
  /** The caller's address and browser, when the action came through a request. */
  ip?: string | null;
  userAgent?: string | null;
  /** What the action was about, in short strings: a trade hash, an amount, a client id. */
  details?: Record<string, string>;
}

/**
 * The one way to write the account activity log. Call it with the transaction of the action
 * itself, so the line exists exactly when the action committed (decision 111).
 */
export async function recordActivity(tx: Db | Tx, record: ActivityRecord): Promise<void> {
  await t(tx)
    .insertInto("account_activity")
    .values({
      user_id: record.userId,
      type: record.type,
      ip: record.ip ?? null,
      user_agent: record.userAgent?.slice(0, 500) ?? null,
      details: sql<Record<string, string>>`${JSON.stringify(record.details ?? {})}::jsonb`,
    })
    .execute();
}

/** GET users/activity: the viewer's log, newest first, paged. */
export async function listActivity(
  db: Db,
  userId: number,
  query: { page: number; perPage: number },
): Promise<{ items: AccountActivity[]; meta: PageMeta }> {
  const [rows, count] = await Promise.all([
    t(db)
      .selectFrom("account_activity")
      .select(["id", "type", "ip", "user_agent", "details", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("id", "desc")
      .offset((query.page - 1) * query.perPage)
      .limit(query.perPage)
      .execute(),
    t(db)
      .selectFrom("account_activity")
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      type: row.type as AccountActivityType,
      device: describeDevice(row.user_agent),
      ip: row.ip,
      details: row.details,
      createdAt: row.created_at.toISOString(),
    })),
    meta: pageMeta(Number(count.total), query.page, query.perPage),
  };
}
