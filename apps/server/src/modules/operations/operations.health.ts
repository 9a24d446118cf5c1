import type { AdminHealth } from "@souk/contracts";
import type { Db } from "../../db/pool.ts";
import { lastLedgerVerifyRun } from "../ledger/index.ts";
import { countMailFailuresSince } from "../mail/index.ts";
import { getMaintenanceState } from "../site/index.ts";
import { countWebhookFailuresSince } from "../webhooks/index.ts";
import { readJobQueueDepth } from "./operations.repo.ts";

/** The window of the delivery failures the Overview counts. */
const FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * GET /rest/v1/admin/health: the running system as the console's Overview shows it
 * (docs/decisions/145-operations-health.md). Reads only; each part through its module's door.
 */
export async function getAdminHealth(db: Db, now: Date = new Date()): Promise<AdminHealth> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const [lastRun, jobs, mailFailures, webhookFailures, maintenance] = await Promise.all([
    lastLedgerVerifyRun(db),
    readJobQueueDepth(db),
    countMailFailuresSince(db, since),
    countWebhookFailuresSince(db, since),
    getMaintenanceState(db),
  ]);
  return {
    ledger: { lastRun },
    jobs: {
      waiting: jobs.waiting,
      active: jobs.active,
      oldestWaitingSince: jobs.oldestWaitingSince?.toISOString() ?? null,
    },
    deliveries: { mailFailures, webhookFailures },
    maintenance: { isOn: maintenance.isOn, message: maintenance.message },
  };
}
