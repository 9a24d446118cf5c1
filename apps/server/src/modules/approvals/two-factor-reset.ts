import { AdminErrorCode, type Approval } from "@souk/contracts";
import type { Db } from "../../db/pool.ts";
import { type ApprovalAction, forbidden, userNotFound } from "../../platform/index.ts";
import { hasTwoFactorOn, resetTwoFactorByStaff } from "../two-factor/index.ts";
import { findUserIdByUsername } from "../users/index.ts";
import { twoFactorNotOn } from "./approvals.errors.ts";
import { type ApprovalCaller, proposeApproval } from "./approvals.service.ts";

/**
 * A user who lost their second factor asks support; a supermod or admin proposes the reset with a
 * reason, another admin approves, and the factor goes off, the account's sessions end and its
 * owner gets a mail, in the approval's transaction (docs/decisions/143-staff-approvals.md).
 */

/** POST /rest/v1/admin/users/{username}/two-factor-reset. */
export async function proposeTwoFactorReset(
  db: Db,
  caller: ApprovalCaller,
  username: string,
  reason: string,
): Promise<Approval> {
  const userId = await findUserIdByUsername(db, username);
  if (userId === null) throw userNotFound();
  if (userId === caller.userId) {
    throw forbidden("Staff cannot act on their own account.", AdminErrorCode.STAFF_ACTION_ON_SELF);
  }
  if (!(await hasTwoFactorOn(db, userId))) throw twoFactorNotOn();
  return proposeApproval(db, caller, reason, async () => ({
    kind: "two_factor_reset",
    subjectType: "user",
    subjectId: username,
    subjectUserId: userId,
    payload: { username },
  }));
}

export const twoFactorResetAction: ApprovalAction = {
  kind: "two_factor_reset",
  async execute(tx, request, jobs) {
    if (request.subjectUserId === null) throw new Error(`reset request ${request.id} names no account`);
    // Turned off meanwhile by its owner: nothing more to do, the approval still stands.
    await resetTwoFactorByStaff(tx, jobs, request.subjectUserId);
  },
};
