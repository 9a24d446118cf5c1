import {
  ACCOUNT_EVENT_CATALOGUE,
  type AccountEventFact,
  NOTIFICATION_CREATED_EVENT,
  NOTIFICATION_GROUP_OF,
  NOTIFICATION_READ_EVENT,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationEvent,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type NotificationsQuery,
  type PageMeta,
  pageMeta,
} from "@souk/contracts";
import type { Config } from "../../config.ts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import type { Viewer } from "../../platform/index.ts";
import { channelFor, publishEvent } from "../../realtime/index.ts";
import type { TradeAccess } from "../trades/index.ts";
import { accountPayloadOf, channelsFor, settingsTableOf, tradePayloadOf } from "./notifications.domain.ts";
import { notificationNotFound } from "./notifications.errors.ts";
import * as repo from "./notifications.repo.ts";
import { botApiOf } from "./telegram.service.ts";

/**
 * Writes a notification about a trade for one of its parties, inside the caller's transaction
 * (the door for causes that have no feed entry: chat, feedback). The user's settings decide its
 * channels; the web list hears of it live through `notification.created` on `user.<id>`.
 * Returns false when the user already had it (same dedupe key).
 */
export async function notifyTradeParty(
  tx: Db | Tx,
  input: {
    userId: number;
    event: NotificationEvent;
    trade: TradeAccess;
    dedupeKey: string;
    text?: string | null;
    rating?: string | null;
  },
): Promise<boolean> {
  const payload = tradePayloadOf(input.trade, input.userId, new Date(), { text: input.text, rating: input.rating });
  return writeNotification(tx, {
    userId: input.userId,
    event: input.event,
    subjectType: "trade",
    subjectId: input.trade.idHashed,
    payload,
    dedupeKey: input.dedupeKey,
  });
}

/** The notification of a fact announced with `announceAccountEvent` (read from the feed). */
export function notifyAccountEvent(tx: Db | Tx, userId: number, fact: AccountEventFact): Promise<boolean> {
  return writeNotification(tx, {
    userId,
    event: fact.event,
    subjectType: ACCOUNT_EVENT_CATALOGUE[fact.event].subjectType,
    subjectId: fact.subjectId,
    payload: accountPayloadOf(fact),
    dedupeKey: fact.dedupeKey,
  });
}

/** One notification on the channels the user chose; false when none or already written. */
async function writeNotification(tx: Db | Tx, row: Omit<repo.NewNotification, "channels">): Promise<boolean> {
  const channels = channelsFor(row.event, await repo.listSettings(tx, row.userId));
  if (channels.length === 0) return false;
  const id = await repo.insertNotification(tx, { ...row, channels });
  if (id === null) return false;
  if (channels.includes("web")) {
    await publishEvent(tx, {
      channel: channelFor.user(row.userId),
      name: NOTIFICATION_CREATED_EVENT,
      payload: { id: String(id), event: row.event, subjectId: row.subjectId },
    });
  }
  return true;
}

function toView(row: repo.NotificationRow): Notification {
  return {
    id: String(row.id),
    event: row.event,
    group: NOTIFICATION_GROUP_OF[row.event],
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    payload: row.payload,
    isRead: row.read_at !== null,
    createdAt: row.created_at.toISOString(),
  };
}

/** GET /rest/v1/notifications: newest first, with the unread count. */
export async function listNotifications(
  db: Db,
  viewer: Viewer,
  query: NotificationsQuery,
): Promise<{ items: Notification[]; meta: PageMeta & { unreadCount: number } }> {
  const isUnreadOnly = query.isUnreadOnly === "true";
  const counts = await repo.countNotifications(db, viewer.userId);
  const rows = await repo.listNotifications(db, viewer.userId, {
    isUnreadOnly,
    limit: NOTIFICATIONS_PAGE_SIZE,
    offset: (query.page - 1) * NOTIFICATIONS_PAGE_SIZE,
  });
  const total = isUnreadOnly ? counts.unread : counts.total;
  return {
    items: rows.map(toView),
    meta: { ...pageMeta(total, query.page, NOTIFICATIONS_PAGE_SIZE), unreadCount: counts.unread },
  };
}

export async function countUnread(db: Db, viewer: Viewer): Promise<number> {
  return (await repo.countNotifications(db, viewer.userId)).unread;
}

/**
 * Marks one notification (or all, when `id` is null) read; reading twice is harmless. Other
 * tabs hear of it through `notification.read`. Returns the unread count left.
 */
export async function markNotificationsRead(db: Db, viewer: Viewer, id: string | null): Promise<number> {
  const rowId = id === null ? null : BigInt(id);
  if (rowId !== null && !(await repo.notificationExists(db, viewer.userId, rowId))) throw notificationNotFound();
  return withTx(db, async (tx) => {
    const changed = await repo.markRead(tx, viewer.userId, rowId);
    const { unread } = await repo.countNotifications(tx, viewer.userId);
    if (changed > 0) {
      await publishEvent(tx, {
        channel: channelFor.user(viewer.userId),
        name: NOTIFICATION_READ_EVENT,
        payload: { unreadCount: unread },
      });
    }
    return unread;
  });
}

/**
 * GET /rest/v1/notifications/settings. Web, e-mail (mail without SMTP stays in the outbox) and app
 * (web push, to the browsers the user subscribed) always deliver, Telegram when the server has a bot.
 */
export async function getNotificationSettings(
  db: Db | Tx,
  config: Config,
  viewer: Viewer,
): Promise<NotificationSettings> {
  return {
    groups: settingsTableOf(await repo.listSettings(db, viewer.userId)),
    liveChannels: botApiOf(config) ? ["web", "email", "telegram", "app"] : ["web", "email", "app"],
    notifyTradeMessagesInterval: await repo.findMessageInterval(db, viewer.userId),
  };
}

/** POST /rest/v1/notifications/settings: the cells given change, the others stay. */
export async function updateNotificationSettings(
  db: Db,
  config: Config,
  viewer: Viewer,
  input: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  return withTx(db, async (tx) => {
    await repo.saveSettings(tx, viewer.userId, dedupeCells(input.settings));
    return getNotificationSettings(tx, config, viewer);
  });
}

/** The last choice for a cell wins (one upsert cannot touch a row twice). */
function dedupeCells(settings: NotificationSettingsUpdate["settings"]): repo.SettingRow[] {
  const byCell = new Map<string, repo.SettingRow>();
  for (const row of settings) byCell.set(`${row.group}:${row.channel}`, row);
  return [...byCell.values()];
}
