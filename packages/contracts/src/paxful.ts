import { z } from "zod";
import { NOTIFICATION_EVENTS, type NotificationEvent } from "./account-events.ts";
import { signedDecimalInputSchema } from "./decimal-input.ts";

/**
 * The Paxful-compatible API at /paxful/v1/<group>/<action> (docs/decisions/073-paxful-compatible-api.md):
 * its actions, field schemas, envelope and error codes. Field names are Paxful's (snake_case) and
 * reach the server as sent. Form bodies carry every value as text, so numbers and booleans accept
 * their text forms too.
 */

export const PAXFUL_ACTION_PATHS = [
  "offer/all",
  "offer/get",
  "offer/list",
  "offer/create",
  "offer/update",
  "offer/update-price",
  "offer/activate",
  "offer/deactivate",
  "offer/delete",
  "offer/turn-on",
  "offer/turn-off",
  "offer/price",
  "offer/prices",
  "offer-tag/list",
  "trade/start",
  "trade/get",
  "trade/list",
  "trade/completed",
  "trade/paid",
  "trade/release",
  "trade/cancel",
  "trade/dispute",
  "trade/dispute-reasons",
  "trade/locations",
  "trade-chat/get",
  "trade-chat/post",
  "trade-chat/latest",
  "trade-chat/image/upload",
  "trade-chat/image",
  "trade-chat/image/add",
  "user/me",
  "user/info",
  "user/trust",
  "user/untrust",
  "user/block",
  "user/unblock",
  "user/blocked-list",
  "user/types",
  "wallet/balance",
  "wallet/list-addresses",
  "payment-method/list",
  "payment-method-group/list",
  "currency/list",
  "currency/rates",
  "currency/btc",
  "feedback/list",
  "feedback/give",
  "feedback/reply",
  "notifications/list",
  "notifications/unread-count",
  "notifications/mark-read",
] as const;
export type PaxfulActionPath = (typeof PAXFUL_ACTION_PATHS)[number];

/** The scope an action needs: `offer/create` needs `paxful:offer:create`. */
export function paxfulScopeOf(path: string): string {
  return `paxful:${path.replaceAll("/", ":")}`;
}

/** Paxful's error codes (the reference's catalogue), and the HTTP-style codes it also uses. */
export const PaxfulErrorCode = {
  UNKNOWN_OFFER_TYPE: 1001,
  OFFER_NOT_FOUND: 1002,
  MISSING_PARAMETERS: 1003,
  VALIDATION_FAILED: 1004,
  SERVER_ERROR: 1005,
  NO_ACCESS: 1006,
  TRADE_ACTION_FAILED: 1007,
  PAYMENT_METHOD_NOT_FOUND: 1008,
  ADDRESS_GENERATION_FAILED: 1009,
  RETRY_LATER: 1010,
  USER_NOT_FOUND: 1011,
  NO_API_KEY: 1012,
  ENDPOINT_FORBIDDEN: 1013,
  INVALID_SCOPE: 1014,
  NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
} as const;
export type PaxfulErrorCodeValue = (typeof PaxfulErrorCode)[keyof typeof PaxfulErrorCode];

export const paxfulErrorSchema = z.object({ code: z.number().int(), message: z.string() });

/** An error: `{code, message}` under both `error` (the older documents) and `data` (the newer). */
export const paxfulErrorResponseSchema = z.object({
  status: z.literal("error"),
  timestamp: z.number().int(),
  error: paxfulErrorSchema,
  data: paxfulErrorSchema,
});

export function paxfulSuccessSchema<Data extends z.ZodType>(data: Data) {
  return z.object({ status: z.literal("success"), timestamp: z.number().int(), data });
}

// ---- field types of form bodies --------------------------------------------------------------

const text = (max: number) => z.string().max(max);
const requiredText = (max: number) => z.string().trim().min(1).max(max);
/** A whole number, as a number or its decimal text. */
export const paxfulInt = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?[0-9]{1,15}$/)
    .transform(Number),
]);
/**
 * A decimal number kept as canonical text (no float touches an amount). A JSON number is taken as
 * its text, which must then be a plain decimal too: `1e-7` is refused here (1004) rather than
 * reaching a parser that refuses it later (a 500 once). The decimal is Souk's one input schema.
 */
