import { z } from "zod";

/** Who ran a ledger verification: the CLI, the daily job or an admin through the console. */
const LEDGER_VERIFY_SOURCES = ["cli", "job", "admin"] as const;
export type LedgerVerifySource = (typeof LEDGER_VERIFY_SOURCES)[number];

/** The last recorded `ledger:verify`: when, by whom, its result and the checks that failed. */
const ledgerVerifyRunSchema = z.object({
  source: z.enum(LEDGER_VERIFY_SOURCES),
  isOk: z.boolean(),
  checkedAt: z.string(),
  durationMs: z.number().int(),
  failedChecks: z.array(z.string()),
});
export type LedgerVerifyRun = z.infer<typeof ledgerVerifyRunSchema>;

/**
 * GET /rest/v1/admin/health: what the console's Overview shows about the running system
 * (docs/product.md#operator-console): ledger health, the job queue, delivery failures of the last
 * 24 hours and the maintenance state.
 */
export const adminHealthSchema = z.object({
  ledger: z.object({ lastRun: ledgerVerifyRunSchema.nullable() }),
  jobs: z.object({
    /** Jobs due and not yet picked up (created or waiting for a retry). */
    waiting: z.number().int(),
    active: z.number().int(),
    /** Since when the oldest waiting job has been due, or null when none waits. */
    oldestWaitingSince: z.string().nullable(),
  }),
  deliveries: z.object({
    /** Mail written in the last 24 hours that failed at least once (given up or retrying). */
    mailFailures: z.number().int(),
    /** Webhook deliveries (account webhooks and API webhooks) of the last 24 hours that failed at least once. */
    webhookFailures: z.number().int(),
  }),
  maintenance: z.object({ isOn: z.boolean(), message: z.string() }),
});
export type AdminHealth = z.infer<typeof adminHealthSchema>;
