import { formatAmount, parseAmount } from "@souk/money";
import type { Tx } from "../../db/pool.ts";
import type { ApprovalAction } from "../../platform/index.ts";
import { openApprovalRequest } from "../approvals/index.ts";
import type { CryptoCurrency } from "../reference/index.ts";
import * as repo from "./wallet.repo.ts";
import { moveSettlement } from "./withdrawal-settlement.ts";

/**
 * Large withdrawals wait for staff (docs/decisions/144-withdrawal-approval-thresholds.md). The
 * thresholds are in the coin's own units, per currency: from SOUK_WITHDRAWAL_APPROVAL_<CODE> one
 * admin approves, from SOUK_WITHDRAWAL_FOUR_EYES_<CODE> two different admins do. While waiting
 * the funds stay in the user's withdrawal account (the ledger's hold) and the broadcaster, which
 * claims only 'held' rows, never sees them.
 */
const DEFAULT_THRESHOLDS: Readonly<Record<string, { approval: string; fourEyes: string }>> = {
  BTC: { approval: "1", fourEyes: "5" },
  ETH: { approval: "20", fourEyes: "100" },
  USDT: { approval: "25000", fourEyes: "100000" },
};

interface WithdrawalThresholds {
  approvalMinor: bigint | null;
  fourEyesMinor: bigint | null;
}

function thresholdMinor(text: string | undefined, decimals: number, name: string): bigint | null {
  if (text === undefined) return null;
  try {
    return parseAmount(text.trim(), decimals);
  } catch {
    throw new Error(`invalid configuration: ${name} must be an amount in the coin's units`);
  }
}

/** The thresholds of one currency; the environment overrides the defaults (a currency without either needs none). */
export function withdrawalThresholdsOf(
  code: string,
  decimals: number,
  env: NodeJS.ProcessEnv = process.env,
): WithdrawalThresholds {
  const approvalName = `SOUK_WITHDRAWAL_APPROVAL_${code}`;
  const fourEyesName = `SOUK_WITHDRAWAL_FOUR_EYES_${code}`;
  return {
    approvalMinor: thresholdMinor(env[approvalName] ?? DEFAULT_THRESHOLDS[code]?.approval, decimals, approvalName),
    fourEyesMinor: thresholdMinor(env[fourEyesName] ?? DEFAULT_THRESHOLDS[code]?.fourEyes, decimals, fourEyesName),
  };
}

/**
 * How many admins approve a withdrawal of `amountMinor` (the amount sent, the network fee apart):
 * none below the approval threshold, one from it, two (four eyes) from the larger one.
 */
export function approvalsNeededFor(amountMinor: bigint, thresholds: WithdrawalThresholds): 0 | 1 | 2 {
  if (thresholds.fourEyesMinor !== null && amountMinor >= thresholds.fourEyesMinor) return 2;
  if (thresholds.approvalMinor !== null && amountMinor >= thresholds.approvalMinor) return 1;
  return 0;
}

/** Opens the withdrawal's approval request in the transaction that held its funds. */
export async function requestWithdrawalApproval(
  tx: Tx,
  withdrawal: repo.WithdrawalRow,
  sender: { userId: number; username: string },
  currency: CryptoCurrency,
  approvalsRequired: 1 | 2,
): Promise<void> {
  await openApprovalRequest(tx, {
    kind: "withdrawal",
    subjectType: "withdrawal",
    subjectId: String(withdrawal.id),
    subjectUserId: sender.userId,
    payload: {
      username: sender.username,
      cryptoCurrencyCode: currency.code,
      amount: formatAmount(withdrawal.amount_minor, currency.decimals),
      networkFee: formatAmount(withdrawal.network_fee_minor, currency.decimals),
      address: withdrawal.address,
    },
    requestedBy: sender.userId,
    reason: "",
    approvalsRequired,
    actor: { kind: "user", userId: sender.userId },
  });
}

/**
 * Approved: the withdrawal joins the broadcaster's queue. Rejected or expired: its hold goes back
 * to available once, under the settlement's ledger key, and the row says 'rejected'.
 */
export const withdrawalApprovalAction: ApprovalAction = {
  kind: "withdrawal",
  async execute(tx, request) {
    const isReleased = await repo.releaseApprovedWithdrawal(tx, BigInt(request.subjectId));
    if (!isReleased) throw new Error(`withdrawal ${request.subjectId} no longer waits for approval`);
  },
  async release(tx, request, outcome) {
    const withdrawal = await repo.lockWithdrawalIn(tx, BigInt(request.subjectId), "awaiting_approval");
    if (!withdrawal) return;
    await moveSettlement(tx, withdrawal, {
      isSent: false,
      networkFeeTo: "world",
      state: "rejected",
      txid: null,
      failureReason: outcome === "expired" ? "approval_expired" : "rejected_by_staff",
    });
  },
};