export const paxfulDecimal = z
  .union([z.number().transform((value) => String(value)), z.string().trim()])
  .pipe(signedDecimalInputSchema);
export const paxfulBoolean = z.union([
  z.boolean(),
  z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .transform((value) => value === "true" || value === "1" || value === "yes"),
]);
const offerType = z.enum(["buy", "sell"]);
const hash = requiredText(64);
const username = requiredText(64);
const page = paxfulInt.optional();

export const paxfulInputs = {
  "offer/all": z.object({
    offer_type: offerType.optional(),
    type: offerType.optional(),
    payment_method: text(100).optional(),
    currency_code: text(8).optional(),
    crypto_currency_code: text(10).optional(),
    group: text(64).optional(),
    fiat_min: paxfulDecimal.optional(),
    limit: paxfulInt.optional(),
    offset: paxfulInt.optional(),
  }),
  "offer/get": z.object({ offer_hash: hash }),
  "offer/list": z.object({ offer_type: offerType.optional(), active: paxfulBoolean.optional() }),
  "offer/create": z.object({
    offer_type_field: requiredText(10),
    currency: requiredText(8),
    payment_method: requiredText(100),
    margin: paxfulDecimal.optional(),
    is_fixed_price: paxfulBoolean.optional(),
    fixed_price: paxfulDecimal.optional(),
    range_min: paxfulDecimal,
    range_max: paxfulDecimal,
    payment_window: paxfulInt,
    offer_terms: text(5000),
    trade_details: text(5000),
    crypto_currency: text(10).optional(),
    payment_method_label: text(25).optional(),
    predefined_amount: text(500).optional(),
    tags: text(500).optional(),
    require_min_past_trades: paxfulInt.optional(),
    show_only_trusted_user: paxfulBoolean.optional(),
    country_limitation_type: z.enum(["allowed", "disallowed"]).optional(),
    country_limitation_list: text(1000).optional(),
  }),
  "offer/update": z.object({
    offer_hash: hash,
    margin: paxfulDecimal.optional(),
    fixed_price: paxfulDecimal.optional(),
    range_min: paxfulDecimal.optional(),
    range_max: paxfulDecimal.optional(),
    payment_window: paxfulInt.optional(),
    offer_terms: text(5000).optional(),
    trade_details: text(5000).optional(),
    payment_method_label: text(25).optional(),
    tags: text(500).optional(),
    require_min_past_trades: paxfulInt.optional(),
    show_only_trusted_user: paxfulBoolean.optional(),
  }),
  "offer/update-price": z.object({
    offer_hash: hash,
    margin: paxfulDecimal.optional(),
    fixed_price: paxfulDecimal.optional(),
  }),
  "offer/activate": z.object({ offer_hash: hash }),
  "offer/deactivate": z.object({ offer_hash: hash }),
  "offer/delete": z.object({ offer_hash: hash }),
  "offer/turn-on": z.object({}),
  "offer/turn-off": z.object({}),
  "offer/price": z.object({ offer_hash: hash }),
  "offer/prices": z.object({ payment_method: requiredText(100) }),
  "offer-tag/list": z.object({}),
  "trade/start": z.object({
    offer_hash: hash,
    fiat: paxfulDecimal.optional(),
    crypto_amount: paxfulInt.optional(),
    satoshi: paxfulInt.optional(),
    /** Souk's addition: the name the buyer pays from, for trades that ask for it. */
    payer_name: text(200).optional(),
  }),
  "trade/get": z.object({ trade_hash: hash }),
  "trade/list": z.object({}),
  "trade/completed": z.object({ page, partner: text(64).optional() }),
  "trade/paid": z.object({ trade_hash: hash, payer_name: text(200).optional() }),
  "trade/release": z.object({ trade_hash: hash }),
  "trade/cancel": z.object({ trade_hash: hash }),
  "trade/dispute": z.object({ trade_hash: hash, reason: requiredText(250), reason_type: text(64).optional() }),
  "trade/dispute-reasons": z.object({ trade_hash: hash }),
  "trade/locations": z.object({ trade_hash: hash }),
  "trade-chat/get": z.object({ trade_hash: hash }),
  "trade-chat/post": z.object({ trade_hash: hash, message: requiredText(2000) }),
  "trade-chat/latest": z.object({ trade_hash: text(64).optional() }),
  "trade-chat/image/upload": z.object({ trade_hash: hash }),
  // Souk's image hashes are its attachment ids (trade-chat/get hands them out).
  "trade-chat/image": z.object({ image_hash: z.string().trim().pipe(z.uuid()), size: text(2).optional() }),
  "trade-chat/image/add": z.object({ trade_hash: hash, file: requiredText(2000) }),
  "user/me": z.object({}),
  "user/info": z.object({ username }),
  "user/trust": z.object({ username }),
  "user/untrust": z.object({ username }),
  "user/block": z.object({ username }),
  "user/unblock": z.object({ username }),
  "user/blocked-list": z.object({ page }),
  "user/types": z.object({}),
  "wallet/balance": z.object({ crypto_currency_code: text(10).optional() }),
  "wallet/list-addresses": z.object({ crypto_currency_code: text(10).optional() }),
  "payment-method/list": z.object({}),
  "payment-method-group/list": z.object({ locale: text(10).optional() }),
  "currency/list": z.object({ locale: text(10).optional() }),
  "currency/rates": z.object({}),
  "currency/btc": z.object({ response: text(10).optional() }),
  "feedback/list": z.object({
    username: text(64).optional(),
    offer_hash: text(64).optional(),
    role: z.enum(["buyer", "seller"]).optional(),
    rating: z.enum(["1", "-1"]).optional(),
    page,
  }),
  "feedback/give": z.object({
    trade_hash: hash,
    rating: z.union([z.literal(1), z.literal(-1), z.enum(["1", "-1"])]),
    message: text(2000).optional(),
  }),
  "feedback/reply": z.object({ trade_hash: hash, message: requiredText(2000) }),
  "notifications/list": z.object({ page, is_read: paxfulBoolean.optional() }),
  "notifications/unread-count": z.object({}),
  "notifications/mark-read": z.object({}),
} satisfies Record<PaxfulActionPath, z.ZodType>;

