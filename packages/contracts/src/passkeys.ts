import { z } from "zod";
import { envelopeSchema } from "./envelope.ts";

/**
 * Passkeys (WebAuthn): registered on the security screen, used to log in without a password and
 * to pass the second factor of a release, a send or an account change (docs/decisions/081-passkeys.md).
 */

const base64url = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*$/, { message: "base64url_expected" });

/** The browser's answer to `navigator.credentials.create()`, as JSON (fields WebAuthn adds are kept). */
export const passkeyRegistrationResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.string().max(32).optional(),
});

/** The browser's answer to `navigator.credentials.get()`, as JSON. */
export const passkeyAssertionResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.string().max(32).optional(),
});

/** The options handed to the browser's WebAuthn call (PublicKeyCredential*OptionsJSON). */
export const passkeyOptionsResponseSchema = envelopeSchema(z.record(z.string(), z.unknown()));

export const passkeyNameSchema = z.string().trim().min(1, { message: "name_required" }).max(64);

/** POST users/passkeys/registration/verify: the new credential, its name, and the code of a factor that is on. */
export const passkeyRegistrationRequestSchema = z.object({
  response: passkeyRegistrationResponseSchema,
  name: passkeyNameSchema.optional(),
  code: z.string().trim().max(16).optional(),
});

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Synced between the user's devices (a multi-device credential) or bound to one authenticator. */
  isSynced: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyResponseSchema = envelopeSchema(passkeySchema);
export const passkeysResponseSchema = envelopeSchema(z.array(passkeySchema));
export const passkeyIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const passkeyRenameRequestSchema = z.object({ name: passkeyNameSchema });

/** What a passkey assertion stands in for: the second factor of a release, a send, an account change. */
export const PASSKEY_PURPOSES = ["release", "withdrawal", "account"] as const;
export type PasskeyPurpose = (typeof PASSKEY_PURPOSES)[number];
export const passkeyPurposeRequestSchema = z.object({ purpose: z.enum(PASSKEY_PURPOSES) });

export const passkeyAssertionRequestSchema = z.object({
  purpose: z.enum(PASSKEY_PURPOSES),
  response: passkeyAssertionResponseSchema,
});
/**
 * The answer of a passed assertion: a one-time code for the guarded action's `code` field
 * (`twoFactorCode` of a send), valid two minutes for that purpose only.
 */
export const passkeyProofResponseSchema = envelopeSchema(z.object({ code: z.string(), expiresAt: z.string() }));

/** POST auth/passkey/login: a discoverable credential's assertion, no username or password. */
export const passkeyLoginRequestSchema = z.object({ response: passkeyAssertionResponseSchema });
