import { z } from "zod";
import { envelopeSchema } from "./envelope.ts";

/**
 * Web push, the notifications' `app` channel (docs/decisions/097-web-push.md): the browser
 * subscribes with the server's VAPID public key and hands over its PushSubscription; the server
 * encrypts each notification for it and posts it to the subscription's push service.
 */

/** GET /rest/v1/notifications/push/public-key: the VAPID public key, base64url (the applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;
export const pushPublicKeyResponseSchema = envelopeSchema(pushPublicKeySchema);

const endpointSchema = z
  .string({ message: "push_endpoint_invalid" })
  .max(2048, { message: "push_endpoint_invalid" })
  .url({ message: "push_endpoint_invalid" });

/**
 * POST /rest/v1/notifications/push/subscriptions: a browser's `PushSubscription.toJSON()`. The
 * keys are base64url: p256dh an uncompressed P-256 point (65 bytes, so 87 characters starting
 * with B), auth 16 random bytes (22 characters); padding is allowed.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number({ message: "push_expiration_invalid" }).nullable().optional(),
  keys: z.object({
    p256dh: z.string({ message: "push_key_invalid" }).regex(/^B[A-Za-z0-9_-]{86}=?$/, { message: "push_key_invalid" }),
    auth: z
      .string({ message: "push_auth_invalid" })
      .regex(/^[A-Za-z0-9_-]{22}(==)?$/, { message: "push_auth_invalid" }),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** POST /rest/v1/notifications/push/unsubscribe: the browser's endpoint. */
export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeSchema>;

/** What both answer: whether this endpoint now receives the viewer's pushes, and how many browsers do. */
export const pushSubscriptionStatusSchema = z.object({
  isSubscribed: z.boolean(),
  subscriptionCount: z.number().int(),
});
export type PushSubscriptionStatus = z.infer<typeof pushSubscriptionStatusSchema>;
export const pushSubscriptionStatusResponseSchema = envelopeSchema(pushSubscriptionStatusSchema);

/** What the service worker receives in a push (decrypted): the headline, the details and the page to open. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string(),
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
