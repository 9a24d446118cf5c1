import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Channel keys: `<claims>.<signature>`, both base64url, the signature an HMAC-SHA256 of the claims
 * part. The claims bind one channel, the user it was issued to (null for a visitor on a public
 * channel) and an expiry in epoch seconds. A key is a bearer capability for one channel until it
 * expires; who may hold one was decided when it was issued
 * (docs/decisions/016-realtime-channel-keys.md).
 */
export interface ChannelKeyClaims {
  channel: string;
  userId: number | null;
  expiresAtSeconds: number;
}

export type KeyCheck =
  | { isValid: true; claims: ChannelKeyClaims }
  | { isValid: false; reason: "malformed" | "forged" | "expired" };

const KEY_PURPOSE = "souk realtime channel keys v1";

/**
 * The signing key is derived from the root secret with a fixed purpose, so SOUK_SECRET can serve
 * other features without a key of one being valid for another.
 */
export function deriveSigningKey(rootSecret: string): Buffer {
  return createHmac("sha256", rootSecret).update(KEY_PURPOSE).digest();
}

function sign(signingKey: Buffer, claimsPart: string): string {
  return createHmac("sha256", signingKey).update(claimsPart).digest("base64url");
}

export function signChannelKey(signingKey: Buffer, claims: ChannelKeyClaims): string {
  const claimsPart = Buffer.from(
    JSON.stringify({ c: claims.channel, u: claims.userId, e: claims.expiresAtSeconds }),
  ).toString("base64url");
  return `${claimsPart}.${sign(signingKey, claimsPart)}`;
}

function readClaims(claimsPart: string): ChannelKeyClaims | null {
  try {
    const raw = JSON.parse(Buffer.from(claimsPart, "base64url").toString("utf8")) as Record<string, unknown>;
    const { c, u, e } = raw;
    const isUser = u === null || (typeof u === "number" && Number.isSafeInteger(u));
    if (typeof c !== "string" || !isUser || typeof e !== "number" || !Number.isSafeInteger(e)) return null;
    return { channel: c, userId: u as number | null, expiresAtSeconds: e };
  } catch {
    return null;
  }
}

/** Checks the signature first, so nothing of an unsigned key is ever trusted, then the expiry. */
export function verifyChannelKey(signingKey: Buffer, token: string, nowMs: number): KeyCheck {
  const parts = token.split(".");
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { isValid: false, reason: "malformed" };
  const [claimsPart, signature] = parts as [string, string];
  const expected = Buffer.from(sign(signingKey, claimsPart));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { isValid: false, reason: "forged" };
  const claims = readClaims(claimsPart);
  if (!claims) return { isValid: false, reason: "malformed" };
  if (claims.expiresAtSeconds * 1000 <= nowMs) return { isValid: false, reason: "expired" };
  return { isValid: true, claims };
}
