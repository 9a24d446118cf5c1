import type { FastifyBaseLogger } from "fastify";
import { afterCommit } from "../db/pool.ts";
import type { JobQueue, JobSendOptions } from "./module.ts";

export type SendJob = (name: string, data: object, options?: JobSendOptions) => Promise<void>;

/** The queue of a process that runs the job runtime (roles `all` and `api`): `send` reaches pg-boss. */
export function connectedJobQueue(send: SendJob, log: FastifyBaseLogger): JobQueue {
  return {
    sendAfterCommit(tx, job) {
      afterCommit(tx, () => {
        send(job.name, job.data, job.options).catch((error: unknown) => {
          // Nothing is lost: the work is a committed row, and the job's sweep finds it.
          log.warn({ err: error, job: job.name }, "job not queued after commit; its sweep will pick the work up");
        });
      });
    },
  };
}

/**
 * The queue of a process without a job runtime (API tests, tools). Nothing is sent: the scheduled
 * sweep of a worker finds the work. The transaction is still checked, so that a call outside
 * withTx fails here as it would in production.
 */
export const disconnectedJobQueue: JobQueue = {
  sendAfterCommit(tx) {
    afterCommit(tx, () => {});
  },
};

/**
 * A user's wallet moved: a deposit, a send, a bond (wallet, after the commit; data `{ ownerId }`).
 * The offers module, which the wallet may not call, brings the user's offers in line with it at
 * once (buy offers with the bond, sell offers with the balance). Named here so that neither module
 * imports the other.
 */
export const OWNER_FUNDS_CHANGED_JOB = "offers.owner-funds-changed";

/**
 * How long a poll started by an every-minute schedule keeps reading: until `POLL_OVERLAP_MS` past
 * the next whole minute. pg-boss sends a scheduled job some time after the minute (it looks at its
 * schedules every 30 seconds), and a queue works one job at a time: a poll that stopped before the
 * next one was queued left the feed unread for up to half a minute, every minute (a trade
 * notification arriving 10 to 40 seconds late). Reading past the next run's arrival means that run
 * is already waiting when this one returns; it reads from there to the minute after, so the queue
 * never holds more than one (docs/decisions/113-feed-polls-without-gaps.md).
 */
const POLL_OVERLAP_MS = 45_000;

export function pollDeadline(startedAt: number): number {
  const nextMinute = Math.floor(startedAt / 60_000) * 60_000 + 60_000;
  return nextMinute + POLL_OVERLAP_MS;
}
