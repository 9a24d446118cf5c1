import { z } from "zod";
import { envelopeSchema, pageMetaSchema, pageQuerySchema } from "./envelope.ts";

/**
 * What the account activity log records. Each is written in the transaction of the action itself,
 * so a row exists exactly when the action happened.
 */
export const ACCOUNT_ACTIVITY_TYPES = [
  "login",
  "login_failed",
  "new_device_login",
  "login_approval_requested",
  "login_approved",
  "login_denied",
  "password_reset",
  "password_change",
  "email_change",
  "two_factor_change",
  "withdrawal",
  "release",
  "api_key_created",
  "api_key_revoked",
  "passkey_added",
  "passkey_removed",
  "passkey_used",
  "account_type_change",
  "company_verification",
  "verification_decided",
] as const;
export const accountActivityTypeSchema = z.enum(ACCOUNT_ACTIVITY_TYPES);
export type AccountActivityType = z.infer<typeof accountActivityTypeSchema>;

/** One line of GET /rest/v1/users/activity; `details` names the object (trade, amount, client). */
export const accountActivitySchema = z.object({
  id: z.number().int(),
  type: accountActivityTypeSchema,
  device: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type AccountActivity = z.infer<typeof accountActivitySchema>;
export const accountActivityQuerySchema = pageQuerySchema;
export const accountActivityResponseSchema = envelopeSchema(z.array(accountActivitySchema), pageMetaSchema);
