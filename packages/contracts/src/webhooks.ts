import { z } from "zod";
import { ACCOUNT_WEBHOOK_EVENTS } from "./account-events.ts";
import { envelopeSchema } from "./envelope.ts";

/**
 * A user's own webhook (docs/product.md#webhooks): one URL per account that receives the trade
 * events it checks, signed the Standard Webhooks way.
 */
// The events a webhook can check are the catalogue's webhook events (ACCOUNT_WEBHOOK_EVENTS).

/** initial (none saved), verification (a challenge passed, not saved yet), enabled, disabled. */
export const WEBHOOK_STATUSES = ["initial", "verification", "enabled", "disabled"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** Why a webhook is disabled (`errorKey`). */
export const WEBHOOK_ERROR_KEYS = [
  "challenge_mismatch",
  "bad_status",
  "unreachable",
  "timeout",
  "address_refused",
  "failing_for_a_day",
] as const;
export type WebhookErrorKey = (typeof WEBHOOK_ERROR_KEYS)[number];

/** Published on the owner's channel when a day of failures turned the webhook off (`{errorKey}`). */
export const WEBHOOK_DISABLED_EVENT = "webhook.disabled";

/** The header a verification request carries and the receiver must echo with a 2xx. */
export const WEBHOOK_CHALLENGE_HEADER = "x-souk-request-challenge";

export const accountWebhookSchema = z.object({
  url: z.string().nullable(),
  enabled: z.boolean(),
  events: z.array(z.object({ name: z.enum(ACCOUNT_WEBHOOK_EVENTS), checked: z.boolean() })),
  status: z.enum(WEBHOOK_STATUSES),
  /** The notice of the last verification: passed, failed, or none. */
  notificationType: z.enum(["passed", "failed"]).nullable(),
  errorKey: z.enum(WEBHOOK_ERROR_KEYS).nullable(),
  /** Where the error key is explained (null without one). */
  knowledgeLink: z.string().nullable(),
  /** The `whsec_` signing secret: given once after it is made, then null. */
  secret: z.string().nullable(),
});
export type AccountWebhook = z.infer<typeof accountWebhookSchema>;
export const accountWebhookResponseSchema = envelopeSchema(accountWebhookSchema, z.object({ link: z.string() }));

export const webhookUrlRequestSchema = z.object({ url: z.string().trim().min(1).max(2000) });
export const webhookEventsRequestSchema = z.object({
  events: z.array(z.enum(ACCOUNT_WEBHOOK_EVENTS)).max(ACCOUNT_WEBHOOK_EVENTS.length),
});

/** One attempt in the delivery log. */
export const webhookDeliveryAttemptSchema = z.object({
  deliveryId: z.number().int(),
  /** The `webhook-id` header: the same for every attempt of one event. */
  webhookId: z.string(),
  event: z.enum(ACCOUNT_WEBHOOK_EVENTS),
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  attemptedAt: z.string(),
  /** The delivery's state now: pending (a retry is due), delivered or failed. */
  state: z.enum(["pending", "delivered", "failed"]),
});
export type WebhookDeliveryAttempt = z.infer<typeof webhookDeliveryAttemptSchema>;
export const webhookDeliveryLogResponseSchema = envelopeSchema(z.array(webhookDeliveryAttemptSchema));
export const webhookDeliveryParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
