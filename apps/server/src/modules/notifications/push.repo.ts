import type { NotificationEvent, NotificationPayload } from "@souk/contracts";
import { sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

/** Web push's tables (migration 0102). */

export interface NewSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Saves a browser's subscription for the user. The same endpoint under another account (the
 * browser changed hands) is removed first, with what it still had to deliver.
 */
export async function saveSubscription(tx: Tx, row: NewSubscription): Promise<void> {
  await sql`DELETE FROM push_subscriptions WHERE endpoint = ${row.endpoint} AND user_id <> ${row.userId}`.execute(tx);
  await sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
    VALUES (${row.userId}, ${row.endpoint}, ${row.p256dh}, ${row.auth})
    ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth`.execute(tx);
}

/** Removes the user's subscription of this endpoint; another user's stays. */
export async function deleteSubscription(db: Db | Tx, userId: number, endpoint: string): Promise<void> {
  await sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`.execute(db);
}

export async function countSubscriptions(db: Db | Tx, userId: number): Promise<number> {
  const result = await sql<{ count: string }>`
    SELECT count(*) AS count FROM push_subscriptions WHERE user_id = ${userId}`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/** One push per notification and subscription of its user (the notifications the app channel claimed). */
export async function queueDeliveries(tx: Tx, notificationIds: readonly bigint[]): Promise<number> {
  if (notificationIds.length === 0) return 0;
  const result = await sql`
    INSERT INTO push_deliveries (notification_id, subscription_id)
    SELECT n.id, s.id FROM notifications n JOIN push_subscriptions s ON s.user_id = n.user_id
    WHERE n.id IN (${sql.join([...notificationIds])})
    ON CONFLICT DO NOTHING`.execute(tx);
  return Number(result.numAffectedRows ?? 0n);
}

/** A push that is due, with its subscription and notification. */
export interface DueDelivery {
  notificationId: bigint;
  subscriptionId: bigint;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  event: NotificationEvent;
  subjectId: string;
  payload: NotificationPayload;
  locale: string;
}

/** Due pushes, oldest first, locked for this pass (another worker skips them). */
export async function claimDueDeliveries(tx: Tx, limit: number): Promise<DueDelivery[]> {
  const result = await sql<{
    notification_id: string;
    subscription_id: string;
    attempts: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    event: NotificationEvent;
    subject_id: string;
    payload: NotificationPayload;
    locale: string;
  }>`
    SELECT d.notification_id, d.subscription_id, d.attempts, s.endpoint, s.p256dh, s.auth,
      n.event, n.subject_id, n.payload, u.locale
    FROM push_deliveries d
    JOIN push_subscriptions s ON s.id = d.subscription_id
    JOIN notifications n ON n.id = d.notification_id
    JOIN users u ON u.id = n.user_id
    WHERE d.next_attempt_at <= now()
    ORDER BY d.next_attempt_at, d.notification_id
    LIMIT ${limit}
    FOR UPDATE OF d SKIP LOCKED`.execute(tx);
  return result.rows.map((row) => ({
    notificationId: BigInt(row.notification_id),
    subscriptionId: BigInt(row.subscription_id),
    attempts: Number(row.attempts),
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    event: row.event,
    subjectId: row.subject_id,
    payload: row.payload,
    locale: row.locale,
  }));
}

/** The push is over: delivered or given up. */
export async function deleteDelivery(tx: Tx, delivery: DueDelivery): Promise<void> {
  await sql`DELETE FROM push_deliveries
    WHERE notification_id = ${delivery.notificationId} AND subscription_id = ${delivery.subscriptionId}`.execute(tx);
}

/** The push service said the subscription is gone: it goes, with its pushes. */
export async function deleteSubscriptionById(tx: Tx, subscriptionId: bigint): Promise<void> {
  await sql`DELETE FROM push_subscriptions WHERE id = ${subscriptionId}`.execute(tx);
}

export async function scheduleRetry(tx: Tx, delivery: DueDelivery, afterMs: number, error: string): Promise<void> {
  await sql`UPDATE push_deliveries
    SET attempts = attempts + 1, next_attempt_at = now() + ${afterMs} * interval '1 millisecond', last_error = ${error}
    WHERE notification_id = ${delivery.notificationId} AND subscription_id = ${delivery.subscriptionId}`.execute(tx);
}
