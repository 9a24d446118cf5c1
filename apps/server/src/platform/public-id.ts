import { randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const PUBLIC_ID_LENGTH = 11;

/**
 * 11 random base62 characters (about 65 bits): the public id of an offer or a trade, which cannot be
 * guessed, so ids cannot be enumerated.
 */
export function newPublicId(): string {
  let out = "";
  while (out.length < PUBLIC_ID_LENGTH) {
    for (const byte of randomBytes(16)) {
      // 248 = 4 × 62: bytes above it are dropped so every character is equally likely.
      if (byte < 248 && out.length < PUBLIC_ID_LENGTH) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** Public ids are 11 base62 characters; anything else names nothing (and is not looked up). */
export function isPublicId(text: string): boolean {
  return /^[0-9A-Za-z]{11}$/.test(text);
}