export type PaxfulInput<Path extends PaxfulActionPath> = z.output<(typeof paxfulInputs)[Path]>;

// ---- webhooks ----------------------------------------------------------------------------------

/** The event names of Paxful's webhooks that Souk sends: the catalogue's trade events. */
export type PaxfulWebhookEvent = Extract<NotificationEvent, `trade.${string}`>;
export const PAXFUL_WEBHOOK_EVENTS = NOTIFICATION_EVENTS.filter((name): name is PaxfulWebhookEvent =>
  name.startsWith("trade."),
) as [PaxfulWebhookEvent, ...PaxfulWebhookEvent[]];

export const PAXFUL_CHALLENGE_HEADER = "x-paxful-request-challenge";
export const PAXFUL_SIGNATURE_HEADER = "x-paxful-signature";

export const paxfulWebhookEndpointInSchema = z.object({
  event_type: z.enum(PAXFUL_WEBHOOK_EVENTS),
  url: z.string().url().max(2000),
  enabled: z.boolean().default(true),
});

/** POST /webhook/v1/{user|application}/webhooks. */
export const paxfulWebhookInSchema = z.object({
  tag: z.string().max(100).optional(),
  endpoints: z.array(paxfulWebhookEndpointInSchema).min(1).max(20),
});

export const paxfulWebhookEndpointOutSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  enabled: z.boolean(),
  event_type: z.string(),
  error_code: z.string().nullable(),
  last_activity: z.string().nullable(),
});

export const paxfulWebhookOutSchema = z.object({
  webhook_id: z.string(),
  tag: z.string().nullable(),
  user_id: z.string(),
  application_id: z.string(),
  endpoints: z.array(paxfulWebhookEndpointOutSchema),
  last_request: z.string().nullable(),
});

export const paxfulWebhookLogRecordSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  sent_at: z.string().nullable(),
  success: z.boolean(),
  error_code: z.string().nullable(),
  error_description: z.string().nullable(),
  request_body: z.string(),
  response_status: z.number().int().nullable(),
  response_body: z.string().nullable(),
});

/** FastAPI-style refusals of the webhook management API. */
export const paxfulWebhookDetailErrorSchema = z.object({
  detail: z.array(z.object({ loc: z.array(z.string()), msg: z.string(), type: z.string() })),
});
