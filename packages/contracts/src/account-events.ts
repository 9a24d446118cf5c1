import { z } from "zod";
import type { TOAST_TYPES } from "./enums.ts";

type ToastType = (typeof TOAST_TYPES)[number];

/**
 * The one list of what a user can hear about (docs/decisions/112-one-event-catalogue.md): every
 * notification kind, the webhook events a user can check, the group its settings live in, what it
 * is about and the toast type the web shell shows for it all derive from this table.
 */

/** Settings are chosen per group of events and channel. */
export const NOTIFICATION_GROUPS = ["trades", "disputes", "chat", "feedback", "wallet", "offers", "account"] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

/** What a notification names (its `subjectType` and `subjectId`). */
export const NOTIFICATION_SUBJECT_TYPES = [
  "trade",
  "deposit",
  "withdrawal",
  "offer",
  "bid",
  "device",
  "webhook",
  "verification",
  /** A direct message: the subject is its sender's username. */
  "user",
] as const;
export type NotificationSubjectType = (typeof NOTIFICATION_SUBJECT_TYPES)[number];

interface CatalogueEntry {
  group: NotificationGroup;
  subjectType: NotificationSubjectType;
  /** Whether a user's webhook can check it (a notice about the webhook itself cannot go there). */
  isWebhookEvent: boolean;
  toast: ToastType;
}

export const ACCOUNT_EVENT_CATALOGUE = {
  "trade.started": { group: "trades", subjectType: "trade", isWebhookEvent: true, toast: "info" },
  "trade.paid": { group: "trades", subjectType: "trade", isWebhookEvent: true, toast: "warning" },
  "trade.released": { group: "trades", subjectType: "trade", isWebhookEvent: true, toast: "success" },
  "trade.cancelled_or_expired": { group: "trades", subjectType: "trade", isWebhookEvent: true, toast: "light" },
  "trade.dispute_started": { group: "disputes", subjectType: "trade", isWebhookEvent: true, toast: "error" },
  "trade.dispute_finished": { group: "disputes", subjectType: "trade", isWebhookEvent: true, toast: "info" },
  "trade.chat_message_received": { group: "chat", subjectType: "trade", isWebhookEvent: true, toast: "light" },
  "trade.attachment_uploaded": { group: "chat", subjectType: "trade", isWebhookEvent: false, toast: "light" },
  "messenger.message_received": { group: "chat", subjectType: "user", isWebhookEvent: false, toast: "light" },
  "feedback.received": { group: "feedback", subjectType: "trade", isWebhookEvent: false, toast: "success" },
  "feedback.replied": { group: "feedback", subjectType: "trade", isWebhookEvent: false, toast: "light" },
  "wallet.deposit_pending": { group: "wallet", subjectType: "deposit", isWebhookEvent: true, toast: "info" },
  "wallet.deposit_confirmed": { group: "wallet", subjectType: "deposit", isWebhookEvent: true, toast: "success" },
  "wallet.withdrawal_sent": { group: "wallet", subjectType: "withdrawal", isWebhookEvent: true, toast: "success" },
  "offer.switched_off": { group: "offers", subjectType: "offer", isWebhookEvent: true, toast: "warning" },
  "offer.moderation_decided": { group: "offers", subjectType: "offer", isWebhookEvent: false, toast: "warning" },
  "bid.outbid": { group: "offers", subjectType: "bid", isWebhookEvent: true, toast: "warning" },
  "account.new_device_login": { group: "account", subjectType: "device", isWebhookEvent: true, toast: "warning" },
  "webhook.disabled": { group: "account", subjectType: "webhook", isWebhookEvent: false, toast: "error" },
  "account.verification_decided": {
    group: "account",
    subjectType: "verification",
    isWebhookEvent: false,
    toast: "info",
  },
  "account.company_verification_decided": {
    group: "account",
    subjectType: "verification",
    isWebhookEvent: false,
    toast: "info",
  },
  /** A chargeback report decided: `reason` is the new state (Dismissed, Confirmed); about the trade. */
  "chargeback.decided": { group: "disputes", subjectType: "trade", isWebhookEvent: false, toast: "warning" },
} as const satisfies Record<string, CatalogueEntry>;

