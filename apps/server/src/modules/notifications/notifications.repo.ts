import type {
  NotificationChannel,
  NotificationEvent,
  NotificationGroup,
  NotificationPayload,
  NotificationSubjectType,
} from "@souk/contracts";
import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

/** This module's tables (migrations 0100, 0101, 0106). */
type NotificationTables = {
  notifications: {
    id: Generated<bigint>;
    user_id: bigint;
    event: string;
    subject_type: NotificationSubjectType;
    subject_id: string;
    payload: NotificationPayload;
    dedupe_key: string;
    channels: NotificationChannel[];
    created_at: Generated<Date>;
    read_at: Date | null;
    emailed_at: Date | null;
    telegram_sent_at: Date | null;
    pushed_at: Date | null;
  };
  notification_settings: {
    user_id: bigint;
    event_group: NotificationGroup;
    channel: NotificationChannel;
    is_enabled: boolean;
    updated_at: Generated<Date>;
  };
};

function tables(db: Db | Tx) {
  return db.withTables<NotificationTables>();
}

export interface NotificationRow {
  id: bigint;
  event: NotificationEvent;
  subject_type: NotificationSubjectType;
  subject_id: string;
  payload: NotificationPayload;
  created_at: Date;
  read_at: Date | null;
}

export interface NewNotification {
  userId: number;
  event: NotificationEvent;
  subjectType: NotificationSubjectType;
  subjectId: string;
  payload: NotificationPayload;
  dedupeKey: string;
  channels: NotificationChannel[];
}

