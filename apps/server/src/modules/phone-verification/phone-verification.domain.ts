import { PhoneCodeError, type PhoneCodeErrorValue } from "@souk/contracts";
import { type CountryCode, ParseError, parsePhoneNumberWithError } from "libphonenumber-js/max";

/**
 * Phone codes (docs/decisions/114-phone-codes-and-sms.md): 6 digits, valid 10 minutes, 5 wrong
 * tries per code, one send a minute and 5 sends a day.
 */
export const PHONE_CODE_TTL_MS = 10 * 60_000;
const PHONE_CODE_MAX_ATTEMPTS = 5;
const PHONE_CODE_RESEND_COOLDOWN_MS = 60_000;
export const PHONE_CODE_MAX_SENDS = 5;
export const PHONE_CODE_WINDOW_MS = 24 * 60 * 60_000;

export interface ParsedPhone {
  /** E.164 (+33612345678). */
  e164: string;
  country: string;
  callingCode: string;
  national: string;
}

export type PhoneParse = { ok: true; phone: ParsedPhone } | { ok: false; error: PhoneCodeErrorValue };

/** Types that can receive a text message or a call to a mobile. */
const RECEIVING_TYPES = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);

/**
 * Pure: a number as typed, read with the user's country as the default for national numbers.
 * Unreadable → 2, not a valid number → 3, not a mobile → 4 (the spec's error codes).
 */
export function parsePhone(input: string, defaultCountry: string | null): PhoneParse {
  let parsed: ReturnType<typeof parsePhoneNumberWithError>;
  try {
    parsed = parsePhoneNumberWithError(input, (defaultCountry ?? undefined) as CountryCode | undefined);
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, error: PhoneCodeError.PARSE_ERROR };
    throw error;
  }
  if (!parsed.isValid() || !parsed.country) return { ok: false, error: PhoneCodeError.INVALID_NUMBER };
  if (!RECEIVING_TYPES.has(parsed.getType() ?? "")) return { ok: false, error: PhoneCodeError.WRONG_PHONE_TYPE };
  return {
    ok: true,
    phone: {
      e164: parsed.number,
      country: parsed.country,
      callingCode: parsed.countryCallingCode,
      national: parsed.nationalNumber,
    },
  };
}

export interface StoredPhoneCode {
  phone: string;
  codeHash: string;
  attempts: number;
  sends: number;
  windowStartedAt: Date;
  sentAt: Date;
  expiresAt: Date;
}

export type SendDecision =
  | { ok: true; sends: number; windowStartedAt: Date }
  | { ok: false; countdown: number; isAttemptsExceeded: boolean };

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/** Pure: may a code be sent now? The cooldown after each send, and at most MAX_SENDS a window. */
export function decideSend(stored: StoredPhoneCode | null, now: Date): SendDecision {
  const windowOver = !stored || now.getTime() >= stored.windowStartedAt.getTime() + PHONE_CODE_WINDOW_MS;
  if (!stored || windowOver) return { ok: true, sends: 1, windowStartedAt: now };
  if (stored.sends >= PHONE_CODE_MAX_SENDS) {
    const windowEnds = stored.windowStartedAt.getTime() + PHONE_CODE_WINDOW_MS;
    return { ok: false, countdown: secondsUntil(windowEnds, now), isAttemptsExceeded: true };
  }
  const cooldownEnds = stored.sentAt.getTime() + PHONE_CODE_RESEND_COOLDOWN_MS;
  if (now.getTime() < cooldownEnds)
    return { ok: false, countdown: secondsUntil(cooldownEnds, now), isAttemptsExceeded: false };
  return { ok: true, sends: stored.sends + 1, windowStartedAt: stored.windowStartedAt };
}

/** Pure: seconds until the next send is allowed (0: now), for the phone settings' countdown. */
export function countdownOf(
  stored: StoredPhoneCode | null,
  now: Date,
): { countdown: number; isAttemptsExceeded: boolean } {
  const decision = decideSend(stored, now);
  if (decision.ok) return { countdown: 0, isAttemptsExceeded: false };
  return { countdown: decision.countdown, isAttemptsExceeded: decision.isAttemptsExceeded };
}

export type ConfirmOutcome = "confirmed" | "no_code" | "expired" | "too_many_attempts" | "wrong";

/** Pure: what a submitted code does, given its hash and the pending row. */
export function decideConfirm(stored: StoredPhoneCode | null, submittedHash: string, now: Date): ConfirmOutcome {
  if (!stored) return "no_code";
  if (stored.attempts >= PHONE_CODE_MAX_ATTEMPTS) return "too_many_attempts";
  if (now.getTime() >= stored.expiresAt.getTime()) return "expired";
  return stored.codeHash === submittedHash ? "confirmed" : "wrong";
}
