import { EXPORTS_ACTIVE_MAX } from "@souk/contracts";
import { sql } from "kysely";
import type PgBoss from "pg-boss";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTx } from "../src/db/pool.ts";
import { jobQueueOf, startJobs } from "../src/jobs/runtime.ts";
import { connectedJobQueue, disconnectedJobQueue, type JobQueue, type JobRequest } from "../src/platform/index.ts";
import type { TestApp } from "./harness.ts";
import { createOffer, createTrader, createTradesTestApp, fund } from "./races/trade-fixtures.ts";

/**
 * Request handlers queue jobs after their transaction commits (AppDeps.jobs): an export's job as
 * soon as the export is created, a trade's exact expiry as soon as it starts. A refused request
 * queues nothing. First against a queue that records what reaches it, then against pg-boss.
 */

const log = pino({ level: "silent" });
const sent: JobRequest[] = [];
const recording = connectedJobQueue(async (name, data, options) => {
  sent.push({ name, data, ...(options ? { options } : {}) });
}, log);
// The app is built before pg-boss can start on its database; the last test switches to pg-boss.
let target: JobQueue = recording;
const jobs: JobQueue = { sendAfterCommit: (tx, job) => target.sendAfterCommit(tx, job) };

let t: TestApp;
let boss: PgBoss | null = null;

beforeAll(async () => {
  t = await createTradesTestApp({}, { jobs });
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await t.close();
});

const today = new Date().toISOString().slice(0, 10);
const requestExport = (user: Awaited<ReturnType<typeof createTrader>>) =>
  user.client.post("/rest/v1/trade-history/exports", { format: "csv", startDate: today, endDate: today });

async function serialIdOf(idHashed: string): Promise<string> {
  const result = await sql<{ id: string }>`
    SELECT id::text AS id FROM trades WHERE id_hashed = ${idHashed}`.execute(t.ownerDb);
  return result.rows[0]?.id ?? "";
}

describe("jobs queued by requests, after the commit", () => {
  it("queues the job of a new export with its id, and the export waits for it as pending", async () => {
    const user = await createTrader(t);
    const created = await requestExport(user);
    expect(created.status, created.text).toBe(202);
    expect(created.body.data.status).toBe("pending");
    expect(sent.filter((job) => job.name === "exports.generate")).toContainEqual({
      name: "exports.generate",
      data: { exportId: created.body.data.id },
    });
  });

  it("queues nothing for an export the request refused (its transaction rolled back)", async () => {
    const user = await createTrader(t);
    const before = sent.length;
    for (let i = 0; i < EXPORTS_ACTIVE_MAX; i += 1) expect((await requestExport(user)).status).toBe(202);
    expect(sent.length).toBe(before + EXPORTS_ACTIVE_MAX);
    expect((await requestExport(user)).status).toBe(409);
    expect(sent.length).toBe(before + EXPORTS_ACTIVE_MAX);
  });

  it("queues a started trade's exact expiry for the end of its payment window", async () => {
    const [seller, buyer] = await Promise.all([createTrader(t), createTrader(t)]);
    await fund(t.db, seller.id, "USDT", "500");
    const offerId = await createOffer(seller);
    const started = await buyer.client.post("/rest/v1/trade", { offerId, fiatAmount: "100" });
    expect(started.status, started.text).toBe(200);
    const tradeId = await serialIdOf(started.body.data.id);
    const job = sent.find(
      (candidate) =>
        candidate.name === "trades.expire-trade" &&
        candidate.data &&
        (candidate.data as { tradeId?: string }).tradeId === tradeId,
    );
    expect(job?.options?.singletonKey).toBe(`trade-expire-${tradeId}`);
    const windowSeconds = (Number(started.body.data.expiresAt.timestamp) * 1000 - Date.now()) / 1000;
    expect(Math.abs((job?.options?.startAfterSeconds ?? 0) - windowSeconds)).toBeLessThan(5);
  });

  it("queues no expiry for a start that failed", async () => {
    const [seller, buyer] = await Promise.all([createTrader(t), createTrader(t)]);
    await fund(t.db, seller.id, "USDT", "500");
    const offerId = await createOffer(seller);
    const before = sent.filter((job) => job.name === "trades.expire-trade").length;
    // More than the seller holds: the escrow hold is refused and the start rolls back.
    const refused = await buyer.client.post("/rest/v1/trade", { offerId, fiatAmount: "1000" });
    expect(refused.status).toBe(409);
    expect(sent.filter((job) => job.name === "trades.expire-trade").length).toBe(before);
  });

  it("sends after the commit, and never for a transaction that rolled back", async () => {
    const job = { name: "exports.generate", data: { probe: "committed" } };
    await withTx(t.db, async (tx) => {
      jobs.sendAfterCommit(tx, job);
      expect(sent).not.toContainEqual(job);
    });
    expect(sent).toContainEqual(job);
    const lost = { name: "exports.generate", data: { probe: "rolled back" } };
    await expect(
      withTx(t.db, async (tx) => {
        jobs.sendAfterCommit(tx, lost);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(sent).not.toContainEqual(lost);
  });

  it("is refused outside a transaction of withTx, as afterCommit is", async () => {
    const tx = await t.db.startTransaction().execute();
    try {
      expect(() => disconnectedJobQueue.sendAfterCommit(tx, { name: "exports.generate", data: {} })).toThrow(/withTx/);
    } finally {
      await tx.rollback().execute();
    }
  });

  it("reaches pg-boss, whose worker makes the export at once rather than at the next sweep", async () => {
    boss = await startJobs({ ownerUrl: t.databaseUrl, config: t.config, db: t.db, log, isWorker: true });
    target = jobQueueOf(boss, log);
    const user = await createTrader(t);
    const created = await requestExport(user);
    expect(created.status).toBe(202);
    const exportId = created.body.data.id as string;
    const deadline = Date.now() + 20_000;
    let status = "pending";
    while (status === "pending" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await user.client.get(`/rest/v1/trade-history/exports/${exportId}`)).body.data.status;
    }
    // The user has no trades in the range: the job ran and found nothing to write.
    expect(status).toBe("no_data");
    // It was this export's own job (the sweep's has no id), queued once.
    const queued = await sql<{ n: number }>`
      SELECT count(*)::integer AS n FROM pgboss.job
      WHERE name = 'exports.generate' AND data ->> 'exportId' = ${exportId}`.execute(t.ownerDb);
    expect(queued.rows[0]?.n).toBe(1);
  });
});
