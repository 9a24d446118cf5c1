import { z } from "zod";
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_GROUPS,
  NOTIFICATION_SUBJECT_TYPES,
  type NotificationGroup,
} from "./account-events.ts";
import { envelopeSchema, pageMetaSchema } from "./envelope.ts";

/**
 * Notifications (docs/product.md#notifications): one row per event a user should hear about,
 * naming its subject (a trade's id, a deposit's, an offer's…), listed at GET /rest/v1/notifications
 * and delivered on the channels the user chose per event group.
 */

/** The spec's notification channels. */
export const NOTIFICATION_CHANNELS = ["web", "email", "telegram", "app"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

// The event kinds, their groups and subjects are the one catalogue's (account-events.ts).

/** A user who never chose: what each channel does for each group. */
export const NOTIFICATION_DEFAULTS: Record<NotificationGroup, Record<NotificationChannel, boolean>> = {
  trades: { web: true, email: true, telegram: false, app: false },
  disputes: { web: true, email: true, telegram: false, app: false },
  chat: { web: true, email: true, telegram: false, app: false },
  feedback: { web: true, email: false, telegram: false, app: false },
  wallet: { web: true, email: true, telegram: false, app: false },
  offers: { web: true, email: true, telegram: false, app: false },
  // A new device is already mailed by the log-in itself; the list and the bell tell it here.
  account: { web: true, email: false, telegram: false, app: false },
};

/** Real-time event on `user.<id>` when a notification is written: payload {id, event, subjectId}. */
export const NOTIFICATION_CREATED_EVENT = "notification.created";
/** Real-time event on `user.<id>` when notifications were read (here or in another tab). */
export const NOTIFICATION_READ_EVENT = "notification.read";

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** What a trader needs without opening the site. Money is decimal strings. */
export const notificationPayloadSchema = z.object({
  cryptoAmount: z.string().nullable(),
  cryptoCurrencyCode: z.string().nullable(),
  fiatAmount: z.string().nullable(),
  fiatCurrencyCode: z.string().nullable(),
  paymentMethodName: z.string().nullable(),
  /** The other party's username. */
  counterparty: z.string().nullable(),
  /** When the payment window ends (ISO), for an unpaid trade; the time left follows from it. */
  paymentWindowEndsAt: z.string().nullable(),
  /** Seconds left on the payment window when the notification was written. */
  paymentWindowSecondsLeft: z.number().int().nullable(),
  /** A message's first characters, or the feedback's rating. */
  text: z.string().nullable(),
  rating: z.string().nullable(),
  /** Why it happened, where the event has reasons (an offer switched off: bond, balance, cap). */
  reason: z.string().nullable().optional(),
  /** The site path to open (the trade page). */
  link: z.string(),
});
export type NotificationPayload = z.infer<typeof notificationPayloadSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  event: z.enum(NOTIFICATION_EVENTS),
  group: z.enum(NOTIFICATION_GROUPS),
  subjectType: z.enum(NOTIFICATION_SUBJECT_TYPES),
  subjectId: z.string(),
  payload: notificationPayloadSchema,
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  page: z.coerce.number({ message: "integer_invalid" }).int().min(1).max(100_000).default(1),
  isUnreadOnly: z.enum(["true", "false"], { message: "boolean_invalid" }).default("false"),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationsMetaSchema = pageMetaSchema.extend({ unreadCount: z.number().int() });
export const notificationsResponseSchema = envelopeSchema(z.array(notificationSchema), notificationsMetaSchema);
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const notificationIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9]{1,18}$/, { message: "notification_id_invalid" }),
});
export const notificationsUnreadSchema = envelopeSchema(z.object({ unreadCount: z.number().int() }));

export const notificationSettingSchema = z.object({
  group: z.enum(NOTIFICATION_GROUPS, { message: "group_invalid" }),
  channel: z.enum(NOTIFICATION_CHANNELS, { message: "channel_invalid" }),
  isEnabled: z.boolean({ message: "boolean_invalid" }),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/** POST /rest/v1/notifications/settings: the cells to change; the answer is the whole table. */
export const notificationSettingsUpdateSchema = z.object({
  settings: z
    .array(notificationSettingSchema)
    .min(1)
    .max(NOTIFICATION_GROUPS.length * NOTIFICATION_CHANNELS.length),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

export const notificationSettingsSchema = z.object({
  groups: z.array(
    z.object({
      group: z.enum(NOTIFICATION_GROUPS),
      channels: z.object({ web: z.boolean(), email: z.boolean(), telegram: z.boolean(), app: z.boolean() }),
    }),
  ),
  /** Channels that deliver today. */
  liveChannels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  /** The digest interval of chat messages by e-mail, in minutes (profile setting). */
  notifyTradeMessagesInterval: z.number().int(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsResponseSchema = envelopeSchema(notificationSettingsSchema);

/** GET /rest/v1/notifications/telegram: whether this server has a bot, and the viewer's link. */
export const telegramStatusSchema = z.object({
  isConfigured: z.boolean(),
  isLinked: z.boolean(),
  botUsername: z.string().nullable(),
});
export type TelegramStatus = z.infer<typeof telegramStatusSchema>;
export const telegramStatusResponseSchema = envelopeSchema(telegramStatusSchema);

/** POST /rest/v1/notifications/telegram/link: the bot's `/start <code>` deep link, one hour long. */
export const telegramLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type TelegramLink = z.infer<typeof telegramLinkSchema>;
export const telegramLinkResponseSchema = envelopeSchema(telegramLinkSchema);
