import { type Generated, type Selectable, sql } from "kysely";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/pool.ts";
import type { JobQueue } from "../../platform/index.ts";
import { type SmsChannel, smsAdapterFor } from "./sms.adapters.ts";

export const DELIVER_SMS_JOB = "sms.deliver";
/** After this many failed attempts a message stays `failed` (visible in sms:list). */
const SMS_MAX_ATTEMPTS = 5;

interface SmsOutboxTable {
  id: Generated<bigint>;
  to_phone: string;
  body: string;
  channel: Generated<SmsChannel>;
  status: Generated<"pending" | "sent" | "failed" | "held">;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}
export type SmsRow = Selectable<SmsOutboxTable>;

const outbox = (db: Db | Tx) => db.withTables<{ sms_outbox: SmsOutboxTable }>();

export interface SmsRequest {
  /** E.164, as libphonenumber-js formats it. */
  to: string;
  text: string;
  channel?: SmsChannel;
}

/**
 * The one door for text messages (phone verification, and two-factor codes by SMS): written into
 * the outbox in the caller's transaction and delivered by a job once that commits, so a
 * rolled-back action sends nothing and a committed one is never lost.
 */
export async function sendSms(tx: Tx, jobs: JobQueue, message: SmsRequest): Promise<string> {
  const row = await outbox(tx)
    .insertInto("sms_outbox")
    .values({ to_phone: message.to, body: message.text, channel: message.channel ?? "sms" })
    .returning("id")
    .executeTakeFirstOrThrow();
  jobs.sendAfterCommit(tx, { name: DELIVER_SMS_JOB, data: { smsId: String(row.id) } });
  return String(row.id);
}

/** Claims the oldest pending message (SKIP LOCKED: two workers never hand one message over twice at once). */
async function claimPending(tx: Tx): Promise<SmsRow | undefined> {
  return outbox(tx)
    .selectFrom("sms_outbox")
    .selectAll()
    .where("status", "=", "pending")
    .orderBy("id")
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/**
 * Hands every pending message to the configured adapter. A failure counts an attempt and leaves
 * the message pending (until SMS_MAX_ATTEMPTS, then `failed`) and stops the run: the gateway is
 * in trouble, the next run retries. Returns how many messages left the outbox's `pending` state.
 */
export async function deliverPendingSms(
  db: Db,
  config: Pick<Config, "SMS_GATEWAY_URL" | "SMS_GATEWAY_TOKEN">,
): Promise<number> {
  const adapter = smsAdapterFor(config);
  let handled = 0;
  for (;;) {
    const outcome = await db.transaction().execute(async (tx) => {
      const row = await claimPending(tx);
      if (!row) return "empty" as const;
      const id = String(row.id);
      const attempts = row.attempts + 1;
      try {
        const status = await adapter.deliver({ id, to: row.to_phone, body: row.body, channel: row.channel });
        const sentAt = status === "sent" ? sql<Date>`now()` : null;
        await outbox(tx)
          .updateTable("sms_outbox")
          .set({ status, attempts, sent_at: sentAt })
          .where("id", "=", row.id)
          .execute();
        return "done" as const;
      } catch (error) {
        const status = attempts >= SMS_MAX_ATTEMPTS ? "failed" : "pending";
        const lastError = String(error).slice(0, 500);
        await outbox(tx)
          .updateTable("sms_outbox")
          .set({ status, attempts, last_error: lastError })
          .where("id", "=", row.id)
          .execute();
        return "failed" as const;
      }
    });
    if (outcome !== "done") return handled;
    handled += 1;
  }
}

/** The outbox, newest first: `sms:list` and the tests' reading of dev codes. */
export async function listSms(db: Db, limit = 50): Promise<SmsRow[]> {
  return outbox(db).selectFrom("sms_outbox").selectAll().orderBy("id", "desc").limit(limit).execute();
}
