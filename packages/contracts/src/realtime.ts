import { z } from "zod";

/**
 * The real-time channel (docs/product.md#real-time-channel): a WebSocket at REALTIME_PATH carrying
 * JSON messages, and the re-auth call that hands out a short-lived key per channel. Events are
 * invalidation hints (`{name: "trade.updated", payload: {tradeId}}`) that make the client refetch.
 */

export const REALTIME_PATH = "/realtime";
export const REAUTH_PUSH_SUBSCRIPTION_PATH = "/account/re-auth-push-subscription";

/** Lifetime of a channel key; the client renews it PUSH_AUTH_RENEWAL_SECONDS before the end. */
export const REALTIME_KEY_TTL_SECONDS = 3_600;
/** A client frame longer than this (in bytes) is answered with bad_message. */
export const REALTIME_MAX_MESSAGE_BYTES = 4_096;
/** Channels one socket may follow at once; one more is answered with limit_reached. */
export const REALTIME_MAX_SUBSCRIPTIONS = 64;
/** Events a subscribe with `since` replays at most; older ones are left out and flagged. */
export const REALTIME_HISTORY_LIMIT = 500;
/** Event names a subscribe may filter on. */
export const REALTIME_MAX_EVENT_FILTERS = 32;

/** HTTP error code of a refused key request (403). */
export const REALTIME_ACCESS_DENIED_CODE = "ERROR_REALTIME_ACCESS_DENIED";

/** Channel families built into the gateway; modules add theirs (trade.<id>, ...). */
export const USER_CHANNEL_PREFIX = "user";
export const TRADE_CHANNEL_PREFIX = "trade";
export const MARKET_CHANNEL = "market";

export const REALTIME_CHANNEL_MAX_LENGTH = 200;

/**
 * `<prefix>` or `<prefix>.<id>`: a lower-case family name and an optional id of letters, digits,
 * `_` and `-` (`user.42`, `trade.9f3k2`, `market`).
 */
export const realtimeChannelSchema = z
  .string()
  .max(REALTIME_CHANNEL_MAX_LENGTH)
  .regex(/^[a-z][a-z0-9_-]*(\.[A-Za-z0-9_-]+)?$/, "channel_invalid");
export type RealtimeChannel = z.infer<typeof realtimeChannelSchema>;

/** Dotted lower-case names such as `trade.updated` or `notification.created`. */
export const realtimeEventNameSchema = z
  .string()
  .max(100)
  .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/, "event_name_invalid");

/** Ids of `realtime_events` rows; they only grow, so the last one seen is a resume point. */
export const realtimeEventIdSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

// --- the re-auth call -----------------------------------------------------------------------

export const reAuthPushSubscriptionRequestSchema = z.object({
  /** The spec's shape: an array of one channel. */
  channels: z.array(realtimeChannelSchema).length(1),
});
export type ReAuthPushSubscriptionRequest = z.infer<typeof reAuthPushSubscriptionRequestSchema>;

export const channelKeySchema = z.object({
  channel: realtimeChannelSchema,
  token: z.string(),
  /** Seconds from now until the key stops working. */
  expireIn: z.number().int().positive(),
});
export type ChannelKey = z.infer<typeof channelKeySchema>;

export const reAuthPushSubscriptionAnswerSchema = z.object({
  channels: z.array(channelKeySchema).length(1),
});
export type ReAuthPushSubscriptionAnswer = z.infer<typeof reAuthPushSubscriptionAnswerSchema>;

// --- client to server -----------------------------------------------------------------------

export const realtimeSubscribeMessageSchema = z.object({
  type: z.literal("subscribe"),
  channel: realtimeChannelSchema,
  token: z.string().min(1).max(1_000),
  /** Replay the channel's events after this id before the live ones. */
  since: realtimeEventIdSchema.optional(),
  /** Only events with these names (all when absent). */
  events: z.array(realtimeEventNameSchema).min(1).max(REALTIME_MAX_EVENT_FILTERS).optional(),
});

export const realtimeUnsubscribeMessageSchema = z.object({
  type: z.literal("unsubscribe"),
  channel: realtimeChannelSchema,
});

export const realtimePingMessageSchema = z.object({ type: z.literal("ping") });

export const realtimeClientMessageSchema = z.discriminatedUnion("type", [
  realtimeSubscribeMessageSchema,
  realtimeUnsubscribeMessageSchema,
  realtimePingMessageSchema,
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;
export type RealtimeSubscribeMessage = z.infer<typeof realtimeSubscribeMessageSchema>;

// --- server to client -----------------------------------------------------------------------

export const realtimeSubscribedMessageSchema = z.object({
  type: z.literal("subscribed"),
  channel: realtimeChannelSchema,
  /** The channel's newest event id when the subscription started (0 when it has none). */
  lastEventId: realtimeEventIdSchema,
  /** True when `since` was so old that only the newest REALTIME_HISTORY_LIMIT events were replayed. */
  isHistoryTruncated: z.boolean(),
});

export const realtimeEventMessageSchema = z.object({
  type: z.literal("event"),
  channel: realtimeChannelSchema,
  id: realtimeEventIdSchema,
  name: realtimeEventNameSchema,
  payload: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type RealtimeEventMessage = z.infer<typeof realtimeEventMessageSchema>;

/**
 * access_denied and token_expired ask the client for a new key (then it subscribes again);
 * bad_message and limit_reached mean the client sent something it should not resend.
 */
export const realtimeErrorCodeSchema = z.enum(["access_denied", "token_expired", "bad_message", "limit_reached"]);
export type RealtimeErrorCode = z.infer<typeof realtimeErrorCodeSchema>;

export const realtimeErrorMessageSchema = z.object({
  type: z.literal("error"),
  channel: realtimeChannelSchema.optional(),
  code: realtimeErrorCodeSchema,
  message: z.string(),
});

export const realtimePongMessageSchema = z.object({ type: z.literal("pong") });

export const realtimeServerMessageSchema = z.discriminatedUnion("type", [
  realtimeSubscribedMessageSchema,
  realtimeEventMessageSchema,
  realtimeErrorMessageSchema,
  realtimePongMessageSchema,
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;
