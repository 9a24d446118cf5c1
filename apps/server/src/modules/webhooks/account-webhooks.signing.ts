import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks signing: `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 * with the key the `whsec_` secret carries in base64. Receivers verify with the standardwebhooks
 * package.
 */
const SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
}

export function signatureHeaders(
  secret: string,
  message: { id: string; timestamp: number; body: string },
): Record<string, string> {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  const signature = createHmac("sha256", key)
    .update(`${message.id}.${message.timestamp}.${message.body}`)
    .digest("base64");
  return {
    "webhook-id": message.id,
    "webhook-timestamp": String(message.timestamp),
    "webhook-signature": `v1,${signature}`,
  };
}
