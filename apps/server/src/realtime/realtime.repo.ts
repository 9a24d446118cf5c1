import { type Generated, sql } from "kysely";
import type pg from "pg";
import type { Db } from "../db/pool.ts";
import type { ChannelStart } from "./realtime.subscription-start.ts";

/** The NOTIFY channel every server copy listens on; the payload is `<event id>:<channel>`. */
export const NOTIFY_CHANNEL = "souk_realtime";

type RealtimeTables = {
  realtime_events: {
    id: Generated<bigint>;
    channel: string;
    name: string;
    payload: unknown;
    created_at: Generated<Date>;
  };
};

function tables(db: Db) {
  return db.withTables<RealtimeTables>();
}

export interface RealtimeEventRow {
  id: number;
  channel: string;
  name: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

interface RawEventRow {
  id: bigint | string | number;
  channel: string;
  name: string;
  payload: unknown;
  created_at: Date;
}

function toEventRow(row: RawEventRow): RealtimeEventRow {
  return {
    id: Number(row.id),
    channel: row.channel,
    name: row.name,
    payload: (row.payload ?? {}) as Record<string, unknown>,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Inserts events, in the given order, in the caller's transaction (they commit or roll back with
 * the change they describe) and returns the stored rows, so the process can deliver them locally
 * after commit.
 */
export async function insertEvents(
  db: Db,
  events: readonly { channel: string; name: string; payloadJson: string }[],
): Promise<RealtimeEventRow[]> {
  const result = await sql<RawEventRow>`
    INSERT INTO realtime_events (channel, name, payload)
    SELECT channel, name, payload::jsonb
    FROM unnest(${events.map((e) => e.channel)}::text[], ${events.map((e) => e.name)}::text[],
      ${events.map((e) => e.payloadJson)}::text[]) WITH ORDINALITY AS e(channel, name, payload, n)
    ORDER BY n
    RETURNING id, channel, name, payload, created_at
  `.execute(db);
  if (result.rows.length !== events.length) throw new Error("the real-time events were not all stored");
  return result.rows.map(toEventRow).sort((a, b) => a.id - b.id);
}

/**
 * Sends one NOTIFY per message (`<event id>:<channel>`) in one short statement of its own. The rows
 * are already durable, so this transaction does not wait for its commit to reach disk: a lost
 * notification costs a delay (the listeners' sweep finds the row), never an event.
 */
export async function notifyEvents(db: Db, messages: readonly string[]): Promise<void> {
  await sql`
    SELECT pg_notify(${NOTIFY_CHANNEL}, message)
    FROM set_config('synchronous_commit', 'off', true), unnest(${[...messages]}::text[]) AS message
  `.execute(db);
}

/** A channel's events after `sinceId`, oldest first, at most `limit` of the newest ones. */
export async function findChannelHistory(
  db: Db,
  query: { channel: string; sinceId: number; names: readonly string[] | null; limit: number },
): Promise<RealtimeEventRow[]> {
  let select = tables(db)
    .selectFrom("realtime_events")
    .select(["id", "channel", "name", "payload", "created_at"])
    .where("channel", "=", query.channel)
    .where("id", ">", BigInt(query.sinceId));
  if (query.names) select = select.where("name", "in", [...query.names]);
  const rows = await select.orderBy("id", "desc").limit(query.limit).execute();
  return rows.reverse().map(toEventRow);
}

/**
 * The channel as a new subscription finds it, in one statement so in one snapshot: its newest
 * event id (0 for none), the database's clock less `windowMs`, and the events created since then.
 */
export async function findChannelStart(db: Db, channel: string, windowMs: number): Promise<ChannelStart> {
  const result = await sql<{ newestId: string | null; cutoff: Date; recentIds: string[] }>`
    SELECT (SELECT max(id) FROM realtime_events WHERE channel = ${channel})::text AS "newestId",
      cutoff,
      ARRAY(SELECT id::text FROM realtime_events WHERE channel = ${channel} AND created_at > cutoff) AS "recentIds"
    FROM (SELECT now() - make_interval(secs => ${windowMs / 1000}) AS cutoff) AS start`.execute(db);
  const row = result.rows[0];
  return {
    newestId: Number(row?.newestId ?? 0),
    cutoffMs: row ? row.cutoff.getTime() : 0,
    recentIds: (row?.recentIds ?? []).map(Number),
  };
}

const SELECT_BY_IDS = `
  SELECT id, channel, name, payload, created_at FROM realtime_events
  WHERE id = ANY($1::bigint[]) ORDER BY id`;

/** Rows named by notifications, read on the listening connection itself (no pool wait). */
export async function selectEventsByIds(client: pg.ClientBase, ids: readonly number[]): Promise<RealtimeEventRow[]> {
  const result = await client.query<RawEventRow>(SELECT_BY_IDS, [ids.map(String)]);
  return result.rows.map(toEventRow);
}

const SELECT_CATCH_UP = `
  SELECT id, channel, name, payload, created_at FROM realtime_events
  WHERE (id > $1::bigint OR created_at > $2::timestamptz) AND channel = ANY($3::text[])
  ORDER BY id LIMIT $4`;

/**
 * Events a listener may have missed while its connection was down: every id above the last one
 * it heard, and, because ids are taken at insert but become visible at commit (so a smaller id
 * can commit after a larger one), anything created shortly before the connection was lost.
 */
export async function selectEventsToCatchUp(
  client: pg.ClientBase,
  query: { afterId: number; createdAfter: Date; channels: readonly string[]; limit: number },
): Promise<RealtimeEventRow[]> {
  const result = await client.query<RawEventRow>(SELECT_CATCH_UP, [
    String(query.afterId),
    query.createdAfter.toISOString(),
    [...query.channels],
    query.limit,
  ]);
  return result.rows.map(toEventRow);
}

/**
 * Committed events of some names after `afterId`, and any created after `createdAfter` (ids are
 * taken at insert but seen at commit, so a smaller id can appear after a larger one), oldest
 * first: the feed that consumers outside the gateway (webhook fan-out) read with a cursor.
 */
export async function listEventsSince(
  db: Db,
  query: { afterId: number; createdAfter: Date; names: readonly string[]; limit: number },
): Promise<RealtimeEventRow[]> {
  const rows = await tables(db)
    .selectFrom("realtime_events")
    .select(["id", "channel", "name", "payload", "created_at"])
    .where((eb) => eb.or([eb("id", ">", BigInt(query.afterId)), eb("created_at", ">", query.createdAfter)]))
    .where("name", "in", [...query.names])
    .orderBy("id")
    .limit(query.limit)
    .execute();
  return rows.map(toEventRow);
}

/** The newest event id of all, 0 when there is none. */
export async function findNewestEventId(db: Db): Promise<number> {
  const row = await tables(db)
    .selectFrom("realtime_events")
    .select((eb) => eb.fn.max("id").as("lastId"))
    .executeTakeFirst();
  return row?.lastId === null || row?.lastId === undefined ? 0 : Number(row.lastId);
}

/** Deletes up to `batchSize` events older than the retention period; returns how many went. */
export async function deleteEventsOlderThan(db: Db, days: number, batchSize: number): Promise<number> {
  const result = await sql`
    DELETE FROM realtime_events WHERE id IN (
      SELECT id FROM realtime_events
      WHERE created_at < now() - make_interval(days => ${days})
      ORDER BY created_at
      LIMIT ${batchSize}
    )
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
