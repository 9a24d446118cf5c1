import { PAGE_PATHS, VerificationErrorCode } from "@souk/contracts";
import type { Tx } from "../../db/pool.ts";
import { conflict, forbidden, notFound } from "../../platform/index.ts";
import { announceOncePerSubject } from "../../realtime/index.ts";
import { recordActivity } from "../account-security/index.ts";
import { recordAudit } from "../audit/index.ts";
import { conditionsOf, effectsOf, levelOf } from "./verification.domain.ts";
import type { ProviderDecision } from "./verification.provider.ts";
import * as repo from "./verification.repo.ts";

export const submissionNotFound = () => notFound("No such verification.", VerificationErrorCode.VERIFICATION_NOT_FOUND);

/**
 * Sets the user's stored level (kyc_level, which the trade start reads) to the one their
 * conditions add up to. Every change of a condition calls it in its own transaction: a decision
 * here, a phone verified or removed, an e-mail verified.
 */
export async function refreshKycLevel(tx: Tx, userId: number): Promise<number> {
  const user = await repo.findUser(tx, userId, true);
  if (!user) return 0;
  const { accountLevel } = levelOf(conditionsOf(user), user.roles.includes("demo"));
  if (Number(user.kyc_level) !== accountLevel) await repo.setKycLevel(tx, userId, accountLevel);
  return accountLevel;
}

/** The audit log's action of a moderator's decision (docs/decisions/122-verification-queue-screen.md). */
const AUDIT_ACTIONS: Record<ProviderDecision["outcome"], string> = {
  approved: "verification.approve",
  rejected: "verification.reject",
  resubmission_requested: "verification.request_resubmission",
};

/**
 * Applies a provider's decision to an uploaded submission, in one transaction: the submission's
 * status and reason, the user's conditions, level and blocked actions, the notice to the user, the
 * activity log line and, for a moderator's decision, the audit row. `reviewerId` is the moderator
 * who decided (null for an outside provider); a moderator never decides their own submission.
 */
export async function applyDecision(
  tx: Tx,
  submissionPublicId: string,
  decision: ProviderDecision,
  reviewerId: number | null,
): Promise<void> {
  const submission = await repo.findSubmission(tx, submissionPublicId, true);
  if (!submission) throw submissionNotFound();
  if (reviewerId !== null && Number(submission.user_id) === reviewerId) {
    throw forbidden("You cannot review your own verification.", VerificationErrorCode.SELF_REVIEW);
  }
  if (submission.status !== "uploaded") {
    throw conflict("This verification is not waiting for a decision.", VerificationErrorCode.VERIFICATION_WRONG_STATE, {
      status: submission.status,
    });
  }
  const userId = Number(submission.user_id);
  const user = await repo.findUser(tx, userId, true);
  if (!user) throw submissionNotFound();
  const effects = effectsOf(submission, decision, user.blocked_kyc_actions);
  await repo.setSubmissionStatus(tx, submission.id, { status: effects.status, reason: effects.reason, reviewerId });
  await repo.updateUserConditions(tx, userId, {
    verifies: effects.verifies,
    blockedKycActions: effects.blockedKycActions,
  });
  const accountLevel = await refreshKycLevel(tx, userId);
  await announceOncePerSubject(tx, userId, {
    event: "account.verification_decided",
    subjectId: submission.public_id,
    link: PAGE_PATHS.kycVerification,
    text: submission.type,
    reason: effects.status,
  });
  await recordActivity(tx, {
    userId,
    type: "verification_decided",
    details: { verification: submission.type, status: effects.status, level: String(accountLevel) },
  });
  if (reviewerId === null) return;
  await recordAudit(tx, {
    actor: { kind: "user", userId: reviewerId },
    action: AUDIT_ACTIONS[decision.outcome],
    subjectType: "user",
    subjectId: user.username,
    reason: effects.reason ?? "",
    details: { verification: submission.type, submission: submission.public_id },
  });
}
