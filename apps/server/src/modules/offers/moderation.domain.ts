import { OfferModerationStatus } from "@souk/contracts";

/**
 * Offer moderation decided on plain facts (docs/decisions/130-offer-moderation.md). The statuses are
 * the spec's: 1 approved, 2 rejected, 3 no appeal, 4 appealed. Staff reject an approved offer (2,
 * with the reason the vendor reads); the vendor appeals a rejection once (4); staff approve (1) or
 * reject the appeal, which is final (3). The service locks the offer's row before it asks, so two
 * moderators at once are told apart: the second finds the status changed and is refused.
 */

export type ModerationStatus = (typeof OfferModerationStatus)[keyof typeof OfferModerationStatus];

/** The offer as the action's transaction found it. */
export interface ModerationFacts {
  ownerId: number;
  status: ModerationStatus;
  isFeaturedByModerator: boolean;
  isStickiedByModerator: boolean;
}

/** A moderator's mark on an offer: featured (a badge) or sticky (the first pinned position). */
export type ModerationMark = "feature" | "sticky";

export type ModerationRefusal = "own_offer" | "not_owner" | "status_conflict";

export type ModerationDecision<Plan> = { kind: "refused"; refusal: ModerationRefusal } | { kind: "plan"; plan: Plan };

const refused = (refusal: ModerationRefusal) => ({ kind: "refused", refusal }) as const;

/** What a staff decision writes: the new status and the message the vendor reads (null clears it). */
interface StatusPlan {
  status: ModerationStatus;
  message: string | null;
  /** The vendor's appeal is kept with a final rejection, forgotten with an approval. */
  keepsAppeal: boolean;
}

const { approved, rejected, noAppeal, appealed } = OfferModerationStatus;

/** Staff reject: an approved offer becomes rejected, an appealed one rejected for good (no appeal). */
export function decideReject(
  staffId: number | null,
  facts: ModerationFacts,
  reason: string,
): ModerationDecision<StatusPlan> {
  if (staffId !== null && staffId === facts.ownerId) return refused("own_offer");
  if (facts.status === approved)
    return { kind: "plan", plan: { status: rejected, message: reason, keepsAppeal: false } };
  if (facts.status === appealed)
    return { kind: "plan", plan: { status: noAppeal, message: reason, keepsAppeal: true } };
  return refused("status_conflict");
}

/** Staff approve a rejected, appealed or finally rejected offer; the vendor's message clears. */
export function decideApprove(staffId: number | null, facts: ModerationFacts): ModerationDecision<StatusPlan> {
  if (staffId !== null && staffId === facts.ownerId) return refused("own_offer");
  if (facts.status === approved) return refused("status_conflict");
  return { kind: "plan", plan: { status: approved, message: null, keepsAppeal: false } };
}

/** The vendor appeals their own rejected offer, once: an appeal turned down is final. */
export function decideAppeal(
  vendorId: number,
  facts: ModerationFacts,
): ModerationDecision<{ status: ModerationStatus }> {
  if (vendorId !== facts.ownerId) return refused("not_owner");
  return facts.status === rejected ? { kind: "plan", plan: { status: appealed } } : refused("status_conflict");
}

/** Staff put a mark on an offer or take it off: only a real change. */
export function decideMark(
  staffId: number | null,
  facts: ModerationFacts,
  mark: ModerationMark,
  isOn: boolean,
): ModerationDecision<{ isOn: boolean }> {
  if (staffId !== null && staffId === facts.ownerId) return refused("own_offer");
  const isOnNow = mark === "feature" ? facts.isFeaturedByModerator : facts.isStickiedByModerator;
  return isOnNow === isOn ? refused("status_conflict") : { kind: "plan", plan: { isOn } };
}
