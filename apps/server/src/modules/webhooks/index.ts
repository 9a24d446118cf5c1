/**
 * The webhooks module's door: the account webhooks of the spec (Standard Webhooks signing, a
 * delivery log, retries) and the outbound parts every kind of webhook shares: the address guard,
 * the HTTP sender, the committed-event feed reader and the trade facts it finds
 * (docs/decisions/098-account-webhooks.md).
 */
export { urlProblem } from "./outbound/address-guard.ts";
export { type FeedReader, readFeed } from "./outbound/event-feed.ts";
export { type FeedPoll, pollFeed, stopFeedPolling } from "./outbound/feed-poll.ts";
export { postWebhook } from "./outbound/http-sender.ts";
export { chatMessageRecipients, type TradeWebhookEvent, tradeStatusFact } from "./outbound/trade-facts.ts";
