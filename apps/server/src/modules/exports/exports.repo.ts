import type { ExportFilters, ExportFormat, ExportStatus } from "@souk/contracts";
import { type Generated, type Selectable, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

interface ExportsTable {
  id: Generated<string>;
  user_id: bigint;
  format: ExportFormat;
  filters: ExportFilters;
  status: Generated<ExportStatus>;
  progress: Generated<number>;
  attempts: Generated<number>;
  lease_until: Date | null;
  row_count: number | null;
  storage_key: string | null;
  file_name: string | null;
  byte_size: number | null;
  last_error: string | null;
  created_at: Generated<Date>;
  started_at: Date | null;
  completed_at: Date | null;
  updated_at: Generated<Date>;
}

type ExportsTables = {
  trade_history_exports: ExportsTable;
  /** Read only: the owner's name for the PDF heading (decision 002). */
  users: { id: bigint; username: string };
};

export type ExportRowRecord = Selectable<ExportsTable>;

function tables(db: Db | Tx) {
  return db.withTables<ExportsTables>();
}

/** States in which a worker holds (or may take over) the export. */
const RUNNING_STATUSES = ["in_progress", "generating"] as const satisfies readonly ExportStatus[];
const ACTIVE_STATUSES = ["pending", ...RUNNING_STATUSES] as const satisfies readonly ExportStatus[];

export async function insertExport(
  tx: Tx,
  input: { userId: number; format: ExportFormat; filters: ExportFilters },
): Promise<ExportRowRecord> {
  return tables(tx)
    .insertInto("trade_history_exports")
    .values({
      user_id: BigInt(input.userId),
      format: input.format,
      filters: JSON.stringify(input.filters) as unknown as ExportFilters,
      lease_until: null,
      row_count: null,
      storage_key: null,
      file_name: null,
      byte_size: null,
      last_error: null,
      started_at: null,
      completed_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Serialises the "how many are active" check of one user's new exports. */
export async function lockUserExports(tx: Tx, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`trade_history_exports:${userId}`}, 0))`.execute(tx);
}

export async function countActive(db: Db | Tx, userId: number): Promise<number> {
  const row = await tables(db)
    .selectFrom("trade_history_exports")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", BigInt(userId))
    .where("status", "in", ACTIVE_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findExport(db: Db | Tx, id: string): Promise<ExportRowRecord | undefined> {
  return tables(db).selectFrom("trade_history_exports").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findOwnExport(db: Db | Tx, userId: number, id: string): Promise<ExportRowRecord | undefined> {
  return tables(db)
    .selectFrom("trade_history_exports")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", BigInt(userId))
    .executeTakeFirst();
}

export async function listOwnExports(
  db: Db,
  userId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: ExportRowRecord[]; total: number }> {
  const base = tables(db).selectFrom("trade_history_exports").where("user_id", "=", BigInt(userId));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy("created_at", "desc").orderBy("id").offset(page.offset).limit(page.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findUsername(db: Db | Tx, userId: bigint): Promise<string> {
  const row = await tables(db).selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
  return row?.username ?? "";
}

/** Exports waiting for a worker: queued, or claimed by one whose lease ran out. Oldest first. */
export async function findRunnableIds(db: Db, limit: number): Promise<string[]> {
  const rows = await tables(db)
    .selectFrom("trade_history_exports")
    .select("id")
    .where((eb) =>
      eb.or([
        eb("status", "=", "pending"),
        eb.and([eb("status", "in", RUNNING_STATUSES), eb("lease_until", "<", sql<Date>`now()`)]),
      ]),
    )
    .orderBy("created_at")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes the export for one attempt: from pending, or from a worker whose lease ran out. Answers
 * the claimed row (its `attempts` is this claim's token) or nothing when another worker holds
 * it or it is finished: at-least-once delivery then does nothing twice.
 */
export async function claimExport(
  db: Db,
  id: string,
  options: { leaseSeconds: number; maxAttempts: number },
): Promise<ExportRowRecord | undefined> {
  return tables(db)
    .updateTable("trade_history_exports")
    .set({
      status: "in_progress",
      progress: 0,
      attempts: sql`attempts + 1`,
      lease_until: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
      started_at: sql`coalesce(started_at, now())`,
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .where("attempts", "<", options.maxAttempts)
    .where((eb) =>
      eb.or([
        eb("status", "=", "pending"),
        eb.and([eb("status", "in", RUNNING_STATUSES), eb("lease_until", "<", sql<Date>`now()`)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/** A claim whose lease ran out after the last allowed attempt: it will not be tried again. */
export async function failExhausted(
  db: Db | Tx,
  id: string,
  maxAttempts: number,
): Promise<ExportRowRecord | undefined> {
  return tables(db)
    .updateTable("trade_history_exports")
    .set({ status: "failed", lease_until: null, updated_at: sql`now()`, completed_at: sql`now()` })
    .where("id", "=", id)
    .where("attempts", ">=", maxAttempts)
    .where((eb) =>
      eb.or([
        eb("status", "=", "pending"),
        eb.and([eb("status", "in", RUNNING_STATUSES), eb("lease_until", "<", sql<Date>`now()`)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

export interface ClaimToken {
  id: string;
  attempts: number;
}

interface ExportPatch {
  status?: ExportStatus;
  progress?: number;
  row_count?: number | null;
  storage_key?: string | null;
  file_name?: string | null;
  byte_size?: number | null;
  last_error?: string | null;
  lease_until?: Date | null;
  completed_at?: Date | null;
}

/**
 * Changes the export only while this claim still holds it (same token, still running). Answers
 * whether it did: false means the owner cancelled it or another worker took over.
 */
export async function updateClaimed(db: Db | Tx, token: ClaimToken, patch: ExportPatch): Promise<boolean> {
  const result = await tables(db)
    .updateTable("trade_history_exports")
    .set({ ...patch, updated_at: sql`now()` })
    .where("id", "=", token.id)
    .where("attempts", "=", token.attempts)
    .where("status", "in", RUNNING_STATUSES)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function cancelOwnExport(tx: Tx, userId: number, id: string): Promise<ExportRowRecord | undefined> {
  return tables(tx)
    .updateTable("trade_history_exports")
    .set({ status: "cancelled", lease_until: null, updated_at: sql`now()`, completed_at: sql`now()` })
    .where("id", "=", id)
    .where("user_id", "=", BigInt(userId))
    .where("status", "in", ACTIVE_STATUSES)
    .returningAll()
    .executeTakeFirst();
}

/** Marks a completed export whose file is gone (or past retention) as missing. */
export async function markMissing(db: Db | Tx, id: string): Promise<ExportRowRecord | undefined> {
  return tables(db)
    .updateTable("trade_history_exports")
    .set({ status: "missing", updated_at: sql`now()` })
    .where("id", "=", id)
    .where("status", "=", "completed")
    .returningAll()
    .executeTakeFirst();
}

export async function findExpired(db: Db, retentionDays: number, limit: number): Promise<ExportRowRecord[]> {
  return tables(db)
    .selectFrom("trade_history_exports")
    .selectAll()
    .where("status", "=", "completed")
    .where("completed_at", "<", sql<Date>`now() - make_interval(days => ${retentionDays})`)
    .orderBy("completed_at")
    .limit(limit)
    .execute();
}
