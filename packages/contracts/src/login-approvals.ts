import { z } from "zod";
import { envelopeSchema } from "./envelope.ts";

/**
 * Approval of a log-in from a new device (docs/product.md#sessions-and-devices): when the user asked
 * for it, a right password from a device never seen answers `approvalRequired` and no session; the
 * mailed link approves or denies; the waiting log-in then completes.
 */
export const LOGIN_APPROVAL_STATUSES = ["pending", "expired", "approved", "denied"] as const;
export type LoginApprovalStatus = (typeof LOGIN_APPROVAL_STATUSES)[number];

/** The log-in answer while the mailed link is still to be answered: no session yet. */
export const approvalPendingSchema = z.object({
  approvalRequired: z.literal(true),
  status: z.literal("pending"),
  expiresAt: z.string(),
});
export type ApprovalPending = z.infer<typeof approvalPendingSchema>;

/** POST auth/login-approvals/answer: the token of the mailed link, and the owner's answer. */
export const loginApprovalAnswerRequestSchema = z.object({
  token: z.string().trim().min(1, { message: "token_required" }).max(200),
  answer: z.enum(["approve", "deny"]),
});
export const loginApprovalAnswerResponseSchema = envelopeSchema(z.object({ status: z.enum(LOGIN_APPROVAL_STATUSES) }));

/** GET and POST users/security-settings. */
export const securitySettingsSchema = z.object({ approveNewDevices: z.boolean() });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export const securitySettingsResponseSchema = envelopeSchema(securitySettingsSchema);
