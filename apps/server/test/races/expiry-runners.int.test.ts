import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../../src/db/pool.ts";
import {
  cancelTrade,
  expireDueTrades,
  markPaid,
  releaseTrade,
  startTrade,
  tradesModule,
} from "../../src/modules/trades/index.ts";
import { type Features, type JobContext, parseFeatureFlags } from "../../src/platform/index.ts";
import type { TestApp } from "../harness.ts";
import {
  advanceTradeClock,
  barrier,
  createOffer,
  createTrader,
  createTradesTestApp,
  expectLedgerHolds,
  fund,
  type TestUser,
} from "./trade-fixtures.ts";

/**
 * docs/reliability.md#i11-timed-transitions-are-safe-to-repeat: timed transitions are safe to run
 * many times and concurrently. Four expiry
 * runners (one of them the scheduled job's handler itself) run at once with buyers cancelling and
 * paying and sellers releasing: each trade expires at most once, only unpaid trades past their
 * window expire, and a paid trade never does.
 */

const features: Features = parseFeatureFlags(undefined);
const options = { features };

let t: TestApp;
let runners: { db: Db; close(): Promise<void> };
let seller: TestUser;
let buyer: TestUser;
let offerId: string;

beforeAll(async () => {
  t = await createTradesTestApp();
  runners = openDatabase(t.databaseUrl, { poolSize: 30 });
  [seller, buyer] = await Promise.all([createTrader(t), createTrader(t, { login: false })]);
  await fund(t.db, seller.id, "USDT", "100000");
  offerId = await createOffer(seller);
});
afterAll(async () => {
  await runners.close();
  await expectLedgerHolds(t.ownerDb);
  await t.close();
});

async function open(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push((await startTrade(t.db, buyer.viewer, { offerId, fiatAmount: "10" }, options)).id);
  return ids;
}

async function statusOf(ids: string[]): Promise<Map<string, string>> {
  const rows = await sql<{ id_hashed: string; status: string }>`
    SELECT id_hashed, status FROM trades WHERE id_hashed = ANY(${ids}::text[])`.execute(t.ownerDb);
  return new Map(rows.rows.map((row) => [row.id_hashed, row.status]));
}

/** Per trade: how many expiry events and how many escrow settlements it has. */
async function onceChecks(ids: string[]): Promise<void> {
  const rows = await sql<{ id_hashed: string; expiries: number; settlements: number; status: string }>`
    SELECT t.id_hashed, t.status,
      (SELECT count(*)::integer FROM trade_events e WHERE e.trade_id = t.id AND e.name = 'expired') AS expiries,
      (SELECT count(*)::integer FROM ledger_transfers l WHERE l.reference_type = 'trade' AND l.reference_id = t.id::text
        AND l.kind IN ('escrow_post', 'escrow_void')) AS settlements
    FROM trades t WHERE t.id_hashed = ANY(${ids}::text[])`.execute(t.ownerDb);
  for (const row of rows.rows) {
    expect(row.expiries, row.id_hashed).toBeLessThanOrEqual(1);
    expect(row.settlements, row.id_hashed).toBe(["active_funded", "paid", "dispute_open"].includes(row.status) ? 0 : 1);
  }
}

function jobContext(db: Db, sent: { name: string; data: object }[]): JobContext {
  const quiet = { info() {}, warn() {}, error() {}, debug() {} };
  return {
    config: t.config,
    db,
    log: quiet as unknown as JobContext["log"],
    async send(name, data) {
      sent.push({ name, data });
    },
  };
}

