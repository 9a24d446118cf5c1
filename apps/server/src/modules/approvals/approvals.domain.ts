import type { ApprovalState } from "@souk/contracts";

/**
 * Who may decide a staff-approval request, decided from plain facts
 * (docs/decisions/143-staff-approvals.md). The service reads the facts with the request's row
 * locked, so two decisions at once see each other: the second finds the request decided.
 */

/** The request as the decision's transaction found it. */
export interface ApprovalFacts {
  state: ApprovalState;
  requestedBy: number | null;
  /** The account the action is about: it does not approve its own withdrawal either. */
  subjectUserId: number | null;
  approvedBy: readonly number[];
  approvalsRequired: number;
  expiresAt: Date;
}

export type ApprovalRefusal = "decided" | "by_requester" | "already_given";

export type ApproveDecision =
  | { outcome: "refused"; refusal: ApprovalRefusal }
  /** Its time ran out: the request expires (what it held is given back) and the approval is refused. */
  | { outcome: "expire" }
  /** The first of two approvals: recorded, the action waits for another admin. */
  | { outcome: "record" }
  /** The last approval needed: the action runs now. */
  | { outcome: "approve" };

export function decideApprove(facts: ApprovalFacts, approverId: number, now: Date): ApproveDecision {
  if (facts.state !== "pending") return { outcome: "refused", refusal: "decided" };
  if (facts.expiresAt.getTime() <= now.getTime()) return { outcome: "expire" };
  if (approverId === facts.requestedBy || approverId === facts.subjectUserId) {
    return { outcome: "refused", refusal: "by_requester" };
  }
  if (facts.approvedBy.includes(approverId)) return { outcome: "refused", refusal: "already_given" };
  return facts.approvedBy.length + 1 >= facts.approvalsRequired ? { outcome: "approve" } : { outcome: "record" };
}

/** Any admin may reject a pending request, expired or not: rejecting only gives back. */
export function decideReject(facts: ApprovalFacts): { outcome: "refused"; refusal: "decided" } | { outcome: "reject" } {
  return facts.state === "pending" ? { outcome: "reject" } : { outcome: "refused", refusal: "decided" };
}
