import type { Locale } from "@souk/contracts";
import nodemailer from "nodemailer";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/pool.ts";
import {
  countDeliveryFailures,
  deliverOutbox,
  findInOutbox,
  type JobQueue,
  listOutbox,
  type Outbox,
  type OutboxColumns,
  writeToOutbox,
} from "../../platform/index.ts";
import { type MailTemplate, renderMail } from "./mail.templates.ts";

export const DELIVER_MAIL_JOB = "mail.deliver";

/** mail_outbox: the platform's outbox columns and the rendered mail (docs/decisions/100-mail-outbox.md). */
export interface MailRow extends OutboxColumns {
  to_address: string;
  template: string;
  locale: string;
  subject: string;
  body_text: string;
  body_html: string;
}

/** After five failed attempts a mail stays `failed` (visible in the dev mailbox and mail:list). */
const MAIL_OUTBOX: Outbox = { table: "mail_outbox", job: DELIVER_MAIL_JOB, maxAttempts: 5 };

export interface MailRequest {
  to: string;
  template: MailTemplate;
  locale: Locale;
  vars: Record<string, string>;
}

/**
 * The one door for outgoing mail: the rendered mail is written into the outbox inside the
 * caller's transaction and delivered after it commits.
 */
export async function queueMail(tx: Tx, jobs: JobQueue, mail: MailRequest): Promise<string> {
  const rendered = renderMail(mail.template, mail.locale, mail.vars);
  return writeToOutbox(tx, jobs, MAIL_OUTBOX, {
    to_address: mail.to,
    template: mail.template,
    locale: mail.locale,
    subject: rendered.subject,
    body_text: rendered.text,
    body_html: rendered.html,
  });
}

/**
 * Delivers every pending mail over SMTP_URL; without it rows become `held` (read them in the dev
 * mailbox). Retries and the `failed` state are the platform outbox's.
 */
export async function deliverPendingMail(db: Db, config: Pick<Config, "SMTP_URL" | "MAIL_FROM">): Promise<number> {
  if (!config.SMTP_URL) return deliverOutbox<MailRow>(db, MAIL_OUTBOX, async () => "held");
  const transport = nodemailer.createTransport(config.SMTP_URL);
  try {
    return await deliverOutbox<MailRow>(db, MAIL_OUTBOX, async (row) => {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html,
      });
      return "sent";
    });
  } finally {
    transport.close();
  }
}

/** The outbox, newest first: the dev mailbox and `mail:list`. */
export async function listMail(db: Db, limit = 50): Promise<MailRow[]> {
  return listOutbox<MailRow>(db, MAIL_OUTBOX, limit);
}

export async function getMail(db: Db, id: string): Promise<MailRow | undefined> {
  return findInOutbox<MailRow>(db, MAIL_OUTBOX, id);
}

/** Mail written since `since` that failed at least once (the console's Overview). */
export function countMailFailuresSince(db: Db, since: Date): Promise<number> {
  return countDeliveryFailures(db, { table: MAIL_OUTBOX.table, stateColumn: "status" }, since);
}
