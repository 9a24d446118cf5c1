import { Secret, TOTP } from "otpauth";

/** TOTP of RFC 6238 as authenticator apps speak it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side of now is accepted (clock skew), never two. */
const SKEW_STEPS = 1;

export type TotpCheck =
  | { result: "passed"; step: number }
  | { result: "failed"; reason: "malformed" | "wrong" | "reused" };

function totpFor(secretBase32: string, label = "", issuer = "Souk"): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A fresh 160-bit secret, base32 as enrolment shows it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app scans. */
export function totpEnrolmentUrl(secretBase32: string, label: string): string {
  return totpFor(secretBase32, label).toString();
}

/** The code for the step holding `nowMs` (tests and the browser test compute codes with it). */
export function totpCode(secretBase32: string, nowMs: number): string {
  return totpFor(secretBase32).generate({ timestamp: nowMs });
}

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS);
}

/**
 * Decides a TOTP code: six digits, within one step of now, and at a step later than the last one
 * this factor accepted (so each code is used once; replay is refused).
 */
export function checkTotp(input: {
  secretBase32: string;
  code: string;
  nowMs: number;
  lastUsedStep: number | null;
}): TotpCheck {
  if (!/^\d{6}$/.test(input.code)) return { result: "failed", reason: "malformed" };
  const delta = totpFor(input.secretBase32).validate({
    token: input.code,
    timestamp: input.nowMs,
    window: SKEW_STEPS,
  });
  if (delta === null) return { result: "failed", reason: "wrong" };
  const step = totpStep(input.nowMs) + delta;
  if (input.lastUsedStep !== null && step <= input.lastUsedStep) return { result: "failed", reason: "reused" };
  return { result: "passed", step };
}
