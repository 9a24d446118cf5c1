import { sql } from "kysely";
import type { Db } from "../../db/pool.ts";

interface JobQueueDepth {
  waiting: number;
  active: number;
  oldestWaitingSince: Date | null;
}

/**
 * The job queue's depth through `job_queue_depth()` (migration 0190): pg-boss's tables belong to
 * the owner, and the function answers counts only.
 */
export async function readJobQueueDepth(db: Db): Promise<JobQueueDepth> {
  const { rows } = await sql<{ waiting: string; active: string; oldest_waiting_since: Date | null }>`
    SELECT waiting::text, active::text, oldest_waiting_since FROM job_queue_depth()`.execute(db);
  const row = rows[0];
  return {
    waiting: Number(row?.waiting ?? 0),
    active: Number(row?.active ?? 0),
    oldestWaitingSince: row?.oldest_waiting_since ?? null,
  };
}
