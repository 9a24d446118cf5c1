import type { JobContext, JobDefinition } from "../../../platform/index.ts";
import { type EvmContext, evmContextOf } from "../evm/evm.context.ts";
import { creditConfirmedDeposits, followChain } from "../evm/evm.follower.ts";
import { reconcileEvm } from "../evm/evm.reconcile.ts";
import { trackTransactions } from "../evm/evm.sender.ts";
import { sweepDeposits } from "../evm/evm.sweeper.ts";
import { loadWalletSettings } from "../wallet.settings.ts";

/**
 * The custody jobs of a real chain; with every coin on the dev chain they do nothing. Each runs
 * every minute by schedule and, while the node answers, queues its own next run after
 * SOUK_EVM_POLL_SECONDS (throttled, so several copies keep one chain of runs). When the node
 * does not answer, the run logs it and stops chaining: the schedule tries again within a
 * minute, which is the back-off. Every step is safe to run twice and on several copies at once.
 */
async function runStep(
  name: string,
  job: JobContext,
  step: (context: EvmContext) => Promise<unknown>,
  isChained: boolean,
): Promise<void> {
  const settings = loadWalletSettings();
  if (!settings.evm) return;
  try {
    const context = await evmContextOf(job.db, settings);
    if (!context) return;
    const report = await step(context);
    job.log.debug({ report }, name);
  } catch (error) {
    job.log.warn({ error: error instanceof Error ? error.message : String(error) }, `${name}: retried within a minute`);
    return;
  }
  if (isChained) {
    const seconds = settings.evm.pollSeconds;
    await job.send(name, {}, { startAfterSeconds: seconds, throttleSeconds: seconds });
  }
}

function pollingJob(name: string, step: (context: EvmContext) => Promise<unknown>): JobDefinition {
  return {
    name,
    schedule: "* * * * *",
    isQueuedAtStart: true,
    handler: (_data, job) => runStep(name, job, step, true),
  };
}

/** Deposit detection and crediting: follow the chain, then credit what is deep enough. */
export const custodyFollowJob = pollingJob("wallet.custody-follow", async (context) => ({
  followed: await followChain(context),
  credited: await creditConfirmedDeposits(context),
}));

/** Receipts, replacement of stuck transactions, and settlement of what was mined deep enough. */
export const custodyTransactionsJob = pollingJob("wallet.custody-transactions", trackTransactions);

export const custodySweepJob = pollingJob("wallet.custody-sweep", sweepDeposits);

/** Chain against ledger every ten minutes; the operator overview shows the last result. */
export const custodyReconcileJob: JobDefinition = {
  name: "wallet.custody-reconcile",
  schedule: "*/10 * * * *",
  handler: (_data, job) => runStep("wallet.custody-reconcile", job, reconcileEvm, false),
};
