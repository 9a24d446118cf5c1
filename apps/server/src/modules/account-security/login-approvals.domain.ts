import type { LoginApprovalStatus } from "@souk/contracts";

/** A request lives fifteen minutes (decision 092). */
export const LOGIN_APPROVAL_TTL_MS = 15 * 60_000;

/** What a right password from this device leads to, before any second factor. */
export function deviceLogInStep(facts: { isKnownDevice: boolean; approveNewDevices: boolean }): "go_on" | "ask" {
  return !facts.isKnownDevice && facts.approveNewDevices ? "ask" : "go_on";
}

/** A stored request's status as of `now`: a pending one past its expiry reads as expired. */
export function approvalStatusAt(
  row: { status: LoginApprovalStatus; expiresAt: Date },
  now: Date,
): LoginApprovalStatus {
  return row.status === "pending" && row.expiresAt.getTime() <= now.getTime() ? "expired" : row.status;
}

/**
 * What the waiting log-in may do: `complete` once (approved, not used yet, and within the
 * expiry the approval renewed); `wait` while pending; otherwise refused with the reason.
 */
export function waitingLogInOutcome(
  row: { status: LoginApprovalStatus; expiresAt: Date; usedAt: Date | null },
  now: Date,
): "complete" | "wait" | "denied" | "expired" | "used" {
  const status = approvalStatusAt(row, now);
  if (status === "pending") return "wait";
  if (status === "approved") {
    if (row.usedAt) return "used";
    return row.expiresAt.getTime() <= now.getTime() ? "expired" : "complete";
  }
  return status;
}
