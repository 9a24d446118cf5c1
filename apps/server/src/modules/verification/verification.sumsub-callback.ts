import { VerificationErrorCode, type VerificationSubmission } from "@souk/contracts";
import type { Config } from "../../config.ts";
import { type Db, withTx } from "../../db/pool.ts";
import { conflict, DomainError, inputError } from "../../platform/index.ts";
import { applyDecision, submissionNotFound } from "./verification.decide.ts";
import * as repo from "./verification.repo.ts";
import { toSubmission } from "./verification.service.ts";
import type { SumsubClient } from "./verification.sumsub-client.ts";
import { sumsubDecisionOf } from "./verification.sumsub-provider.ts";
import { isSignedCallback } from "./verification.sumsub-signing.ts";

/**
 * The SumSub-shaped provider's two doors (docs/decisions/118-sumsub-provider.md): its signed
 * callback, which decides a submission once, and the user's mark-pending, which tells it the user
 * finished its own flow.
 */

const PROVIDER = "sumsub";

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw inputError({ body: ["invalid_json"] }, "The callback body is not JSON.");
  }
}

/**
 * POST /rest/v3/kyc/verifications/sumsub/callback. A body whose digest does not check out is
 * refused before it is read (401, nothing written). A review decides the submission whose
 * reference is its applicant, in one transaction; one decided already (the same callback again)
 * is left as it is. Anything else is acknowledged and ignored.
 */
export async function receiveSumsubCallback(
  db: Db,
  config: Pick<Config, "SUMSUB_WEBHOOK_SECRET">,
  headers: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): Promise<{ isDecided: boolean }> {
  if (!isSignedCallback(config.SUMSUB_WEBHOOK_SECRET, headers, rawBody)) {
    throw new DomainError(
      VerificationErrorCode.BAD_SIGNATURE,
      "unauthenticated",
      "The callback's signature does not match.",
    );
  }
  const body = parseJson(rawBody);
  const decision = sumsubDecisionOf(body);
  if (!decision) return { isDecided: false };
  const applicantId = (body as { applicantId: string }).applicantId;
  return withTx(db, async (tx) => {
    const submission = await repo.findSubmissionByReference(tx, PROVIDER, applicantId);
    if (!submission) throw submissionNotFound();
    if (submission.status !== "uploaded") return { isDecided: false };
    await applyDecision(tx, submission.public_id, decision, null);
    return { isDecided: true };
  });
}

/**
 * POST /rest/v3/kyc/verifications/sumsub/mark-pending {verificationReference}: the user finished
 * the provider's flow for their submission; the provider is asked to check it (again). Only the
 * owner's submission that waits for the provider; any other reference is not found.
 */
export async function markSumsubPending(
  context: { db: Db; client: SumsubClient },
  userId: number,
  verificationReference: string,
): Promise<VerificationSubmission> {
  return withTx(context.db, async (tx) => {
    const submission = await repo.findSubmissionByReference(tx, PROVIDER, verificationReference);
    if (!submission || Number(submission.user_id) !== userId) throw submissionNotFound();
    if (submission.status !== "uploaded") {
      throw conflict(
        "This verification is not waiting for the provider.",
        VerificationErrorCode.VERIFICATION_WRONG_STATE,
        {
          status: submission.status,
        },
      );
    }
    await context.client.requestCheck(verificationReference);
    return toSubmission(submission, await repo.listDocuments(tx, [submission.id]));
  });
}
