import type { Approval, LedgerTransferKind } from "@souk/contracts";
import type { Db } from "../../db/pool.ts";
import type { ApprovalAction } from "../../platform/index.ts";
import { getTransfer, reverseTransfer } from "../ledger/index.ts";
import { notReversible } from "./approvals.errors.ts";
import { type ApprovalCaller, proposeApproval } from "./approvals.service.ts";

/**
 * Ledger corrections from the console: an admin proposes the reversal of a transfer with a
 * reason, another admin approves, and the reversal runs once (docs/decisions/143-staff-approvals.md).
 * Only transfers that no other record follows can be reversed: a deposit credited by mistake, an
 * internal send. A trade's, withdrawal's or bond's transfers are settled by their own state
 * machines, and reversing one behind their back would make `ledger:verify` report drift.
 */
const REVERSIBLE_KINDS: readonly LedgerTransferKind[] = ["deposit", "internal_transfer"];

/** POST /rest/v1/admin/ledger/transfers/{id}/reversal. */
export async function proposeReversal(
  db: Db,
  caller: ApprovalCaller,
  transferId: number,
  reason: string,
): Promise<Approval> {
  return proposeApproval(db, caller, reason, async (tx) => {
    const transfer = await getTransfer(tx, BigInt(transferId));
    if (!transfer) throw notReversible("no such transfer");
    if (!REVERSIBLE_KINDS.includes(transfer.kind)) throw notReversible(`a ${transfer.kind} transfer`);
    const owners = [...new Set(transfer.entries.flatMap((entry) => entry.ownerUserId ?? []))];
    return {
      kind: "ledger_reversal",
      subjectType: "ledger_transfer",
      subjectId: String(transfer.id),
      subjectUserId: null,
      payload: {
        transferKind: transfer.kind,
        currencyId: transfer.currencyId,
        owners,
        entries: transfer.entries.map((entry) => ({
          account: entry.accountKey,
          amountMinor: entry.amountMinor.toString(),
        })),
      },
    };
  });
}

/** Runs once: the ledger key is the request's, and a transfer is reversed at most once (I9). */
export const ledgerReversalAction: ApprovalAction = {
  kind: "ledger_reversal",
  async execute(tx, request) {
    await reverseTransfer(tx, {
      transferId: BigInt(request.subjectId),
      idempotencyKey: `approval:${request.id}:reversal`,
    });
  },
};