/** Writes one notification; null when this user already has one for the fact. */
export async function insertNotification(tx: Db | Tx, row: NewNotification): Promise<bigint | null> {
  const inserted = await tables(tx)
    .insertInto("notifications")
    .values({
      user_id: BigInt(row.userId),
      event: row.event,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      payload: JSON.stringify(row.payload) as unknown as NotificationPayload,
      dedupe_key: row.dedupeKey,
      channels: sql<NotificationChannel[]>`${sql.val(row.channels)}::text[]`,
      read_at: null,
      emailed_at: row.channels.includes("email") ? null : sql<Date>`now()`,
      telegram_sent_at: row.channels.includes("telegram") ? null : sql<Date>`now()`,
    })
    .onConflict((conflict) => conflict.columns(["user_id", "dedupe_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id ?? null;
}

const listed = sql<boolean>`'web' = ANY (channels)`;

export async function listNotifications(
  db: Db,
  userId: number,
  options: { isUnreadOnly: boolean; limit: number; offset: number },
): Promise<NotificationRow[]> {
  let query = tables(db)
    .selectFrom("notifications")
    .select(["id", "event", "subject_type", "subject_id", "payload", "created_at", "read_at"])
    .where("user_id", "=", BigInt(userId))
    .where(listed);
  if (options.isUnreadOnly) query = query.where("read_at", "is", null);
  const rows = await query.orderBy("id", "desc").limit(options.limit).offset(options.offset).execute();
  return rows as NotificationRow[];
}

export async function countNotifications(db: Db | Tx, userId: number): Promise<{ total: number; unread: number }> {
  const result = await sql<{ total: bigint; unread: bigint }>`
    SELECT count(*) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread
    FROM notifications WHERE user_id = ${userId} AND 'web' = ANY (channels)`.execute(db);
  return { total: Number(result.rows[0]?.total ?? 0n), unread: Number(result.rows[0]?.unread ?? 0n) };
}

/** Marks one (when `id` is given) or every unread notification of the user read; returns how many. */
export async function markRead(tx: Db | Tx, userId: number, id: bigint | null): Promise<number> {
  let query = tables(tx)
    .updateTable("notifications")
    .set({ read_at: sql`now()` })
    .where("user_id", "=", BigInt(userId))
    .where("read_at", "is", null);
  if (id !== null) query = query.where("id", "=", id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function notificationExists(db: Db | Tx, userId: number, id: bigint): Promise<boolean> {
  const row = await tables(db)
    .selectFrom("notifications")
    .select("id")
    .where("user_id", "=", BigInt(userId))
    .where("id", "=", id)
    .where(listed)
    .executeTakeFirst();
  return row !== undefined;
}

export interface SettingRow {
  group: NotificationGroup;
  channel: NotificationChannel;
  isEnabled: boolean;
}

export async function listSettings(db: Db | Tx, userId: number): Promise<SettingRow[]> {
  const rows = await tables(db)
    .selectFrom("notification_settings")
    .select(["event_group", "channel", "is_enabled"])
    .where("user_id", "=", BigInt(userId))
    .execute();
  return rows.map((row) => ({ group: row.event_group, channel: row.channel, isEnabled: row.is_enabled }));
}

export async function saveSettings(tx: Tx, userId: number, settings: readonly SettingRow[]): Promise<void> {
  await tables(tx)
    .insertInto("notification_settings")
    .values(
      settings.map((row) => ({
        user_id: BigInt(userId),
        event_group: row.group,
        channel: row.channel,
        is_enabled: row.isEnabled,
      })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(["user_id", "event_group", "channel"])
        .doUpdateSet({ is_enabled: sql`excluded.is_enabled`, updated_at: sql`now()` }),
    )
    .execute();
}

// ---- the feed's cursor -----------------------------------------------------------------------

/** The cursor, locked for this pass; null when another pass holds it (or it does not exist yet). */
export async function claimFeedCursor(tx: Tx, name: string): Promise<number | null> {
  const result = await sql<{ last_event_id: bigint }>`
    SELECT last_event_id FROM notification_feed_cursors WHERE name = ${name} FOR UPDATE SKIP LOCKED`.execute(tx);
  const row = result.rows[0];
  return row ? Number(row.last_event_id) : null;
}

/** Creates the cursor at `startAt` the first time (events before it are not notified). */
export async function createFeedCursor(db: Db, name: string, startAt: number): Promise<void> {
  await sql`INSERT INTO notification_feed_cursors (name, last_event_id) VALUES (${name}, ${startAt})
    ON CONFLICT (name) DO NOTHING`.execute(db);
}

export async function advanceFeedCursor(tx: Tx, name: string, lastEventId: number): Promise<void> {
  await sql`UPDATE notification_feed_cursors SET last_event_id = GREATEST(last_event_id, ${lastEventId}),
    updated_at = now() WHERE name = ${name}`.execute(tx);
}

/** The profile's chat digest interval, in minutes (a users column this module only reads). */
export async function findMessageInterval(db: Db | Tx, userId: number): Promise<number> {
  const result = await sql<{ minutes: number }>`
    SELECT notify_trade_messages_interval AS minutes FROM users WHERE id = ${userId}`.execute(db);
  return Number(result.rows[0]?.minutes ?? 0);
}

// ---- the outbox of the e-mail, Telegram and app channels --------------------------------------------

/** A notification waiting for a channel, with what its recipient's channel needs. */
export interface PendingRow {
  id: bigint;
  userId: number;
  event: NotificationEvent;
  subjectId: string;
  payload: NotificationPayload;
  createdAt: Date;
  email: string;
  locale: string;
  /** notifyTradeMessagesInterval, in minutes. */
  intervalMinutes: number;
  /** The linked Telegram chat, if any. */
  chatId: number | null;
}

/** The outbox mark of each channel but the web list. */
const SENT_COLUMNS = { email: "emailed_at", telegram: "telegram_sent_at", app: "pushed_at" } as const;
type OutboxChannel = keyof typeof SENT_COLUMNS;

/**
 * Notifications a channel has not handled, oldest first, locked for this pass (another worker
 * skips them), with their recipient's address, locale, chat digest interval and Telegram chat.
 */
export async function claimPending(tx: Tx, channel: OutboxChannel, limit: number): Promise<PendingRow[]> {
  const result = await sql<{
    id: string;
    user_id: string;
    event: NotificationEvent;
    subject_id: string;
    payload: NotificationPayload;
    created_at: Date;
    email: string;
    locale: string;
    interval_minutes: number;
    chat_id: string | null;
  }>`
    SELECT n.id, n.user_id, n.event, n.subject_id, n.payload, n.created_at,
      u.email, u.locale, u.notify_trade_messages_interval AS interval_minutes, l.chat_id
    FROM notifications n JOIN users u ON u.id = n.user_id
    LEFT JOIN telegram_links l ON l.user_id = n.user_id
    WHERE ${sql.ref(`n.${SENT_COLUMNS[channel]}`)} IS NULL AND ${sql.lit(channel)} = ANY (n.channels)
    ORDER BY n.created_at, n.id
    LIMIT ${limit}
    FOR UPDATE OF n SKIP LOCKED`.execute(tx);
  return result.rows.map((row) => ({
    id: BigInt(row.id),
    userId: Number(row.user_id),
    event: row.event,
    subjectId: row.subject_id,
    payload: row.payload,
    createdAt: row.created_at,
    email: row.email,
    locale: row.locale,
    intervalMinutes: Number(row.interval_minutes),
    chatId: row.chat_id === null ? null : Number(row.chat_id),
  }));
}

/** The channel handled these rows (sent, digested or skipped). */
export async function markHandled(tx: Tx, channel: OutboxChannel, ids: readonly bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE notifications n SET ${sql.ref(SENT_COLUMNS[channel])} = now()
    WHERE n.id IN (${sql.join([...ids])})`.execute(tx);
}
