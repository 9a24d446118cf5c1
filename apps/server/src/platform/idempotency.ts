import { createHash } from "node:crypto";
import { ErrorCode, IDEMPOTENCY_HEADER } from "@souk/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type Generated, sql } from "kysely";
import type { Db } from "../db/pool.ts";
import { DomainError, inputError } from "./errors.ts";

/**
 * The records commit without waiting for their WAL flush (each is a statement of its own, so the
 * setting covers just it). Losing one in a crash is safe because the handler's effect is keyed on
 * its own (see claimIdempotencyKey): a retry then runs the handler again, which finds its effect
 * done and answers with it. What this saves is two disk flushes on every keyed request.
 */
const ASYNC_COMMIT = sql`set_config('synchronous_commit', 'off', true) AS async_commit`;

/** After this long an unfinished record is taken to belong to a crashed request and may be retried. */
export const IDEMPOTENCY_STALE_AFTER_SECONDS = 60;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

type IdempotencyTables = {
  idempotency_keys: {
    user_id: number;
    key: string;
    request_hash: string;
    state: "in_progress" | "completed";
    status_code: Generated<number | null>;
    response_body: Generated<string | null>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
};

export interface IdempotencyClaim {
  userId: number;
  key: string;
}

function tables(db: Db) {
  return db.withTables<IdempotencyTables>();
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function requestHash(request: FastifyRequest): string {
  return createHash("sha256")
    .update(
      `${request.method} ${request.routeOptions.url}\n${canonicalJson(request.params)}\n${canonicalJson(request.body)}`,
    )
    .digest("hex");
}

/**
 * Claims the key for this request. Returns true when the handler should run; false when a stored
 * answer was replayed. The handler's own effect must also be keyed (the ledger stores the key
 * with each transfer), so a request retried after a crash between commit and answer still moves
 * money once.
 */
export async function claimIdempotencyKey(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return true;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_PATTERN.test(key)) throw inputError({ idempotencyKey: ["idempotency_key_invalid"] });
  const viewer = request.viewer;
  if (!viewer) return true;
  const hash = requestHash(request);
  const inserted = await sql<{ key: string }>`
    INSERT INTO idempotency_keys (user_id, key, request_hash, state)
    SELECT ${viewer.userId}::bigint, ${key}, ${hash}, 'in_progress' FROM ${ASYNC_COMMIT}
    ON CONFLICT (user_id, key) DO NOTHING RETURNING key`
    .execute(db)
    .then((result) => result.rows[0]);
  if (inserted) {
    request.idempotency = { userId: viewer.userId, key };
    return true;
  }
  const existing = await tables(db)
    .selectFrom("idempotency_keys")
    .select(["request_hash", "state", "status_code", "response_body"])
    .select(sql<number>`extract(epoch FROM now() - updated_at)::float8`.as("age_seconds"))
    .where("user_id", "=", viewer.userId)
    .where("key", "=", key)
    .executeTakeFirst();
  if (!existing) return claimIdempotencyKey(db, request, reply);
  if (existing.request_hash !== hash) {
    throw new DomainError(
      ErrorCode.IDEMPOTENCY_KEY_REUSED,
      "validation",
      "This Idempotency-Key was used for a different request.",
      { idempotencyKey: ["idempotency_key_reused"] },
    );
  }
  if (existing.state === "completed") {
    reply
      .code(existing.status_code ?? 200)
      .header("content-type", "application/json; charset=utf-8")
      .header("idempotent-replayed", "true");
    await reply.send(existing.response_body ?? "null");
    return false;
  }
  const takenOver = await tables(db)
    .updateTable("idempotency_keys")
    .set({ updated_at: sql`now()` })
    .where("user_id", "=", viewer.userId)
    .where("key", "=", key)
    .where("state", "=", "in_progress")
    .where("updated_at", "<", sql<Date>`now() - make_interval(secs => ${IDEMPOTENCY_STALE_AFTER_SECONDS})`)
    .returning("key")
    .executeTakeFirst();
  if (!takenOver) {
    // A request that crashed holds its key until the record goes stale: say when a retry can run.
    const retryAfter = Math.max(1, Math.ceil(IDEMPOTENCY_STALE_AFTER_SECONDS - Number(existing.age_seconds)));
    throw new DomainError(
      ErrorCode.IDEMPOTENCY_IN_PROGRESS,
      "conflict",
      "A request with this Idempotency-Key is still running.",
      { retryAfter },
    );
  }
  request.idempotency = { userId: viewer.userId, key };
  return true;
}

/** Stores the answer for replay, or frees the key after a server failure so a retry can run. */
export async function settleIdempotencyKey(
  db: Db,
  claim: IdempotencyClaim,
  statusCode: number,
  body: string,
): Promise<void> {
  if (statusCode >= 500) {
    await sql`DELETE FROM idempotency_keys USING ${ASYNC_COMMIT}
      WHERE user_id = ${claim.userId}::bigint AND key = ${claim.key}`.execute(db);
    return;
  }
  await sql`
    UPDATE idempotency_keys
    SET state = 'completed', status_code = ${statusCode}::integer, response_body = ${body}, updated_at = now()
    FROM ${ASYNC_COMMIT}
    WHERE user_id = ${claim.userId}::bigint AND key = ${claim.key}`.execute(db);
}
