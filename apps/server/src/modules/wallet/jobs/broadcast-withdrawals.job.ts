import type { JobDefinition } from "../../../platform/index.ts";
import { broadcastPendingWithdrawals } from "../withdrawals.service.ts";

/**
 * Delivers the withdrawal outbox every minute. Safe to run on several workers at once (rows are
 * claimed with SKIP LOCKED) and again after a crash (the chain adapter is idempotent by
 * withdrawal id, and each withdrawal settles under one ledger key).
 */
export const broadcastWithdrawalsJob: JobDefinition = {
  name: "wallet.broadcast-withdrawals",
  schedule: "* * * * *",
  async handler(_data, context) {
    const report = await broadcastPendingWithdrawals(context.db);
    if (report.claimed > 0) context.log.info({ report }, "withdrawals broadcast");
  },
};
