import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../../db/pool.ts";

type WebhookTables = {
  paxful_webhooks: {
    id: Generated<string>;
    user_id: bigint;
    api_client_id: bigint;
    access_mode: "user" | "application";
    tag: string | null;
    created_at: Generated<Date>;
    last_request_at: Date | null;
  };
  paxful_webhook_endpoints: {
    id: Generated<bigint>;
    webhook_id: string;
    event_type: string;
    url: string;
    enabled: boolean;
    error_code: string | null;
    last_activity: Date | null;
    created_at: Generated<Date>;
  };
  webhook_deliveries: {
    id: Generated<bigint>;
    format: "paxful";
    paxful_endpoint_id: bigint | null;
    user_id: bigint;
    event_type: string;
    event_key: string;
    url: string;
    body: string;
    state: Generated<"pending" | "delivered" | "failed">;
    attempts: Generated<number>;
    next_attempt_at: Generated<Date>;
    last_status: number | null;
    last_error: string | null;
    response_body: string | null;
    created_at: Generated<Date>;
    delivered_at: Date | null;
  };
};

function tables(db: Db | Tx) {
  return db.withTables<WebhookTables>();
}

export interface WebhookOwner {
  userId: number;
  clientRowId: bigint;
  accessMode: "user" | "application";
}

export interface EndpointRow {
  id: number;
  webhookId: string;
  eventType: string;
  url: string;
  enabled: boolean;
  errorCode: string | null;
  lastActivity: Date | null;
}

export interface WebhookRow {
  id: string;
  userId: number;
  clientRowId: bigint;
  tag: string | null;
  lastRequestAt: Date | null;
  endpoints: EndpointRow[];
}

