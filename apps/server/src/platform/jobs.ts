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
