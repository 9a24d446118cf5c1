import type { Locale } from "@souk/contracts";
import { type Generated, type Selectable, sql } from "kysely";
import nodemailer from "nodemailer";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/pool.ts";
import type { JobQueue } from "../../platform/index.ts";
import { type MailTemplate, renderMail } from "./mail.templates.ts";

export const DELIVER_MAIL_JOB = "mail.deliver";
/** After this many failed attempts a mail stays `failed` (visible in the dev mailbox and mail:list). */
export const MAIL_MAX_ATTEMPTS = 5;

interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  template: string;
  locale: string;
  subject: string;
  body_text: string;
  body_html: string;
  status: Generated<"pending" | "sent" | "failed" | "held">;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}
export type MailRow = Selectable<MailOutboxTable>;

function tables(db: Db | Tx) {
  return db.withTables<{ mail_outbox: MailOutboxTable }>();
}

export interface MailRequest {
  to: string;
  template: MailTemplate;
  locale: Locale;
  vars: Record<string, string>;
}

/**
 * The one door for outgoing mail. Writes the rendered mail into the outbox inside the caller's
 * transaction and sends the delivery job once that commits: a rolled-back action sends nothing,
 * a committed one is never lost (the minute's sweep picks up any pending row).
 */
export async function queueMail(tx: Tx, jobs: JobQueue, mail: MailRequest): Promise<string> {
  const rendered = renderMail(mail.template, mail.locale, mail.vars);
  const row = await tables(tx)
    .insertInto("mail_outbox")
    .values({
      to_address: mail.to,
      template: mail.template,
      locale: mail.locale,
      subject: rendered.subject,
      body_text: rendered.text,
      body_html: rendered.html,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  jobs.sendAfterCommit(tx, { name: DELIVER_MAIL_JOB, data: { mailId: String(row.id) } });
  return String(row.id);
}

/**
 * Delivers every pending mail. Without SMTP_URL rows become `held` (read them in the dev mailbox).
 * A row is claimed with SKIP LOCKED so two workers never send one mail twice at once; a failure
 * counts an attempt and the row stays pending until MAIL_MAX_ATTEMPTS, then `failed`.
 */
export async function deliverPendingMail(db: Db, config: Config): Promise<number> {
  if (!config.SMTP_URL) {
    const held = await tables(db)
      .updateTable("mail_outbox")
      .set({ status: "held" })
      .where("status", "=", "pending")
      .execute();
    return Number(held[0]?.numUpdatedRows ?? 0);
  }
  const transport = nodemailer.createTransport(config.SMTP_URL);
  let sent = 0;
  for (;;) {
    const done = await db.transaction().execute(async (tx) => {
      const row = await tables(tx)
        .selectFrom("mail_outbox")
        .selectAll()
        .where("status", "=", "pending")
        .orderBy("id")
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return null;
      try {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: row.to_address,
          subject: row.subject,
          text: row.body_text,
          html: row.body_html,
        });
        await tables(tx)
          .updateTable("mail_outbox")
          .set({ status: "sent", sent_at: sql`now()`, attempts: row.attempts + 1 })
          .where("id", "=", row.id)
          .execute();
        return true;
      } catch (error) {
        const attempts = row.attempts + 1;
        await tables(tx)
          .updateTable("mail_outbox")
          .set({
            attempts,
            last_error: String(error).slice(0, 500),
            status: attempts >= MAIL_MAX_ATTEMPTS ? "failed" : "pending",
          })
          .where("id", "=", row.id)
          .execute();
        return false;
      }
    });
    if (done === null) break;
    if (done) sent += 1;
    else break; // SMTP trouble: leave the rest for the next run (pg-boss retries on schedule)
  }
  transport.close();
  return sent;
}

/** The outbox, newest first: the dev mailbox and `mail:list`. */
export async function listMail(db: Db, limit = 50): Promise<MailRow[]> {
  return tables(db).selectFrom("mail_outbox").selectAll().orderBy("id", "desc").limit(limit).execute();
}

export async function getMail(db: Db, id: string): Promise<MailRow | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  return tables(db).selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
}
