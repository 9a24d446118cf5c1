/** E-mail codes: 6 digits, valid 15 minutes, 5 wrong tries, one resend a minute (decision 101). */
export const EMAIL_CODE_TTL_MS = 15 * 60_000;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
const EMAIL_CODE_RESEND_COOLDOWN_MS = 60_000;

export interface StoredCode {
  codeHash: string;
  attempts: number;
  sentAt: Date;
  expiresAt: Date;
}

export type VerifyOutcome = "verified" | "no_code" | "expired" | "too_many_attempts" | "wrong";

/** Pure: what a submitted code does, given its hash and the stored row. */
export function decideVerify(stored: StoredCode | null, submittedHash: string, now: Date): VerifyOutcome {
  if (!stored) return "no_code";
  if (stored.attempts >= EMAIL_CODE_MAX_ATTEMPTS) return "too_many_attempts";
  if (now.getTime() >= stored.expiresAt.getTime()) return "expired";
  return stored.codeHash === submittedHash ? "verified" : "wrong";
}

/** Pure: seconds until a new code may be sent, or 0 when it may be sent now. */
export function resendWait(stored: StoredCode | null, now: Date): number {
  if (!stored) return 0;
  const left = stored.sentAt.getTime() + EMAIL_CODE_RESEND_COOLDOWN_MS - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