export async function insertWebhook(
  tx: Tx,
  owner: WebhookOwner,
  input: { tag: string | null; endpoints: { eventType: string; url: string; enabled: boolean }[] },
): Promise<string> {
  const webhook = await tables(tx)
    .insertInto("paxful_webhooks")
    .values({
      user_id: BigInt(owner.userId),
      api_client_id: owner.clientRowId,
      access_mode: owner.accessMode,
      tag: input.tag,
      last_request_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const endpoint of input.endpoints) {
    await tables(tx)
      .insertInto("paxful_webhook_endpoints")
      .values({
        webhook_id: webhook.id,
        event_type: endpoint.eventType,
        url: endpoint.url,
        enabled: endpoint.enabled,
        error_code: null,
        last_activity: null,
      })
      .execute();
  }
  return webhook.id;
}

export async function listWebhooks(db: Db | Tx, owner: WebhookOwner, webhookId?: string): Promise<WebhookRow[]> {
  let query = tables(db)
    .selectFrom("paxful_webhooks")
    .select(["id", "user_id", "api_client_id", "tag", "last_request_at"])
    .where("user_id", "=", BigInt(owner.userId))
    .where("api_client_id", "=", owner.clientRowId)
    .where("access_mode", "=", owner.accessMode);
  if (webhookId) query = query.where("id", "=", webhookId);
  const webhooks = await query.orderBy("created_at").execute();
  if (webhooks.length === 0) return [];
  const endpoints = await tables(db)
    .selectFrom("paxful_webhook_endpoints")
    .select(["id", "webhook_id", "event_type", "url", "enabled", "error_code", "last_activity"])
    .where(
      "webhook_id",
      "in",
      webhooks.map((webhook) => webhook.id),
    )
    .orderBy("id")
    .execute();
  return webhooks.map((webhook) => ({
    id: webhook.id,
    userId: Number(webhook.user_id),
    clientRowId: BigInt(webhook.api_client_id),
    tag: webhook.tag,
    lastRequestAt: webhook.last_request_at,
    endpoints: endpoints
      .filter((endpoint) => endpoint.webhook_id === webhook.id)
      .map((endpoint) => ({
        id: Number(endpoint.id),
        webhookId: endpoint.webhook_id,
        eventType: endpoint.event_type,
        url: endpoint.url,
        enabled: endpoint.enabled,
        errorCode: endpoint.error_code,
        lastActivity: endpoint.last_activity,
      })),
  }));
}

export async function deleteWebhooks(tx: Tx, owner: WebhookOwner, webhookId?: string): Promise<number> {
  let query = tables(tx)
    .deleteFrom("paxful_webhooks")
    .where("user_id", "=", BigInt(owner.userId))
    .where("api_client_id", "=", owner.clientRowId)
    .where("access_mode", "=", owner.accessMode);
  if (webhookId) query = query.where("id", "=", webhookId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A user's enabled endpoints for an event, of clients that are not revoked. */
export async function listSubscribedEndpoints(db: Db | Tx, userId: number, eventType: string): Promise<EndpointRow[]> {
  const result = await sql<{ id: string; webhook_id: string; url: string }>`
    SELECT e.id, e.webhook_id, e.url FROM paxful_webhook_endpoints e
    JOIN paxful_webhooks w ON w.id = e.webhook_id
    JOIN api_clients c ON c.id = w.api_client_id
    WHERE w.user_id = ${BigInt(userId)} AND e.event_type = ${eventType} AND e.enabled AND c.revoked_at IS NULL`.execute(
    db,
  );
  return result.rows.map((row) => ({
    id: Number(row.id),
    webhookId: row.webhook_id,
    eventType,
    url: row.url,
    enabled: true,
    errorCode: null,
    lastActivity: null,
  }));
}

export async function hasAnyEndpoint(db: Db): Promise<boolean> {
  const row = await tables(db)
    .selectFrom("paxful_webhook_endpoints")
    .select("id")
    .where("enabled", "=", true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Queues one delivery per endpoint and fact; a fact read twice from the feed queues nothing more. */
export async function insertDelivery(
  db: Db | Tx,
  input: { endpointId: number; userId: number; eventType: string; eventKey: string; url: string; body: string },
): Promise<number | null> {
  const row = await tables(db)
    .insertInto("webhook_deliveries")
    .values({
      format: "paxful",
      paxful_endpoint_id: BigInt(input.endpointId),
      user_id: BigInt(input.userId),
      event_type: input.eventType,
      event_key: input.eventKey,
      url: input.url,
      body: input.body,
      last_status: null,
      last_error: null,
      response_body: null,
      delivered_at: null,
    })
    .onConflict((conflict) => conflict.constraint("webhook_deliveries_once").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export interface ClaimedDelivery {
  id: number;
  endpointId: number | null;
  url: string;
  body: string;
  attempts: number;
}

/**
 * Takes a due pending delivery for one attempt: its next attempt moves to `retryAfterSeconds`
 * from now in the same statement, so a second worker does not send it meanwhile.
 */
export async function claimDelivery(
  db: Db,
  id: number,
  retryAfterSeconds: (attempt: number) => number,
): Promise<ClaimedDelivery | null> {
  const current = await tables(db)
    .selectFrom("webhook_deliveries")
    .select("attempts")
    .where("id", "=", BigInt(id))
    .executeTakeFirst();
  if (!current) return null;
  const row = await tables(db)
    .updateTable("webhook_deliveries")
    .set({
      attempts: sql`attempts + 1`,
      next_attempt_at: sql`now() + make_interval(secs => ${retryAfterSeconds(current.attempts + 1)})`,
    })
    .where("id", "=", BigInt(id))
    .where("state", "=", "pending")
    .where("attempts", "=", current.attempts)
    .where("next_attempt_at", "<=", sql<Date>`now()`)
    .returning(["id", "paxful_endpoint_id", "url", "body", "attempts"])
    .executeTakeFirst();
  return row
    ? {
        id: Number(row.id),
        endpointId: row.paxful_endpoint_id === null ? null : Number(row.paxful_endpoint_id),
        url: row.url,
        body: row.body,
        attempts: row.attempts,
      }
    : null;
}

export async function recordAttempt(
  db: Db,
  delivery: ClaimedDelivery,
  outcome: {
    isDelivered: boolean;
    isFinal: boolean;
    status: number | null;
    error: string | null;
    responseBody: string | null;
  },
): Promise<void> {
  await tables(db)
    .updateTable("webhook_deliveries")
    .set({
      state: outcome.isDelivered ? "delivered" : outcome.isFinal ? "failed" : "pending",
      last_status: outcome.status,
      last_error: outcome.error,
      response_body: outcome.responseBody,
      ...(outcome.isDelivered ? { delivered_at: sql`now()` } : {}),
    })
    .where("id", "=", BigInt(delivery.id))
    .execute();
  if (delivery.endpointId !== null) {
    await tables(db)
      .updateTable("paxful_webhook_endpoints")
      .set({
        last_activity: sql`now()`,
        error_code: outcome.isDelivered
          ? null
          : outcome.status === null
            ? "connection_failed"
            : `http_${outcome.status}`,
      })
      .where("id", "=", BigInt(delivery.endpointId))
      .execute();
  }
}

/** Pending deliveries due a while ago: their job was lost (a process stopped), the sweep resends. */
export async function listOverdueDeliveryIds(db: Db, limit: number): Promise<number[]> {
  const rows = await tables(db)
    .selectFrom("webhook_deliveries")
    .select("id")
    .where("state", "=", "pending")
    .where("next_attempt_at", "<=", sql<Date>`now()`)
    .orderBy("next_attempt_at")
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

export interface DeliveryLogRow {
  id: number;
  url: string;
  sentAt: Date | null;
  isDelivered: boolean;
  lastStatus: number | null;
  lastError: string | null;
  body: string;
  responseBody: string | null;
}

export async function listDeliveryLog(db: Db, owner: WebhookOwner, limit: number): Promise<DeliveryLogRow[]> {
  const result = await sql<{
    id: string;
    url: string;
    delivered_at: Date | null;
    state: string;
    last_status: number | null;
    last_error: string | null;
    body: string;
    response_body: string | null;
  }>`SELECT d.id, d.url, d.delivered_at, d.state, d.last_status, d.last_error, d.body, d.response_body
    FROM webhook_deliveries d
    JOIN paxful_webhook_endpoints e ON e.id = d.paxful_endpoint_id
    JOIN paxful_webhooks w ON w.id = e.webhook_id
    WHERE w.user_id = ${BigInt(owner.userId)} AND w.api_client_id = ${owner.clientRowId} AND w.access_mode = ${owner.accessMode}
    ORDER BY d.id DESC LIMIT ${limit}`.execute(db);
  return result.rows.map((row) => ({
    id: Number(row.id),
    url: row.url,
    sentAt: row.delivered_at,
    isDelivered: row.state === "delivered",
    lastStatus: row.last_status,
    lastError: row.last_error,
    body: row.body,
    responseBody: row.response_body,
  }));
}
