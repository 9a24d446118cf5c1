import type { BroadcastReport, WalletWithdrawal } from "@souk/contracts";
import { formatAmount } from "@souk/money";
import { type Db, withTx } from "../../db/pool.ts";
import { failpoint } from "../../platform/index.ts";
import { withLedgerTx } from "../ledger/index.ts";
import type { CryptoCurrency } from "../reference/index.ts";
import { currenciesById } from "./deposits.service.ts";
import { type BroadcastOutcome, type ChainAdapter, chainAdapterFor } from "./wallet.chain.ts";
import * as repo from "./wallet.repo.ts";
import { loadWalletSettings } from "./wallet.settings.ts";
import { type SettledOutcome, settleWithdrawalOutcome } from "./withdrawal-settlement.ts";

/**
 * The withdrawal outbox (docs/reliability.md#i12-outside-effects-happen-once). A send to an outside
 * address held the money and
 * wrote a 'held' row in one transaction. Here a worker:
 *
 * 1. claims rows (held, or broadcasting for too long) with FOR UPDATE SKIP LOCKED and commits
 *    them as 'broadcasting' before any outside effect;
 * 2. asks the chain adapter to broadcast, which is idempotent by withdrawal id;
 * 3. settles each in its own transaction: completed (withdrawal account -> world) or failed (the
 *    hold goes back to available). Both use the key `withdrawal:<id>:settle`, so one withdrawal
 *    has one outcome in the ledger whatever races.
 *
 * A crash after 1 leaves a 'broadcasting' row that a later run claims again once stale; the
 * adapter then returns the first broadcast's txid instead of sending twice. A real chain's
 * adapter answers `pending` at first: the row stays 'broadcasting' and the adapter's own tracker
 * settles it (settleWithdrawalOutcome) once the chain has mined it deep enough.
 */

const BROADCAST_BATCH_SIZE = 20;

export interface BroadcastOptions {
  adapter?: ChainAdapter;
  batchSize?: number;
  staleAfterSeconds?: number;
}

export async function broadcastPendingWithdrawals(db: Db, options: BroadcastOptions = {}): Promise<BroadcastReport> {
  const settings = loadWalletSettings();
  const claimed = await withTx(db, (tx) =>
    repo.claimWithdrawals(
      tx,
      options.batchSize ?? BROADCAST_BATCH_SIZE,
      options.staleAfterSeconds ?? settings.broadcastStaleAfterSeconds,
    ),
  );
  const report: BroadcastReport = { claimed: claimed.length, completed: 0, failed: 0, retryLater: 0 };
  if (claimed.length === 0) return report;
  failpoint("withdrawal.broadcast.after_claim");
  const currencies = await currenciesById(db);
  for (const withdrawal of claimed) {
    const currency = currencies.get(withdrawal.currency_id);
    if (!currency) throw new Error(`withdrawal ${withdrawal.id} names an unknown currency`);
    const adapter = options.adapter ?? chainAdapterFor(db, currency.code, settings);
    let outcome: BroadcastOutcome;
    try {
      outcome = await adapter.broadcastWithdrawal({
        withdrawalId: withdrawal.id,
        currencyId: withdrawal.currency_id,
        currencyCode: currency.code,
        address: withdrawal.address,
        amountMinor: withdrawal.amount_minor,
        networkFeeMinor: withdrawal.network_fee_minor,
      });
    } catch {
      // The outcome is unknown: the row stays 'broadcasting' and is retried once stale.
      report.retryLater += 1;
      continue;
    }
    failpoint("withdrawal.broadcast.after_send");
    if (outcome.status === "pending") {
      // On its way (or waiting for the hot wallet): the adapter settles it; a later run looks again.
      report.retryLater += 1;
      continue;
    }
    const settled = await settleBroadcast(db, withdrawal.id, outcome);
    if (settled === "completed") report.completed += 1;
    else if (settled === "failed") report.failed += 1;
  }
  return report;
}

/** Records a broadcast's outcome once; a withdrawal already settled by another worker is left alone. */
async function settleBroadcast(
  db: Db,
  withdrawalId: bigint,
  outcome: SettledOutcome,
): Promise<"completed" | "failed" | "already settled"> {
  return withLedgerTx(db, (tx) => settleWithdrawalOutcome(tx, withdrawalId, outcome, "world"));
}

export function toWithdrawalView(row: repo.WithdrawalRow, currency: CryptoCurrency): WalletWithdrawal {
  return {
    id: Number(row.id),
    cryptoCurrencyCode: currency.code,
    address: row.address,
    amount: formatAmount(row.amount_minor, currency.decimals),
    networkFee: formatAmount(row.network_fee_minor, currency.decimals),
    state: row.state,
    txid: row.txid,
    failureReason: row.failure_reason,
    createdAt: row.created_at.toISOString(),
  };
}
