import { timingSafeEqual } from "node:crypto";
import type { TWO_FACTOR_STATES, TwoFactorType } from "@souk/contracts";
import { checkTotp } from "./two-factor.totp.ts";

export type { TwoFactorType };
export type TwoFactorState = (typeof TWO_FACTOR_STATES)[number];
/** Security events a factor can guard; "withdrawal" is the setting `sendout`. */
type SecurityEvent = "login" | "release" | "withdrawal";
/** What the guard protects: a security event, or a change of the account's own security (always asked). */
export type GuardedEvent = SecurityEvent | "account";

export interface TwoFactorSettings {
  login: boolean;
  release: boolean;
  sendout: boolean;
}

/** What the decisions below need of a user's stored factor. */
export interface StoredFactor {
  type: TwoFactorType;
  state: TwoFactorState;
  secret: string | null;
  lastUsedStep: number | null;
  codeHash: string | null;
  codeExpiresAt: Date | null;
  settings: TwoFactorSettings;
  failedAttempts: number;
  firstFailedAt: Date | null;
}

/** Five wrong codes within fifteen minutes lock the factor until the fifteen minutes are over. */
export const MAX_FAILED_CODES = 5;
export const FAILED_CODES_WINDOW_MS = 15 * 60_000;
/** A sent code (by mail or text message) lives ten minutes; a new one may be asked for once a minute. */
export const EMAIL_FACTOR_CODE_TTL_MS = 10 * 60_000;

/** The factors whose codes Souk sends itself: by mail, or by text message to the verified phone. */
export type SentFactorType = "email" | "sms";
export const isSentFactor = (type: TwoFactorType): type is SentFactorType => type === "email" || type === "sms";

/** Pure: the text message that carries a second-factor code, in the user's locale (English for any other). */
export function smsFactorText(locale: string, code: string): string {
  if (locale === "fr")
    return `Votre code de sécurité Souk est ${code}. Il est valable 10 minutes. Ne le donnez à personne.`;
  return `Your Souk security code is ${code}. It is valid for 10 minutes. Never share it.`;
}

export type CodeCheck =
  | { result: "passed"; step: number | null }
  | { result: "failed"; reason: "malformed" | "wrong" | "reused" | "expired" };

/** Pure: seconds until the factor takes codes again after too many wrong ones, 0 when it does now. */
export function throttleWait(factor: StoredFactor, nowMs: number): number {
  if (factor.failedAttempts < MAX_FAILED_CODES || !factor.firstFailedAt) return 0;
  const left = factor.firstFailedAt.getTime() + FAILED_CODES_WINDOW_MS - nowMs;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** Pure: the failure count after one more wrong code (a window that has passed starts again). */
export function nextFailures(factor: StoredFactor, now: Date): { failedAttempts: number; firstFailedAt: Date } {
  const windowOpen =
    factor.firstFailedAt !== null && now.getTime() - factor.firstFailedAt.getTime() < FAILED_CODES_WINDOW_MS;
  return windowOpen && factor.firstFailedAt
    ? { failedAttempts: factor.failedAttempts + 1, firstFailedAt: factor.firstFailedAt }
    : { failedAttempts: 1, firstFailedAt: now };
}

/** Pure: whether the event asks for the second factor of this user. */
export function isAskedFor(factor: StoredFactor | null, event: GuardedEvent): boolean {
  if (factor?.state !== "enabled" || factor.type === "none") return false;
  if (event === "account") return true;
  if (event === "login") return factor.settings.login;
  if (event === "release") return factor.settings.release;
  return factor.settings.sendout;
}

/**
 * Pure: does this six-digit code pass the factor's authenticator secret or its sent code?
 * `digestOf` gives the stored form of a sent code (the keyed digest of `<user id>:<code>`).
 */
export function checkFactorCode(
  factor: StoredFactor,
  code: string,
  nowMs: number,
  digestOf: (code: string) => string,
): CodeCheck {
  if (!/^\d{6}$/.test(code)) return { result: "failed", reason: "malformed" };
  if (factor.type === "ga" && factor.secret) {
    return checkTotp({ secretBase32: factor.secret, code, nowMs, lastUsedStep: factor.lastUsedStep });
  }
  if (isSentFactor(factor.type) && factor.codeHash && factor.codeExpiresAt) {
    const typed = Buffer.from(digestOf(code), "hex");
    if (!timingSafeEqual(typed, Buffer.from(factor.codeHash, "hex"))) return { result: "failed", reason: "wrong" };
    if (nowMs >= factor.codeExpiresAt.getTime()) return { result: "failed", reason: "expired" };
    return { result: "passed", step: null };
  }
  return { result: "failed", reason: "wrong" };
}

/** Pure: the settings change turns a guard off (which asks for a code while the factor is on). */
export function turnsGuardOff(before: TwoFactorSettings, after: TwoFactorSettings): boolean {
  return (before.login && !after.login) || (before.release && !after.release) || (before.sendout && !after.sendout);
}
