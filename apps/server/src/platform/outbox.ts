import { sql } from "kysely";
import type { Db, Tx } from "../db/pool.ts";
import type { JobQueue } from "./module.ts";

/**
 * The outbox every outgoing message goes through (mail, text messages): a row written by the
 * transaction that causes the message, and a job that delivers it after commit
 * (docs/decisions/086-one-outbox-helper.md). Each outbox table has the columns below besides its
 * own; the module owning it names the table, the delivery job and the attempts allowed.
 */
export interface OutboxColumns {
  id: bigint;
  status: "pending" | "sent" | "failed" | "held";
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

export interface Outbox {
  /** The table, `<module>_outbox`. */
  table: string;
  /** The queue of the delivery job, sent once the writing transaction commits. */
  job: string;
  /** After this many failed attempts a row stays `failed` (visible in its list command). */
  maxAttempts: number;
}

/**
 * How one message leaves: `sent` when the transport accepted it, `held` when it is kept in the
 * outbox to be read there (no transport configured). A throw is a failed attempt.
 */
export type DeliverOutboxRow<Row> = (row: Row) => Promise<"sent" | "held">;

/**
 * Writes one message into the outbox in the caller's transaction and sends the delivery job once
 * that commits: a rolled-back action sends nothing, a committed one is never lost (the job's
 * schedule picks up any pending row). Returns the row's id.
 */
export async function writeToOutbox(
  tx: Tx,
  jobs: JobQueue,
  outbox: Outbox,
  values: Record<string, string>,
): Promise<string> {
  const columns = Object.keys(values);
  const result = await sql<{ id: bigint }>`
    INSERT INTO ${sql.table(outbox.table)} (${sql.join(columns.map((column) => sql.ref(column)))})
    VALUES (${sql.join(columns.map((column) => values[column]))})
    RETURNING id`.execute(tx);
  const id = String(result.rows[0]?.id);
  jobs.sendAfterCommit(tx, { name: outbox.job, data: { id } });
  return id;
}

/** Claims the oldest pending row (SKIP LOCKED: two workers never hand one message over twice at once). */
async function claimPending<Row extends OutboxColumns>(tx: Tx, outbox: Outbox): Promise<Row | undefined> {
  const result = await sql<Row>`
    SELECT * FROM ${sql.table(outbox.table)} WHERE status = 'pending'
    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(tx);
  return result.rows[0];
}

async function settle(tx: Tx, outbox: Outbox, id: bigint, change: Partial<OutboxColumns>): Promise<void> {
  await tx
    .withTables<Record<string, OutboxColumns>>()
    .updateTable(outbox.table)
    .set(change)
    .where("id", "=", id)
    .execute();
}

/**
 * Hands every pending row to `deliver`, one transaction per row. A failure counts an attempt and
 * leaves the row pending (until maxAttempts, then `failed`) and ends the run: the transport is in
 * trouble, the next run retries. Returns how many rows left the `pending` state.
 */
export async function deliverOutbox<Row extends OutboxColumns>(
  db: Db,
  outbox: Outbox,
  deliver: DeliverOutboxRow<Row>,
): Promise<number> {
  let handled = 0;
  for (;;) {
    const outcome = await db.transaction().execute(async (tx) => {
      const row = await claimPending<Row>(tx, outbox);
      if (!row) return "empty" as const;
      const attempts = row.attempts + 1;
      try {
        const status = await deliver(row);
        await settle(tx, outbox, row.id, { status, attempts, sent_at: status === "sent" ? new Date() : null });
        return "done" as const;
      } catch (error) {
        const status = attempts >= outbox.maxAttempts ? "failed" : "pending";
        await settle(tx, outbox, row.id, { status, attempts, last_error: String(error).slice(0, 500) });
        return "failed" as const;
      }
    });
    if (outcome !== "done") return handled;
    handled += 1;
  }
}

/** Pure: a row's delivery as the dev mailbox shows it (docs/decisions/093-dev-mailbox.md). */
export function outboxDeliveryView(row: OutboxColumns) {
  return {
    id: Number(row.id),
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
  };
}

/** The outbox, newest first: the list commands, the dev mailbox, the tests' reading of codes. */
export async function listOutbox<Row extends OutboxColumns>(db: Db, outbox: Outbox, limit = 50): Promise<Row[]> {
  const result = await sql<Row>`SELECT * FROM ${sql.table(outbox.table)} ORDER BY id DESC LIMIT ${limit}`.execute(db);
  return result.rows;
}

/** One row of the outbox; undefined for an id that is not one. */
export async function findInOutbox<Row extends OutboxColumns>(
  db: Db,
  outbox: Outbox,
  id: string,
): Promise<Row | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const result = await sql<Row>`SELECT * FROM ${sql.table(outbox.table)} WHERE id = ${id}`.execute(db);
  return result.rows[0];
}

/**
 * How many messages written since `since` failed at least once: given up (`failed`), or waiting
 * for another try after a failed attempt. The console's Overview shows it for mail and webhooks.
 */
export async function countDeliveryFailures(
  db: Db,
  delivery: { table: string; stateColumn: "status" | "state" },
  since: Date,
): Promise<number> {
  const state = sql.ref(delivery.stateColumn);
  const result = await sql<{ count: string }>`
    SELECT count(*)::text AS count FROM ${sql.table(delivery.table)}
    WHERE created_at >= ${since} AND (${state} = 'failed' OR (${state} = 'pending' AND attempts > 0))`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}
