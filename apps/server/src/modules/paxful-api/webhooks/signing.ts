import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import type { Db } from "../../../db/pool.ts";
import { findOrCreateSecret } from "../../../platform/index.ts";

/** The name of the Ed25519 signing key in platform_secrets; made by the first copy that starts. */
const SIGNING_KEY_NAME = "paxful-api.webhook-signing-key";

export interface WebhookSigner {
  /** The public key as Paxful publishes it: base64 of the raw 32 bytes. */
  publicKeyBase64: string;
  /** A detached Ed25519 signature of `message`, in base64. */
  sign(message: string): string;
}

function newPrivateKeyText(): string {
  const { privateKey } = generateKeyPairSync("ed25519");
  return privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");
}

/** An Ed25519 SubjectPublicKeyInfo ends with the raw 32-byte key. */
function rawPublicKey(privateKey: KeyObject): Buffer {
  const der = createPublicKey(privateKey).export({ format: "der", type: "spki" });
  return der.subarray(der.length - 32);
}

/**
 * The webhook signer (docs/decisions/075-paxful-webhooks.md#signature): its private key is kept in
 * the database so every server copy signs alike, and never leaves this function's closure (it
 * is not logged and no route returns it).
 */
export async function loadWebhookSigner(db: Db): Promise<WebhookSigner> {
  const privateKey = createPrivateKey({
    key: Buffer.from(await findOrCreateSecret(db, SIGNING_KEY_NAME, newPrivateKeyText), "base64"),
    format: "der",
    type: "pkcs8",
  });
  return {
    publicKeyBase64: rawPublicKey(privateKey).toString("base64"),
    sign: (message) => sign(null, Buffer.from(message, "utf8"), privateKey).toString("base64"),
  };
}

/** What Paxful's V2 signature covers: `https://` + host + path and query + `:` + the raw body. */
export function signedMessageOf(url: string, body: string): string {
  const parsed = new URL(url);
  return `https://${parsed.host}${parsed.pathname}${parsed.search}:${body}`;
}