type Catalogue = typeof ACCOUNT_EVENT_CATALOGUE;
export type NotificationEvent = keyof Catalogue;
export type AccountWebhookEvent = {
  [Name in NotificationEvent]: Catalogue[Name]["isWebhookEvent"] extends true ? Name : never;
}[NotificationEvent];

/** Every notification kind, in the catalogue's order. */
export const NOTIFICATION_EVENTS = Object.keys(ACCOUNT_EVENT_CATALOGUE) as [NotificationEvent, ...NotificationEvent[]];

/** The events a user's webhook can check: the catalogue's webhook events, in its order. */
export const ACCOUNT_WEBHOOK_EVENTS = NOTIFICATION_EVENTS.filter(
  (name) => ACCOUNT_EVENT_CATALOGUE[name].isWebhookEvent,
) as [AccountWebhookEvent, ...AccountWebhookEvent[]];

export const NOTIFICATION_GROUP_OF = Object.fromEntries(
  NOTIFICATION_EVENTS.map((name) => [name, ACCOUNT_EVENT_CATALOGUE[name].group]),
) as Record<NotificationEvent, NotificationGroup>;

export function isAccountWebhookEvent(name: string): name is AccountWebhookEvent {
  return (ACCOUNT_WEBHOOK_EVENTS as readonly string[]).includes(name);
}

/**
 * What a moderator decided on an offer (`offer.moderation_decided`'s reason): rejected (the vendor
 * may appeal once), rejected for good after the appeal, or approved again.
 */
const OFFER_MODERATION_OUTCOMES = ["offer_rejected", "offer_no_appeal", "offer_approved"] as const;
export type OfferModerationOutcome = (typeof OFFER_MODERATION_OUTCOMES)[number];

/** Why the system switched an offer off. */
export const OFFER_SWITCH_OFF_REASONS = ["bond", "balance", "cap"] as const;
export type OfferSwitchOffReason = (typeof OFFER_SWITCH_OFF_REASONS)[number];

/**
 * Real-time event on `user.<id>`, written in the transaction of a cause that is not a trade
 * change (a deposit, a withdrawal, an offer switched off, a bid outbid, a new device, a webhook
 * turned off): the notifications and the webhooks read it from the committed-event feed.
 * Payload: AccountEventFact.
 */
export const ACCOUNT_EVENT = "account.event";

type AccountEventName = Exclude<NotificationEvent, `trade.${string}` | `feedback.${string}`>;
const ACCOUNT_EVENT_NAMES = NOTIFICATION_EVENTS.filter(
  (name): name is AccountEventName => !name.startsWith("trade.") && !name.startsWith("feedback."),
) as [AccountEventName, ...AccountEventName[]];

/** What the cause knows, as the notification and the webhook body carry it. */
export const accountEventFactSchema = z.object({
  event: z.enum(ACCOUNT_EVENT_NAMES),
  subjectId: z.string().min(1).max(100),
  /** Unique per user and fact: a fact read twice is written once. */
  dedupeKey: z.string().min(1).max(200),
  /** The site path to open. */
  link: z.string(),
  cryptoAmount: z.string().nullable().optional(),
  cryptoCurrencyCode: z.string().nullable().optional(),
  /** A device's description, a transaction id. */
  text: z.string().nullable().optional(),
  /**
   * offer.switched_off: bond, balance or cap; offer.moderation_decided: its outcome (the
   * moderator's reason is the text); webhook.disabled: the error key.
   */
  reason: z.string().nullable().optional(),
  /** The other user the fact is about: a direct message's sender. */
  counterparty: z.string().nullable().optional(),
});
export type AccountEventFact = z.infer<typeof accountEventFactSchema>;
