import type { Db, Tx } from "../../../db/pool.ts";

type CursorTables = {
  webhook_feed_cursors: { name: string; last_event_id: bigint; updated_at: Date };
};

function tables(db: Db | Tx) {
  return db.withTables<CursorTables>();
}

/** The feed cursor, locked for this transaction: one fan-out at a time reads the feed. */
export async function lockCursor(tx: Tx, name: string): Promise<number | null> {
  const row = await tables(tx)
    .selectFrom("webhook_feed_cursors")
    .select("last_event_id")
    .where("name", "=", name)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row ? Number(row.last_event_id) : null;
}

export async function ensureCursor(db: Db, name: string, startAt: number): Promise<void> {
  await tables(db)
    .insertInto("webhook_feed_cursors")
    .values({ name, last_event_id: BigInt(startAt), updated_at: new Date() })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
}

export async function saveCursor(tx: Tx, name: string, lastEventId: number): Promise<void> {
  await tables(tx)
    .updateTable("webhook_feed_cursors")
    .set({ last_event_id: BigInt(lastEventId), updated_at: new Date() })
    .where("name", "=", name)
    .where("last_event_id", "<", BigInt(lastEventId))
    .execute();
}
