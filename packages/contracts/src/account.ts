import { z } from "zod";
import { USERNAME_PATTERN } from "./auth.ts";

/**
 * Account calls beyond the settings form (docs/product.md#settings, #phone-verification,
 * #closing-an-account): username, tours, feature requests, avatar, phone and closing the account.
 */

/** POST /rest/v1/users/set-username: the same rules as at sign-up, once per account. */
export const setUsernameRequestSchema = z
  .object({ username: z.string().trim().regex(USERNAME_PATTERN, { message: "username_invalid" }) })
  .strict();

/** POST /rest/v1/users/tour/completed. */
export const tourCompletedRequestSchema = z
  .object({ tourName: z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/i, { message: "tour_name_invalid" }) })
  .strict();
export const TOUR_GUIDES_MAX = 100;

export const FEATURE_REQUEST_MAX_LENGTH = 2_000;
/** POST /rest/v1/feedback/feature-request. */
export const featureRequestSchema = z
  .object({ text: z.string().trim().min(1, { message: "text_required" }).max(FEATURE_REQUEST_MAX_LENGTH) })
  .strict();

/** Phone-code error codes 1 to 5 (docs/product.md#phone-verification). */
export const PhoneCodeError = {
  LIMIT_EXCEEDED: 1,
  PARSE_ERROR: 2,
  INVALID_NUMBER: 3,
  WRONG_PHONE_TYPE: 4,
  SMS_NOT_SUPPORTED: 5,
} as const;
export type PhoneCodeErrorValue = (typeof PhoneCodeError)[keyof typeof PhoneCodeError];

/** POST /rest/v1/users/send-phone-code. `call` asks for a voice call instead of a text message. */
export const sendPhoneCodeRequestSchema = z
  .object({
    phone: z.string().trim().min(1).max(32),
    call: z.boolean().default(false),
    isCitizenshipConsentAccepted: z.boolean(),
  })
  .strict();

/** POST /rest/v1/users/confirm-phone. */
export const confirmPhoneRequestSchema = z
  .object({
    phoneCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: "phone_code_invalid" }),
  })
  .strict();

/**
 * POST /rest/v1/users/reset-phone: the second factor's code when one is on (removing the number
 * is a change of the account's security, like the password).
 */
export const resetPhoneRequestSchema = z.object({ code: z.string().trim().min(1).max(16).optional() }).strict();

/** Phone settings: the number (national part), its country calling code, and the resend countdown. */
export const phoneSettingsSchema = z.object({
  number: z.string().nullable(),
  code: z.string().nullable(),
  /** Seconds until another code may be asked for; 0 when now. */
  countdown: z.number().int(),
  isAttemptsExceeded: z.boolean(),
  isVerified: z.boolean(),
});
export type PhoneSettings = z.infer<typeof phoneSettingsSchema>;

export const CLOSE_ACCOUNT_REASONS = [
  "not_using",
  "fees_too_high",
  "bad_experience",
  "security_concerns",
  "another_account",
  "other",
] as const;

/** What keeps an account open: money it holds, coins locked in escrow, trades still running. */
export const CLOSE_ACCOUNT_BLOCKERS = ["balance", "escrow", "open_trades"] as const;
export type CloseAccountBlocker = (typeof CLOSE_ACCOUNT_BLOCKERS)[number];

export const closeAccountSettingsSchema = z.object({
  reasons: z.array(z.enum(CLOSE_ACCOUNT_REASONS)),
  canClose: z.boolean(),
  blockers: z.array(z.enum(CLOSE_ACCOUNT_BLOCKERS)),
});
export type CloseAccountSettings = z.infer<typeof closeAccountSettingsSchema>;

/** POST /rest/v1/users/close-account: a reason, an optional comment, and the password. */
export const closeAccountRequestSchema = z
  .object({
    reason: z.enum(CLOSE_ACCOUNT_REASONS),
    comment: z.string().trim().max(1_000).optional(),
    password: z.string().min(1).max(128),
  })
  .strict();
