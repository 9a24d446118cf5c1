import { z } from "zod";
import { emailSchema } from "./auth.ts";
import { envelopeSchema } from "./envelope.ts";
import { twoFactorCodeSchema } from "./two-factor.ts";

/**
 * A signed-in user's new e-mail address (docs/decisions/083-email-change.md): the password (and
 * the second factor's code when one is on) asks for it, a 6-digit code mailed to the new address
 * confirms it, and the old address is told.
 */
export const emailChangeRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: "password_required" }).max(128),
  code: twoFactorCodeSchema.optional(),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** The pending change: where the code went and until when it is good. */
export const emailChangePendingSchema = z.object({ newEmail: z.string(), expiresAt: z.string() });
export type EmailChangePending = z.infer<typeof emailChangePendingSchema>;
export const emailChangePendingResponseSchema = envelopeSchema(emailChangePendingSchema);

export const emailChangeConfirmSchema = z.object({ code: z.string().regex(/^\d{6}$/, "email_code.format") });
export const emailChangeDoneResponseSchema = envelopeSchema(z.object({ email: z.string() }));
