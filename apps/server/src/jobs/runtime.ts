import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import PgBoss from "pg-boss";
import type { Config } from "../config.ts";
import type { Db } from "../db/pool.ts";
import { approvalActions, ledgerChecks, modules } from "../modules/registry.ts";
import { connectedJobQueue, type JobContext, type JobQueue, type SendJob } from "../platform/index.ts";

export interface JobsOptions {
  ownerUrl: string;
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** false: only send jobs (api role); true: also work them (worker and all roles). */
  isWorker: boolean;
}

/**
 * pg-boss keeps its queues in the same PostgreSQL, so jobs need nothing else installed. It runs
 * with the owner's connection because it manages its own schema. Every module's jobs are
 * registered here; handlers must be idempotent (at-least-once delivery, several workers).
 */
export async function startJobs(options: JobsOptions): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: options.ownerUrl, max: 5 });
  boss.on("error", (error: Error & { code?: string }) => {
    // 57P01: the database is shutting down (Ctrl-C stops the embedded cluster too): not a fault.
    if (error.code === "57P01") return;
    options.log.error({ error: { message: error.message, code: error.code } }, "jobs error");
  });
  await boss.start();
  const context: JobContext = {
    config: options.config,
    db: options.db,
    log: options.log,
    send: sendWith(boss),
    ledgerChecks,
    approvalActions,
  };
  const jobs = modules.flatMap((module) => module.jobs ?? []);
  await withStartupLock(options.ownerUrl, async () => {
    for (const job of jobs) {
      await boss.createQueue(job.name);
      if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: "UTC" });
    }
  });
  for (const job of jobs) {
    if (options.isWorker) {
      await boss.work<Record<string, unknown>>(job.name, async (jobs) => {
        for (const item of jobs) await job.handler(item.data ?? {}, context);
      });
    }
  }
  if (options.isWorker) {
    for (const job of jobs.filter((item) => item.isQueuedAtStart)) {
      await context.send(job.name, {}, { throttleSeconds: 5 });
    }
  }
  return boss;
}

function sendWith(boss: PgBoss): SendJob {
  return async (name, data, sendOptions = {}) => {
    const throttle = sendOptions.throttleSeconds;
    await boss.send(name, data, {
      ...(sendOptions.singletonKey || throttle ? { singletonKey: sendOptions.singletonKey ?? name } : {}),
      ...(throttle ? { singletonSeconds: throttle } : {}),
      ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
    });
  };
}

/** What request handlers queue jobs with in a process that runs pg-boss (see JobQueue). */
export function jobQueueOf(boss: PgBoss, log: FastifyBaseLogger): JobQueue {
  return connectedJobQueue(sendWith(boss), log);
}

// Any constant works; it only has to be the same for every copy.
const JOBS_STARTUP_LOCK_ID = 724_115_002;

/**
 * Queue and schedule creation take locks inside pg-boss; two copies starting at the same moment
 * deadlocked there. One copy at a time sets them up (each step is idempotent).
 */
async function withStartupLock(ownerUrl: string, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [JOBS_STARTUP_LOCK_ID]);
    await work();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [JOBS_STARTUP_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
