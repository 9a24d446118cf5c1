import { sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import type { WebhookFacts } from "./account-webhooks.domain.ts";
import { tables } from "./account-webhooks.tables.ts";

export async function findWebhook(db: Db | Tx, userId: number): Promise<WebhookFacts | null> {
  const row = await tables(db)
    .selectFrom("account_webhooks")
    .select(["url", "status", "error_key", "verified_url", "verified_at", "events"])
    .where("user_id", "=", BigInt(userId))
    .executeTakeFirst();
  if (!row) return null;
  return {
    url: row.url,
    status: row.status,
    errorKey: row.error_key,
    verifiedUrl: row.verified_url,
    verifiedAt: row.verified_at,
    events: row.events,
  };
}

/** The outcome of a challenge: a pass remembers the URL, a failure disables with its key. */
export async function recordVerification(
  db: Db,
  userId: number,
  outcome: { url: string; errorKey: string | null },
): Promise<void> {
  const passed = outcome.errorKey === null;
  const values = passed
    ? { status: "verification" as const, error_key: null, verified_url: outcome.url, verified_at: new Date() }
    : { status: "disabled" as const, error_key: outcome.errorKey, verified_url: null, verified_at: null };
  await tables(db)
    .insertInto("account_webhooks")
    .values({ user_id: BigInt(userId), url: null, events: [], secret: null, failing_since: null, ...values })
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet({
        ...values,
        // Re-verifying the URL already saved keeps the webhook on.
        status: passed
          ? sql<
              "verification" | "enabled"
            >`CASE WHEN account_webhooks.status = 'enabled' AND account_webhooks.url = ${outcome.url} THEN 'enabled' ELSE 'verification' END`
          : values.status,
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** Saves the verified URL and turns the webhook on; a first save checks every event and makes the secret. */
export async function enableWebhook(
  tx: Tx,
  userId: number,
  input: { url: string; allEvents: string[]; newSecret: string },
): Promise<void> {
  await tables(tx)
    .updateTable("account_webhooks")
    .set({
      url: input.url,
      status: "enabled",
      error_key: null,
      failing_since: null,
      events: sql<string[]>`CASE WHEN url IS NULL THEN ${input.allEvents}::text[] ELSE events END`,
      secret: sql<string>`coalesce(secret, ${input.newSecret})`,
      updated_at: new Date(),
    })
    .where("user_id", "=", BigInt(userId))
    .execute();
}

export async function deleteWebhook(tx: Tx, userId: number): Promise<boolean> {
  const result = await tables(tx)
    .deleteFrom("account_webhooks")
    .where("user_id", "=", BigInt(userId))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function setEvents(db: Db, userId: number, events: string[]): Promise<boolean> {
  const result = await tables(db)
    .updateTable("account_webhooks")
    .set({ events, updated_at: new Date() })
    .where("user_id", "=", BigInt(userId))
    .where("url", "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The secret, the first time it is asked for after it was made; null afterwards. */
export async function takeSecretOnce(db: Db, userId: number): Promise<string | null> {
  const row = await tables(db)
    .updateTable("account_webhooks")
    .set({ secret_shown: true })
    .where("user_id", "=", BigInt(userId))
    .where("secret", "is not", null)
    .where("secret_shown", "=", false)
    .returning("secret")
    .executeTakeFirst();
  return row?.secret ?? null;
}

export async function replaceSecret(db: Db, userId: number, secret: string): Promise<boolean> {
  const result = await tables(db)
    .updateTable("account_webhooks")
    .set({ secret, secret_shown: false, updated_at: new Date() })
    .where("user_id", "=", BigInt(userId))
    .where("secret", "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The user's webhook is on and checks this event. */
export async function isReceiving(db: Db | Tx, userId: number, event: string): Promise<boolean> {
  const row = await tables(db)
    .selectFrom("account_webhooks")
    .select("user_id")
    .where("user_id", "=", BigInt(userId))
    .where("status", "=", "enabled")
    .where(sql<boolean>`${event} = ANY(events)`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasAnyEnabled(db: Db): Promise<boolean> {
  const row = await tables(db)
    .selectFrom("account_webhooks")
    .select("user_id")
    .where("status", "=", "enabled")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