describe("four expiry runners with user actions", { timeout: 300_000 }, () => {
  it("expires each due unpaid trade once, and never a paid one", async () => {
    const due = await open(20);
    const paidLate = await open(20);
    const fresh = await open(20);
    for (const id of paidLate) await markPaid(t.db, buyer.viewer, id, options);
    for (const id of [...due, ...paidLate]) await advanceTradeClock(t.ownerDb, 31 * 60, id);

    const job = tradesModule.jobs?.find((definition) => definition.name === "trades.expire");
    if (!job) throw new Error("the trades.expire job is not registered");
    const sent: { name: string; data: object }[] = [];
    const runnersOf = [
      () => expireDueTrades(runners.db),
      () => expireDueTrades(runners.db),
      () => expireDueTrades(runners.db),
      () => job.handler({}, jobContext(runners.db, sent)),
    ];
    const actions = [
      ...due.slice(0, 10).map((id) => () => cancelTrade(runners.db, buyer.viewer, id, options)),
      ...fresh.slice(0, 10).map((id) => () => markPaid(runners.db, buyer.viewer, id, options)),
      ...paidLate
        .slice(0, 10)
        .map(
          (id) => () =>
            releaseTrade(runners.db, seller.viewer, id, {}, { ...options, assertSecondFactor: async () => {} }),
        ),
    ];
    const gate = barrier(runnersOf.length + actions.length);
    const outcomes = await Promise.allSettled(
      [...runnersOf, ...actions].map(async (run) => {
        await gate();
        return run();
      }),
    );
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect((outcome.reason as { kind?: string }).kind).toBe("conflict");
    }

    const statuses = await statusOf([...due, ...paidLate, ...fresh]);
    for (const id of due) expect(["expired", "cancelled_buyer"]).toContain(statuses.get(id));
    for (const id of paidLate) expect(["paid", "released"]).toContain(statuses.get(id));
    for (const id of paidLate.slice(0, 10)) expect(statuses.get(id)).toBe("released");
    for (const id of fresh) expect(["active_funded", "paid"]).toContain(statuses.get(id));
    for (const id of fresh.slice(0, 10)) expect(statuses.get(id)).toBe("paid");
    await onceChecks([...due, ...paidLate, ...fresh]);

    // A second round at a clock a week ahead: every unpaid trade is due, the paid ones are not.
    const weekAhead = new Date(Date.now() + 7 * 86_400_000);
    const gate2 = barrier(4);
    const results = await Promise.all(
      Array.from({ length: 4 }, async () => {
        await gate2();
        return expireDueTrades(runners.db, weekAhead);
      }),
    );
    const after = await statusOf([...due, ...paidLate, ...fresh]);
    const stillOpen = fresh.slice(10).filter((id) => statuses.get(id) === "active_funded");
    expect(results.reduce((sum, r) => sum + r.expired, 0)).toBe(stillOpen.length);
    for (const id of stillOpen) expect(after.get(id)).toBe("expired");
    for (const id of [...paidLate, ...fresh.slice(0, 10)]) expect(after.get(id)).not.toBe("expired");
    await onceChecks([...due, ...paidLate, ...fresh]);
    await expectLedgerHolds(t.ownerDb);
  });

  it("queues an exact expiry job for each trade due before the next sweep", async () => {
    const [soon] = await open(1);
    await sql`UPDATE trades SET expires_at = now() + interval '20 seconds' WHERE id_hashed = ${soon}`.execute(
      t.ownerDb,
    );
    const job = tradesModule.jobs?.find((definition) => definition.name === "trades.expire");
    const sent: { name: string; data: object }[] = [];
    await job?.handler({}, jobContext(t.db, sent));
    const id = await sql<{ id: string }>`SELECT id::text AS id FROM trades WHERE id_hashed = ${soon}`.execute(
      t.ownerDb,
    );
    expect(sent).toContainEqual({ name: "trades.expire-trade", data: { tradeId: id.rows[0]?.id } });
    const exact = tradesModule.jobs?.find((definition) => definition.name === "trades.expire-trade");
    // Not due yet: the exact job does nothing; once due it expires the trade, and again does nothing.
    await exact?.handler({ tradeId: id.rows[0]?.id }, jobContext(t.db, []));
    expect((await statusOf([soon ?? ""])).get(soon ?? "")).toBe("active_funded");
    await sql`UPDATE trades SET expires_at = now() - interval '1 second' WHERE id_hashed = ${soon}`.execute(t.ownerDb);
    await exact?.handler({ tradeId: id.rows[0]?.id }, jobContext(t.db, []));
    await exact?.handler({ tradeId: id.rows[0]?.id }, jobContext(t.db, []));
    await exact?.handler({ tradeId: "not a number" }, jobContext(t.db, []));
    expect((await statusOf([soon ?? ""])).get(soon ?? "")).toBe("expired");
    await onceChecks([soon ?? ""]);
  });
});
