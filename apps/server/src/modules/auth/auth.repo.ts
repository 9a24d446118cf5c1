import { sql } from "kysely";
import type { Db } from "../../db/pool.ts";
import type { ThrottleCount } from "./auth.domain.ts";

/**
 * Counts one log-in attempt against each key and returns the counts, in one statement: the
 * increment and the read are the same row lock, so parallel attempts see 1, 2, 3, ... and never
 * the same count twice. A window older than `windowMinutes` starts again at 1.
 */
export async function countLoginAttempt(db: Db, keys: string[], windowMinutes: number): Promise<ThrottleCount[]> {
  const rows = keys.map((key) => sql`(${key}, now(), 1)`);
  const result = await sql<{ key: string; failures: number; retry_after: number }>`
    INSERT INTO login_throttle AS t (key, window_started_at, failures)
    VALUES ${sql.join(rows)}
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN t.window_started_at <= now() - make_interval(mins => ${windowMinutes}::integer)
        THEN 1 ELSE t.failures + 1 END,
      window_started_at = CASE WHEN t.window_started_at <= now() - make_interval(mins => ${windowMinutes}::integer)
        THEN now() ELSE t.window_started_at END
    RETURNING key, failures,
      ceil(extract(epoch FROM window_started_at + make_interval(mins => ${windowMinutes}::integer) - now()))::integer
        AS retry_after`.execute(db);
  return result.rows.map((row) => ({ key: row.key, failures: row.failures, retryAfter: row.retry_after }));
}

/**
 * A success takes back the attempt it was counted as: the account's failures are forgotten (a
 * user who finally remembers is not held back) and the address's count goes down by one.
 */
export async function settleSuccessfulLogin(db: Db, accountKey: string, addressKey: string | null): Promise<void> {
  await sql`
    WITH forgotten AS (DELETE FROM login_throttle WHERE key = ${accountKey})
    UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE key = ${addressKey}`.execute(db);
}

/** Rows whose window ended long ago say nothing any more. */
export async function forgetStaleThrottles(db: Db, windowMinutes: number): Promise<number> {
  const result = await sql`DELETE FROM login_throttle
    WHERE window_started_at < now() - make_interval(mins => ${windowMinutes * 2}::integer)`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
