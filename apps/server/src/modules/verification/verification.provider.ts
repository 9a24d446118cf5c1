import type { VerificationType } from "@souk/contracts";
import type { Tx } from "../../db/pool.ts";

/**
 * The provider adapter (docs/decisions/117-manual-review-queue.md): who checks a submission once its
 * files are in. The built-in `manual` provider puts it in the moderators' review queue; an outside
 * provider hands it over and decides later through its callback. Either way the decision comes
 * back as a `ProviderDecision` and `applyDecision` (verification.decide.ts) does the rest: the
 * submission's status, the user's conditions and level, the banners, the notice, the activity log.
 */

/** A submission whose files are all in, as a provider receives it. */
interface SubmissionForProvider {
  /** The submission's public id: the reference a provider echoes in its callback. */
  submissionId: string;
  userId: number;
  type: VerificationType;
  /** The spec's start payload, as the user sent it. */
  payload: Record<string, unknown>;
  /** The storage keys of its files, by side (front, back, selfie, proof, video). */
  documents: { side: string; storageKey: string; contentType: string }[];
}

/** What a provider decided about a submission. */
export type ProviderDecision =
  | { outcome: "approved" }
  | { outcome: "rejected"; reason: string }
  /** The files cannot be read: the user sends the submission again (status `corrupted`). */
  | { outcome: "resubmission_requested"; reason: string };

export interface VerificationProvider {
  /** The name stored on the submission (`manual`, `sumsub`). */
  readonly name: string;
  /**
   * Called in the transaction that completes a submission. Returns the provider's reference for it
   * (stored as provider_reference), or null. A provider that decides at once may return a decision.
   */
  submit(tx: Tx, submission: SubmissionForProvider): Promise<{ reference: string | null; decision?: ProviderDecision }>;
  /**
   * Turns the provider's own answer (a reviewer's click, a signed callback body) into a decision,
   * or null when the answer decides nothing yet. The manual provider's answer is the moderator's.
   */
  decide(answer: unknown): ProviderDecision | null;
}
