import { createHash, createHmac } from "node:crypto";
import type { Db, Tx } from "../db/pool.ts";
import { findOrCreateSecret } from "./secrets.ts";

/**
 * Short secrets Souk keeps only as digests: e-mailed and texted codes, recovery codes, reset
 * links and pending log-ins (docs/decisions/087-keyed-code-digests.md). Each purpose gets its
 * own digests, so a value of one kind never matches a row of another.
 */
export type CodePurpose =
  | "email-code"
  | "phone-code"
  | "two-factor-code"
  | "recovery-code"
  | "password-reset"
  | "pending-login"
  | "email-change";

/** The key's name in platform_secrets: created by the first server copy, shared by all, never rewritten. */
const KEY_NAME = "codes.digest-key";

/**
 * Pure: the digest of an already SHA-256-hashed value: HMAC-SHA-256 under the key of
 * `purpose:<sha256 hex>`, in hex. Unkeyed SHA-256 digests kept before the key existed become keyed
 * ones through this, without the value they came from.
 */
export function keyedDigestOfSha256(key: Buffer, purpose: CodePurpose, sha256Hex: string): string {
  return createHmac("sha256", key).update(`${purpose}:${sha256Hex}`).digest("hex");
}

/** Pure: the keyed digest of a value (a six-digit code is only safe stored this way: 10^6 guesses undo a plain hash). */
export function keyedDigest(key: Buffer, purpose: CodePurpose, value: string): string {
  return keyedDigestOfSha256(key, purpose, createHash("sha256").update(value).digest("hex"));
}

/** One key lookup per database handle (and per transaction handle, which the pool hands out anew). */
const keys = new WeakMap<Db | Tx, Promise<Buffer>>();

async function loadKey(db: Db | Tx): Promise<Buffer> {
  const row = await db
    .withTables<{ platform_secrets: { name: string; value: string } }>()
    .selectFrom("platform_secrets")
    .select("value")
    .where("name", "=", KEY_NAME)
    .executeTakeFirst();
  return Buffer.from(row?.value ?? (await findOrCreateSecret(db as Db, KEY_NAME)), "base64url");
}

function keyOf(db: Db | Tx): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

export interface CodeDigester {
  /** The digest of a value, to store or to compare with a stored one. */
  of(value: string): string;
  /** The digest of a value known only by its unkeyed SHA-256 hex (rows kept before the key). */
  ofSha256(sha256Hex: string): string;
}

/** The digests of one purpose under the server's key, read once for the caller's handle. */
export async function codeDigester(db: Db | Tx, purpose: CodePurpose): Promise<CodeDigester> {
  const key = await keyOf(db);
  return {
    of: (value) => keyedDigest(key, purpose, value),
    ofSha256: (sha256Hex) => keyedDigestOfSha256(key, purpose, sha256Hex),
  };
}

/** The keyed digest of one value. */
export async function codeDigest(db: Db | Tx, purpose: CodePurpose, value: string): Promise<string> {
  return (await codeDigester(db, purpose)).of(value);
}
