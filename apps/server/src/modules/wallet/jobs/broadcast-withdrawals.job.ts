import type { JobDefinition } from "../../../platform/index.ts";
import { loadWalletSettings } from "../wallet.settings.ts";
import { broadcastPendingWithdrawals } from "../withdrawals.service.ts";

/**
 * Delivers the withdrawal outbox every minute. Safe to run on several workers at once (rows are
 * claimed with SKIP LOCKED) and again after a crash (the chain adapter is idempotent by
 * withdrawal id, and each withdrawal settles under one ledger key). With a coin on a real chain
 * it also queues its own next run after SOUK_EVM_POLL_SECONDS, as the custody jobs do.
 */
export const broadcastWithdrawalsJob: JobDefinition = {
  name: "wallet.broadcast-withdrawals",
  schedule: "* * * * *",
  isQueuedAtStart: true,
  async handler(_data, context) {
    const report = await broadcastPendingWithdrawals(context.db);
    if (report.claimed > 0) context.log.info({ report }, "withdrawals broadcast");
    const evm = loadWalletSettings().evm;
    if (evm) {
      await context.send(
        "wallet.broadcast-withdrawals",
        {},
        {
          startAfterSeconds: evm.pollSeconds,
          throttleSeconds: evm.pollSeconds,
        },
      );
    }
  },
};
