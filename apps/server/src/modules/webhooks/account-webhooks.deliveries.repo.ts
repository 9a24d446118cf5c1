import { PAGE_PATHS, WEBHOOK_DISABLED_EVENT, type WebhookErrorKey } from "@souk/contracts";
import { sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import { announceAccountEvent, channelFor, publishEvent } from "../../realtime/index.ts";
import type { AttemptVerdict } from "./account-webhooks.domain.ts";
import { tables } from "./account-webhooks.tables.ts";

const DISABLED_KEY: WebhookErrorKey = "failing_for_a_day";

/** A claimed attempt holds its delivery this long; the sender gives up after ten seconds. */
const CLAIM_LEASE_SECONDS = 60;

/** Queues one delivery per user and fact; a fact read twice from the feed queues nothing more. */
export async function insertDelivery(
  tx: Tx,
  input: { userId: number; messageId: string; event: string; eventKey: string; body: string },
): Promise<number | null> {
  const row = await tables(tx)
    .insertInto("account_webhook_deliveries")
    .values({
      user_id: BigInt(input.userId),
      message_id: input.messageId,
      event: input.event,
      event_key: input.eventKey,
      body: input.body,
      delivered_at: null,
    })
    .onConflict((conflict) => conflict.constraint("account_webhook_deliveries_once").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export interface ClaimedDelivery {
  id: number;
  userId: number;
  messageId: string;
  body: string;
  attempt: number;
  url: string;
  secret: string;
  failingSince: Date | null;
}

/**
 * Takes a due pending delivery of an enabled webhook for one attempt: its next attempt moves a
 * lease ahead in the same statement, so a second worker does not send it meanwhile.
 */
export async function claimDelivery(db: Db, id: number): Promise<ClaimedDelivery | null> {
  const result = await sql<{
    id: string;
    user_id: string;
    message_id: string;
    body: string;
    attempts: number;
    url: string;
    secret: string;
    failing_since: Date | null;
  }>`UPDATE account_webhook_deliveries d
    SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
    FROM account_webhooks w
    WHERE d.id = ${BigInt(id)} AND d.state = 'pending' AND d.next_attempt_at <= now()
      AND w.user_id = d.user_id AND w.status = 'enabled' AND w.url IS NOT NULL AND w.secret IS NOT NULL
    RETURNING d.id, d.user_id, d.message_id, d.body, d.attempts, w.url, w.secret, w.failing_since`.execute(db);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    messageId: row.message_id,
    body: row.body,
    attempt: row.attempts,
    url: row.url,
    secret: row.secret,
    failingSince: row.failing_since,
  };
}

/** One attempt into the log, its delivery's new state, and its webhook's failing-since (one transaction). */
export async function recordAttempt(
  tx: Tx,
  delivery: ClaimedDelivery,
  verdict: AttemptVerdict,
  answer: { statusCode: number | null; durationMs: number; error: string | null },
): Promise<void> {
  await tables(tx)
    .insertInto("account_webhook_attempts")
    .values({
      delivery_id: BigInt(delivery.id),
      attempt: delivery.attempt,
      status_code: answer.statusCode,
      duration_ms: answer.durationMs,
      error: answer.error?.slice(0, 500) ?? null,
    })
    .execute();
  await tables(tx)
    .updateTable("account_webhook_deliveries")
    .set({
      state: verdict.state,
      next_attempt_at: sql`now() + make_interval(secs => ${verdict.retryAfterSeconds ?? 0})`,
      ...(verdict.state === "delivered" ? { delivered_at: new Date() } : {}),
    })
    .where("id", "=", BigInt(delivery.id))
    .execute();
  await tables(tx)
    .updateTable("account_webhooks")
    .set({
      failing_since: verdict.failingSince,
      ...(verdict.isDisabling ? { status: "disabled", error_key: DISABLED_KEY, updated_at: new Date() } : {}),
    })
    .where("user_id", "=", BigInt(delivery.userId))
    .execute();
  if (verdict.isDisabling) {
    // The owner hears of it live, and the notifications read the committed event.
    await publishEvent(tx, {
      channel: channelFor.user(String(delivery.userId)),
      name: WEBHOOK_DISABLED_EVENT,
      payload: { errorKey: DISABLED_KEY },
    });
    await announceAccountEvent(tx, delivery.userId, {
      event: "webhook.disabled",
      subjectId: String(delivery.userId),
      dedupeKey: `webhook.disabled:${delivery.id}:${delivery.attempt}`,
      link: PAGE_PATHS.webhooks,
      reason: DISABLED_KEY,
    });
  }
}

/** Pending deliveries of enabled webhooks due a while ago: their job was lost, the sweep resends. */
export async function listOverdueDeliveryIds(db: Db, limit: number): Promise<number[]> {
  const result = await sql<{ id: string }>`SELECT d.id FROM account_webhook_deliveries d
    JOIN account_webhooks w ON w.user_id = d.user_id AND w.status = 'enabled'
    WHERE d.state = 'pending' AND d.next_attempt_at <= now()
    ORDER BY d.next_attempt_at LIMIT ${limit}`.execute(db);
  return result.rows.map((row) => Number(row.id));
}

export interface LogRow {
  deliveryId: number;
  messageId: string;
  event: string;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  attemptedAt: Date;
  state: "pending" | "delivered" | "failed";
}

/** The newest attempts of a user's deliveries. */
export async function listLog(db: Db, userId: number, limit: number): Promise<LogRow[]> {
  const rows = await tables(db)
    .selectFrom("account_webhook_attempts as a")
    .innerJoin("account_webhook_deliveries as d", "d.id", "a.delivery_id")
    .select([
      "d.id",
      "d.message_id",
      "d.event",
      "d.state",
      "a.attempt",
      "a.status_code",
      "a.duration_ms",
      "a.error",
      "a.attempted_at",
    ])
    .where("d.user_id", "=", BigInt(userId))
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    deliveryId: Number(row.id),
    messageId: row.message_id,
    event: row.event,
    attempt: row.attempt,
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    error: row.error,
    attemptedAt: row.attempted_at,
    state: row.state,
  }));
}

/** Makes one of the user's deliveries due now, with its webhook-id; false when it is not theirs or in flight. */
export async function makeDueAgain(db: Db, userId: number, deliveryId: number): Promise<boolean> {
  const result = await tables(db)
    .updateTable("account_webhook_deliveries")
    .set({ state: "pending", next_attempt_at: sql`now()`, delivered_at: null })
    .where("id", "=", BigInt(deliveryId))
    .where("user_id", "=", BigInt(userId))
    // Not while an attempt holds it (a lease is at most a minute ahead): no two sends at once.
    .where((where) =>
      where.or([
        where("state", "!=", "pending"),
        where("next_attempt_at", ">", sql<Date>`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`),
      ]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
