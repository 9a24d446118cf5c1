import type { Config } from "../../config.ts";
import { afterCommit, type Db, type Tx, withTx } from "../../db/pool.ts";
import type { JobContext, JobQueue } from "../../platform/index.ts";
import { mailLocaleOf, queueMail } from "../mail/index.ts";
import { amountsIn, headlineIn, openLabelIn, timeLeftIn } from "./notifications.copy.ts";
import { planMail } from "./notifications.mail-plan.ts";
import * as repo from "./notifications.repo.ts";

const BATCH = 200;

function siteUrl(config: Config, path: string): string {
  const base = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  return `${base.replace(/\/$/, "")}${path}`;
}

async function mailOne(tx: Tx, jobs: JobQueue, config: Config, row: repo.PendingRow, now: Date): Promise<void> {
  const locale = mailLocaleOf(row.locale);
  await queueMail(tx, jobs, {
    to: row.email,
    template: "notification",
    locale,
    vars: {
      headline: headlineIn(locale, row.event, row.payload),
      details: amountsIn(locale, row.payload),
      timeLeft: timeLeftIn(locale, row.payload, now),
      link: siteUrl(config, row.payload.link),
      open: openLabelIn(locale, row.event),
    },
  });
}

async function mailDigest(tx: Tx, jobs: JobQueue, config: Config, rows: repo.PendingRow[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const locale = mailLocaleOf(first.locale);
  const messages = rows.map((row) => `> ${row.payload.text ?? headlineIn(locale, row.event, row.payload)}`);
  await queueMail(tx, jobs, {
    to: first.email,
    // A conversation's messages say so; the rest are a trade's chat.
    template: first.event === "messenger.message_received" ? "direct-messages" : "trade-messages",
    locale,
    vars: {
      counterparty: first.payload.counterparty ?? "",
      messages: messages.join("\n"),
      link: siteUrl(config, first.payload.link),
    },
  });
}

/**
 * The e-mail channel: every pending notification goes through the mail outbox (`queueMail`, in
 * this pass's transaction), a trade's chat messages (and a conversation's direct messages) as one digest per the recipient's
 * notifyTradeMessagesInterval. Handled rows get `emailed_at`; returns how many mails were queued.
 */
export async function mailNotifications(db: Db, jobs: JobQueue, config: Config, now = new Date()): Promise<number> {
  return withTx(db, async (tx) => {
    const rows = await repo.claimPending(tx, "email", BATCH);
    const plan = planMail(rows, now);
    const handled: bigint[] = [];
    for (const row of plan.singles) {
      if (row.email) await mailOne(tx, jobs, config, row, now);
      handled.push(row.id);
    }
    for (const digest of plan.digests) {
      if (digest[0]?.email) await mailDigest(tx, jobs, config, digest);
      handled.push(...digest.map((row) => row.id));
    }
    await repo.markHandled(tx, "email", handled);
    return plan.singles.length + plan.digests.length;
  });
}

/** A job's way to queue jobs after this pass commits (the mail module's sweep is the safety net). */
export function jobQueueOf(context: JobContext): JobQueue {
  return {
    sendAfterCommit(tx, job) {
      afterCommit(tx, () => {
        context.send(job.name, job.data, job.options).catch((error: Error) => {
          context.log.warn({ error: error.message, job: job.name }, "a job after the notifications' mail was not sent");
        });
      });
    },
  };
}
