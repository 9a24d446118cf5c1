import { type JobContext, pollDeadline } from "../../../platform/index.ts";

const POLL_EVERY_MS = 2_000;

/**
 * Set when this process shuts down (the app's onClose, before the job runtime stops): the polls
 * return at once instead of running on against a closing database.
 */
let isStopping = false;
export function stopFeedPolling(): void {
  isStopping = true;
}

export interface FeedPoll {
  /** One pass over the feed; the ids of the deliveries it queued. */
  fanOut: (context: JobContext) => Promise<number[]>;
  /** Pending deliveries whose job was lost (a process stopped). */
  overdue: (context: JobContext) => Promise<number[]>;
  /** The delivery job's queue, sent `{ deliveryId }`. */
  deliverJob: string;
}

/**
 * Started every minute, it reads the feed every two seconds until the next run is surely queued
 * (pollDeadline: no gap between runs, so a trade event reaches its webhook within seconds) and queues one delivery job per new delivery after
 * the fan-out commits. It also re-sends deliveries whose job was lost. Two of them at once are
 * harmless: the cursor is read by one at a time, and a delivery is claimed before it is sent.
 */
export async function pollFeed(context: JobContext, poll: FeedPoll): Promise<void> {
  const until = pollDeadline(Date.now());
  while (!isStopping) {
    const queued = await poll.fanOut(context);
    const overdue = await poll.overdue(context);
    for (const id of new Set([...queued, ...overdue])) await context.send(poll.deliverJob, { deliveryId: id });
    if (Date.now() + POLL_EVERY_MS > until) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
}
