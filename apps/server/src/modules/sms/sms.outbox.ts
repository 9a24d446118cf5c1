import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/pool.ts";
import {
  deliverOutbox,
  type JobQueue,
  listOutbox,
  type Outbox,
  type OutboxColumns,
  writeToOutbox,
} from "../../platform/index.ts";
import { type SmsChannel, smsAdapterFor } from "./sms.adapters.ts";

export const DELIVER_SMS_JOB = "sms.deliver";

/** sms_outbox: the platform's outbox columns and the message. */
export interface SmsRow extends OutboxColumns {
  to_phone: string;
  body: string;
  channel: SmsChannel;
}

/** After five failed attempts a message stays `failed` (visible in sms:list). */
const SMS_OUTBOX: Outbox = { table: "sms_outbox", job: DELIVER_SMS_JOB, maxAttempts: 5 };

export interface SmsRequest {
  /** E.164, as libphonenumber-js formats it. */
  to: string;
  text: string;
  channel?: SmsChannel;
}

/**
 * The one door for text messages (phone verification, and two-factor codes by SMS): written into
 * the outbox in the caller's transaction and delivered after it commits.
 */
export async function sendSms(tx: Tx, jobs: JobQueue, message: SmsRequest): Promise<string> {
  return writeToOutbox(tx, jobs, SMS_OUTBOX, {
    to_phone: message.to,
    body: message.text,
    channel: message.channel ?? "sms",
  });
}

/**
 * Hands every pending message to the configured adapter: the HTTP gateway, or the dev adapter
 * that keeps it `held` in the outbox. Returns how many messages left the `pending` state.
 */
export async function deliverPendingSms(
  db: Db,
  config: Pick<Config, "SMS_GATEWAY_URL" | "SMS_GATEWAY_TOKEN">,
): Promise<number> {
  const adapter = smsAdapterFor(config);
  return deliverOutbox<SmsRow>(db, SMS_OUTBOX, (row) =>
    adapter.deliver({ id: String(row.id), to: row.to_phone, body: row.body, channel: row.channel }),
  );
}

/** The outbox, newest first: `sms:list` and the tests' reading of dev codes. */
export async function listSms(db: Db, limit = 50): Promise<SmsRow[]> {
  return listOutbox<SmsRow>(db, SMS_OUTBOX, limit);
}
