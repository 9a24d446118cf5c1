import type { Tx } from "../../db/pool.ts";
import { accounts, type TransferLeg, transfer } from "../ledger/index.ts";
import type { BroadcastOutcome } from "./wallet.chain-adapter.ts";
import { announceWalletFact } from "./wallet.notices.ts";
import * as repo from "./wallet.repo.ts";

export type SettledOutcome = Exclude<BroadcastOutcome, { status: "pending" }>;

/**
 * Settles a withdrawal in the caller's transaction, under the ledger key
 * `withdrawal:<id>:settle`. The network fee the user paid leaves for the world on the dev chain;
 * on a real chain it goes to the treasury, which pays the gas the chain actually charged.
 */
export async function settleWithdrawalOutcome(
  tx: Tx,
  withdrawalId: bigint,
  outcome: SettledOutcome,
  networkFeeTo: "world" | "treasury",
): Promise<"completed" | "failed" | "already settled"> {
  const withdrawal = await repo.lockWithdrawalIn(tx, withdrawalId, "broadcasting");
  if (!withdrawal) return "already settled";
  const userId = Number(withdrawal.user_id);
  const isSent = outcome.status === "sent";
  await moveSettlement(tx, withdrawal, {
    isSent,
    networkFeeTo,
    state: isSent ? "completed" : "failed",
    txid: isSent ? outcome.txid : null,
    failureReason: isSent ? null : outcome.reason,
  });
  if (isSent) {
    await announceWalletFact(tx, {
      event: "wallet.withdrawal_sent",
      id: withdrawal.id,
      userId,
      currencyId: withdrawal.currency_id,
      amountMinor: withdrawal.amount_minor,
      txid: outcome.txid,
    });
  }
  return isSent ? "completed" : "failed";
}

/**
 * The one settlement of a withdrawal, under the ledger key `withdrawal:<id>:settle`: sent (to the
 * world, its fee to `networkFeeTo`) or given back to available (a failed broadcast, a rejection).
 */
export async function moveSettlement(
  tx: Tx,
  withdrawal: repo.WithdrawalRow,
  settle: {
    isSent: boolean;
    networkFeeTo: "world" | "treasury";
    state: "completed" | "failed" | "rejected";
    txid: string | null;
    failureReason: string | null;
  },
): Promise<void> {
  const userId = Number(withdrawal.user_id);
  const pending = accounts.withdrawal(userId);
  const other = settle.isSent ? accounts.world() : accounts.available(userId);
  const feeTo = settle.isSent && settle.networkFeeTo === "treasury" ? accounts.treasury() : other;
  const legs: TransferLeg[] = [{ from: pending, to: other, amountMinor: withdrawal.amount_minor, code: "principal" }];
  if (withdrawal.network_fee_minor > 0n) {
    legs.push({ from: pending, to: feeTo, amountMinor: withdrawal.network_fee_minor, code: "network_fee" });
  }
  const settlement = await transfer(tx, {
    idempotencyKey: `withdrawal:${withdrawal.id}:settle`,
    kind: settle.isSent ? "withdrawal_complete" : "withdrawal_void",
    currencyId: withdrawal.currency_id,
    reference: { type: "withdrawal", id: String(withdrawal.id) },
    reversesTransferId: settle.isSent ? null : withdrawal.hold_transfer_id,
    legs,
  });
  await repo.settleWithdrawal(tx, withdrawal.id, {
    state: settle.state,
    transferId: settlement.transferId,
    txid: settle.txid,
    failureReason: settle.failureReason,
  });
}
