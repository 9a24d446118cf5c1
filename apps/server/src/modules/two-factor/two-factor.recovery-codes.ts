import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** Ten one-time recovery codes are shown once at enable time; only their hashes are kept. */
export const RECOVERY_CODE_COUNT = 10;

/** Crockford base32 without I, L, O, U: easy to read back from paper. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Codes carry 50 random bits each, so a fast hash is enough (unlike passwords, which use argon2). */
export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
}

/** What the user types: case, spaces and dashes do not matter. */
function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

function oneCode(): string {
  const bytes = randomBytes(10);
  let text = "";
  for (const byte of bytes) text += ALPHABET[byte % ALPHABET.length];
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, oneCode);
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** Which stored hash (if any) the typed code matches. */
export function matchRecoveryCode(code: string, hashes: readonly string[]): string | null {
  const typed = Buffer.from(hashRecoveryCode(code), "hex");
  for (const hash of hashes) {
    if (timingSafeEqual(typed, Buffer.from(hash, "hex"))) return hash;
  }
  return null;
}
