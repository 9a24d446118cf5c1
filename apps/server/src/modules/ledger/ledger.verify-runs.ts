import type { LedgerVerifyReport, LedgerVerifyRun, LedgerVerifySource } from "@souk/contracts";
import { sql } from "kysely";
import type { Db } from "../../db/pool.ts";
import type { LedgerInvariantCheck } from "../../platform/index.ts";
import { verifyLedger } from "./ledger.verify.ts";

/**
 * Every `ledger:verify` the operators rely on (the CLI, the daily job, an admin's run in the
 * console) is recorded, so the console's Overview can say when the ledger was last proven and how
 * (docs/decisions/145-operations-health.md). Tests call verifyLedger itself and record nothing.
 */
export async function verifyAndRecord(
  db: Db,
  checks: readonly LedgerInvariantCheck[],
  source: LedgerVerifySource,
): Promise<LedgerVerifyReport> {
  const report = await verifyLedger(db, checks);
  const failed = report.checks.filter((check) => !check.isOk).map((check) => check.name);
  await sql`
    INSERT INTO ledger_verify_runs (source, is_ok, checked_at, duration_ms, failed_checks)
    VALUES (${source}, ${report.isOk}, ${report.checkedAt}, ${report.durationMs}, ${failed}::text[])`.execute(db);
  return report;
}

/** The newest recorded run, or null when the ledger was never verified here. */
export async function lastLedgerVerifyRun(db: Db): Promise<LedgerVerifyRun | null> {
  const { rows } = await sql<{
    source: LedgerVerifySource;
    is_ok: boolean;
    checked_at: Date;
    duration_ms: number;
    failed_checks: string[];
  }>`
    SELECT source, is_ok, checked_at, duration_ms, failed_checks FROM ledger_verify_runs
    ORDER BY checked_at DESC, id DESC LIMIT 1`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    source: row.source,
    isOk: row.is_ok,
    checkedAt: row.checked_at.toISOString(),
    durationMs: row.duration_ms,
    failedChecks: row.failed_checks,
  };
}
