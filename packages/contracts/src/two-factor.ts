import { z } from "zod";
import { passwordSchema } from "./auth.ts";
import { authSessionSchema } from "./auth-session.ts";
import { TWO_FACTOR_TYPES } from "./enums.ts";
import { envelopeSchema } from "./envelope.ts";
import { approvalPendingSchema } from "./login-approvals.ts";

/** Second factor (docs/product.md#two-factor): types, states and per-event settings of the spec. */
export const TWO_FACTOR_STATES = ["initial", "verification", "enabled", "disabled"] as const;
export type TwoFactorType = (typeof TWO_FACTOR_TYPES)[number];

/** A six-digit factor code or a ten-character recovery code (`ABCDE-12345`). */
export const twoFactorCodeSchema = z.string().trim().min(1, { message: "code_required" }).max(16);

export const twoFactorSettingsSchema = z.object({ login: z.boolean(), release: z.boolean(), sendout: z.boolean() });

export const twoFactorStatusSchema = z.object({
  type: z.enum(TWO_FACTOR_TYPES),
  state: z.enum(TWO_FACTOR_STATES),
  settings: twoFactorSettingsSchema,
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export const twoFactorStatusResponseSchema = envelopeSchema(twoFactorStatusSchema);

export const twoFactorOptionRequestSchema = z.object({ type: z.enum(TWO_FACTOR_TYPES) });
export const twoFactorEnrolmentSchema = z.object({
  type: z.enum(TWO_FACTOR_TYPES),
  state: z.enum(TWO_FACTOR_STATES),
  secret: z.string().optional(),
  otpauthUrl: z.string().optional(),
  qrSvg: z.string().optional(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;
export const twoFactorEnrolmentResponseSchema = envelopeSchema(twoFactorEnrolmentSchema);

export const twoFactorCodeRequestSchema = z.object({ code: twoFactorCodeSchema });
export const twoFactorEnableResponseSchema = envelopeSchema(z.object({ recoveryCodes: z.array(z.string()) }));
export const twoFactorSettingsRequestSchema = twoFactorSettingsSchema.extend({ code: twoFactorCodeSchema.optional() });

/**
 * The log-in answer when the password was right and the second factor is still to come: no session
 * yet. `passkey`: one of the user's passkeys may answer instead of the code.
 */
export const twoFactorPendingSchema = z.object({
  twoFactorRequired: z.literal(true),
  type: z.enum(TWO_FACTOR_TYPES),
  passkey: z.boolean(),
});
export type TwoFactorPending = z.infer<typeof twoFactorPendingSchema>;
export const loginAnswerSchema = z.union([authSessionSchema, twoFactorPendingSchema, approvalPendingSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export const loginResponseSchema = envelopeSchema(loginAnswerSchema);

/** POST users/password: the second factor's code when one is on. */
export const passwordChangeRequestSchema = z.object({
  currentPassword: z.string().min(1, { message: "password_required" }).max(128),
  newPassword: passwordSchema,
  code: twoFactorCodeSchema.optional(),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;
