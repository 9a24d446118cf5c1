import {
  type CompanyReviewDecision,
  type CorporateAccountStatus,
  OPEN_CORPORATE_ACCOUNT_STATUSES,
} from "@souk/contracts";

/**
 * The pure rules of corporate accounts (docs/decisions/120-corporate-accounts.md): who may
 * convert, who may send a company application, and what a moderator's decision does.
 */

export interface CorporateFacts {
  isCorporate: boolean;
  isClosed: boolean;
  /** The status of the account's newest application, if any. */
  latestStatus: CorporateAccountStatus | null;
}

export type Refusal =
  | "account_closed"
  | "already_corporate"
  | "already_personal"
  | "not_corporate"
  | "application_open"
  | "already_approved";

function isOpenStatus(status: CorporateAccountStatus | null): boolean {
  return status !== null && (OPEN_CORPORATE_ACCOUNT_STATUSES as readonly string[]).includes(status);
}

/** Converting to corporate: any open personal account. */
export function convertToCorporateRefusal(facts: CorporateFacts): Refusal | null {
  if (facts.isClosed) return "account_closed";
  if (facts.isCorporate) return "already_corporate";
  return null;
}

/** Converting back to personal: not while a moderator still has the company application to decide. */
export function convertToPersonalRefusal(facts: CorporateFacts): Refusal | null {
  if (facts.isClosed) return "account_closed";
  if (!facts.isCorporate) return "already_personal";
  if (isOpenStatus(facts.latestStatus)) return "application_open";
  return null;
}

/**
 * A company application: a corporate account sends one when it has none, or when its last was
 * rejected or sent back for resubmission; never a second while one is open or after approval.
 */
export function submitRefusal(facts: CorporateFacts): Refusal | null {
  if (facts.isClosed) return "account_closed";
  if (!facts.isCorporate) return "not_corporate";
  if (isOpenStatus(facts.latestStatus)) return "application_open";
  if (facts.latestStatus === "application_approved") return "already_approved";
  return null;
}

/** Postponing the prompt: a corporate account whose company is not verified yet. */
export function postponeRefusal(facts: CorporateFacts): Refusal | null {
  if (facts.isClosed) return "account_closed";
  if (!facts.isCorporate) return "not_corporate";
  if (facts.latestStatus === "application_approved") return "already_approved";
  return null;
}

export interface ReviewFacts {
  status: CorporateAccountStatus;
  applicantId: number;
  reviewerId: number | null;
}

export type ReviewRefusal = "own_application" | "decided" | "taken_by_another";

/** Taking an application into review: an open one, not one's own, not one another moderator holds. */
export function takeRefusal(application: ReviewFacts, moderatorId: number): ReviewRefusal | null {
  if (application.applicantId === moderatorId) return "own_application";
  if (!isOpenStatus(application.status)) return "decided";
  if (application.reviewerId !== null && application.reviewerId !== moderatorId) return "taken_by_another";
  return null;
}

const DECISION_STATUS: Record<CompanyReviewDecision["decision"], CorporateAccountStatus> = {
  approve: "application_approved",
  reject: "application_rejected",
  request_resubmission: "application_waiting_resubmission",
};

/** The status a decision leaves the application in (the same checks as taking it). */
export function decide(
  application: ReviewFacts,
  moderatorId: number,
  decision: CompanyReviewDecision["decision"],
): { ok: true; status: CorporateAccountStatus } | { ok: false; refusal: ReviewRefusal } {
  const refusal = takeRefusal(application, moderatorId);
  return refusal ? { ok: false, refusal } : { ok: true, status: DECISION_STATUS[decision] };
}

/**
 * What converting to personal does to the name shown: a company name is no longer the account's
 * to show, so those choices fall back to the default.
 */
export function personalVisibility(current: string): string {
  return current === "legal_entity_name" || current === "business_name" ? "first_name_and_initial" : current;
}
