import { randomBytes } from "node:crypto";

/** Ten one-time recovery codes are shown once at enable time; only their keyed digests are kept. */
export const RECOVERY_CODE_COUNT = 10;

/** Crockford base32 without I, L, O, U: easy to read back from paper. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** What the user types: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

function oneCode(): string {
  const bytes = randomBytes(10);
  let text = "";
  for (const byte of bytes) text += ALPHABET[byte % ALPHABET.length];
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/**
 * Ten new codes and their digests. Codes carry 50 random bits each, so a fast keyed digest is
 * enough (unlike passwords, which use argon2); `digest` is the recovery-code digester.
 */
export function newRecoveryCodes(digest: { of(value: string): string }): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, oneCode);
  return { codes, hashes: codes.map((code) => digest.of(normaliseRecoveryCode(code))) };
}
