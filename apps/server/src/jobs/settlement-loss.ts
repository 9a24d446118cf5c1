/**
 * pg-boss 10 records a finished job (its `complete` or `fail`) without awaiting the promise, so
 * when the database goes away at that moment the rejection reaches no handler, and Node ends the
 * process on an unhandled rejection. Losing the database for a moment is no reason for a server
 * to die: the job stays active in pg-boss, expires and runs again, and job handlers are idempotent
 * (at-least-once delivery). This tells such a rejection apart from every other one, which still
 * ends the process as Node would.
 */

/** PostgreSQL's "shutting down", "cannot connect now" codes and the socket errors of a lost server. */
const CONNECTION_LOSS_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOENT",
]);

function isConnectionLoss(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_LOSS_CODES.has(code) || code.startsWith("08"))) return true;
  return /Connection terminated/i.test(error.message);
}

/** Whether an unhandled rejection is pg-boss failing to record a job because the database is gone. */
export function isJobRecordLostToDatabase(reason: unknown): boolean {
  if (!(reason instanceof Error) || !isConnectionLoss(reason)) return false;
  return /[\\/]pg-boss[\\/]/.test(reason.stack ?? "");
}
