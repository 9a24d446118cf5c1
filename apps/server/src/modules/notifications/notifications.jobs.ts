import { type JobContext, type JobDefinition, pollDeadline } from "../../platform/index.ts";
import { notifyFromFeed } from "./notifications.feed.ts";
import { jobQueueOf, mailNotifications } from "./notifications.mail.ts";
import { pushNotifications } from "./push.service.ts";
import { botApiOf, readTelegramUpdates, sendTelegramNotifications } from "./telegram.service.ts";

/** Telegram's turn of the poll: a Bot API that is down is logged and tried again next turn. */
async function telegramTurn(context: JobContext): Promise<void> {
  const api = botApiOf(context.config);
  if (!api) return;
  try {
    await readTelegramUpdates(context.db, api);
    await sendTelegramNotifications(context.db, api, context.config);
  } catch (error) {
    context.log.warn({ error: (error as Error).message }, "Telegram Bot API unavailable; trying again");
  }
}

const POLL_EVERY_MS = 1_000;

/** Set when the process shuts down, so the poll returns at once instead of running on. */
let isStopping = false;
export function stopNotificationPolling(): void {
  isStopping = true;
}

/**
 * Started every minute (and at a worker's start), it reads the feed every second until the next
 * run is surely queued (pollDeadline), so a trade change reaches the other party's bell within
 * seconds at any moment of the minute, and hands what
 * the e-mail channel should send (digests when they are due) to the mail outbox.
 */
async function pollFeed(context: JobContext): Promise<void> {
  const until = pollDeadline(Date.now());
  const jobs = jobQueueOf(context);
  while (!isStopping) {
    const written = await notifyFromFeed(context.db);
    if (written > 0) context.log.debug({ written }, "trade notifications written");
    const mailed = await mailNotifications(context.db, jobs, context.config);
    if (mailed > 0) context.log.debug({ mailed }, "notification mails queued");
    await telegramTurn(context);
    const pushed = await pushNotifications(context.db, context.config);
    if (pushed.delivered + pushed.gone + pushed.retry + pushed.given_up > 0) context.log.debug(pushed, "pushes sent");
    if (Date.now() + POLL_EVERY_MS > until) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
}

export const notificationJobs: JobDefinition[] = [
  {
    name: "notifications.trade-feed",
    schedule: "* * * * *",
    isQueuedAtStart: true,
    handler: (_data, context) => pollFeed(context),
  },
];
