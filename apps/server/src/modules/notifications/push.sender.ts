import type { PushMessage } from "@souk/contracts";
import webpush from "web-push";
import { postWebhook, type SendOutcome } from "../../platform/index.ts";
import { PUSH_TTL_SECONDS } from "./push.domain.ts";
import type { VapidKeys } from "./push.keys.ts";

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * One Web Push request (RFC 8030): web-push encrypts the message for the browser's keys
 * (aes128gcm, RFC 8291) and signs the VAPID Authorization header (RFC 8292); the request goes out
 * through the webhooks' sender, so the endpoint (a URL the user gave) meets the same address
 * guard, time limit and no-redirect rule as a webhook URL.
 */
export async function sendPush(
  target: PushTarget,
  message: PushMessage,
  vapid: { keys: VapidKeys; subject: string },
  options: { allowPrivate: boolean; urgency: "normal" | "high" },
): Promise<SendOutcome> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(message),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.keys.publicKey, privateKey: vapid.keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: options.urgency,
      contentEncoding: "aes128gcm",
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    if (name.toLowerCase() !== "content-length") headers[name.toLowerCase()] = String(value);
  }
  return postWebhook(details.endpoint, details.body, headers, { allowPrivate: options.allowPrivate });
}
