import { z } from "zod";
import { staffReasonSchema } from "./admin.ts";
import { pageQuerySchema } from "./envelope.ts";

/**
 * Staff approvals (four eyes): an action that waits for a second admin. A large withdrawal, a
 * ledger correction and a second-factor reset are requested, then approved or rejected by an admin
 * who is not the requester (docs/decisions/143-staff-approvals.md).
 */
export const APPROVAL_KINDS = ["withdrawal", "ledger_reversal", "two_factor_reset"] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_STATES = ["pending", "approved", "rejected", "expired"] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const ApprovalErrorCode = {
  /** The request is no longer pending (approved, rejected or expired; also the loser of two at once). */
  APPROVAL_DECIDED: "ERROR_APPROVAL_DECIDED",
  /** The request's time ran out: it is now expired and cannot be approved. */
  APPROVAL_EXPIRED: "ERROR_APPROVAL_EXPIRED",
  /** The requester (or the person the request is about) cannot approve it. */
  APPROVAL_BY_REQUESTER: "ERROR_APPROVAL_BY_REQUESTER",
  /** This admin already approved; the second approval must come from another admin. */
  APPROVAL_ALREADY_GIVEN: "ERROR_APPROVAL_ALREADY_GIVEN",
  APPROVAL_NOT_FOUND: "ERROR_APPROVAL_NOT_FOUND",
  /** The same action already waits for approval. */
  APPROVAL_ALREADY_REQUESTED: "ERROR_APPROVAL_ALREADY_REQUESTED",
  /** The transfer cannot be reversed (unknown, itself a reversal, or already reversed). */
  TRANSFER_NOT_REVERSIBLE: "ERROR_TRANSFER_NOT_REVERSIBLE",
  /** A second-factor reset of an account whose second factor is off. */
  TWO_FACTOR_NOT_ON: "ERROR_TWO_FACTOR_NOT_ON",
} as const;

export const approvalSchema = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  subjectType: z.string(),
  subjectId: z.string(),
  /** The account the action is about (the withdrawing user), when there is one. */
  subjectUsername: z.string().nullable(),
  /** What the action does, as the request recorded it (amount, currency, address, transfer...). */
  payload: z.record(z.string(), z.unknown()),
  requestedBy: z.string().nullable(),
  reason: z.string(),
  approvalsRequired: z.number().int(),
  approvedBy: z.array(z.string()),
  state: z.enum(APPROVAL_STATES),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** GET /rest/v1/admin/approvals. */
export const approvalsQuerySchema = pageQuerySchema.extend({
  state: z.enum(APPROVAL_STATES, { message: "state_unknown" }).default("pending"),
  kind: z.enum(APPROVAL_KINDS, { message: "kind_unknown" }).optional(),
});
export type ApprovalsQuery = z.infer<typeof approvalsQuerySchema>;

export const approvalIdParamsSchema = z.object({
  id: z.coerce.number({ message: "id_invalid" }).int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** POST /rest/v1/admin/approvals/{id}/approve: a note is optional. */
export const approvalApproveSchema = z.object({
  reason: z.string().trim().max(500, { message: "too_long" }).default(""),
});

/** POST /rest/v1/admin/approvals/{id}/reject: why, always. */
export const approvalRejectSchema = z.object({ reason: staffReasonSchema });

/** POST /rest/v1/admin/users/{username}/two-factor-reset: propose a reset of the account's second factor. */
export const twoFactorResetRequestSchema = z.object({ reason: staffReasonSchema });

/** POST /rest/v1/admin/ledger/transfers/{id}/reversal: propose a correction. */
export const reversalRequestSchema = z.object({ reason: staffReasonSchema });
export const transferIdParamsSchema = z.object({
  id: z.coerce.number({ message: "id_invalid" }).int().min(1).max(Number.MAX_SAFE_INTEGER),
});
