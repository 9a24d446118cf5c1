import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../../src/db/pool.ts";
import { getEscrowState } from "../../src/modules/ledger/index.ts";
import {
  cancelTrade,
  expireDueTrades,
  type Features,
  markPaid,
  openDispute,
  releaseTrade,
  resolveDispute,
  startTrade,
} from "../../src/modules/trades/index.ts";
import { DomainError, parseFeatureFlags } from "../../src/platform/index.ts";
import type { TestApp } from "../harness.ts";
import { outcomeInOrder, type Racer, type Step, serialOutcomes, signature, step } from "./serial-orders.ts";
import {
  barrier,
  createOffer,
  createTrader,
  createTradesTestApp,
  expectLedgerHolds,
  fund,
  type TestUser,
} from "./trade-fixtures.ts";

/**
 * docs/reliability.md#i5-escrow-settles-once: escrow resolves at most once, one terminal state
 * per trade. Each race pair runs 50 times from a starting state where either side can win; the
 * racers (one or two steps each, stopping at the first refusal) are released together through a
 * barrier on their own connections (a pool of 40), in alternating order. After each run: every
 * refusal is a 409 refusal, the outcome (final status and which steps took effect) is one that
 * some serial order of the steps explains, read from the transition table, the escrow settled
 * exactly once if the trade is finished and not at all otherwise, and one event per change. After
 * all runs of a pair: both "one side wholly first" outcomes occurred, so either side really could
 * win; and the ledger verifies.
 */

const REPETITIONS = 50;
const features: Features = parseFeatureFlags(undefined);
const options = { features };
const reason = { disputeReasonId: 9, disputeReasonText: "Something went wrong with this trade." };

let t: TestApp;
let racing: { db: Db; close(): Promise<void> };
let seller: TestUser;
let buyer: TestUser;
let moderators: TestUser[];
let offerId: string;

beforeAll(async () => {
  t = await createTradesTestApp();
  racing = openDatabase(t.databaseUrl, { poolSize: 40 });
  const [a, b, c, d] = await Promise.all([
    createTrader(t),
    createTrader(t, { login: false }),
    createTrader(t, { roles: ["moderator"], login: false }),
    createTrader(t, { roles: ["moderator"], login: false }),
  ]);
  [seller, buyer, moderators] = [a, b, [c, d]];
  await fund(t.db, seller.id, "USDT", "1000000");
  offerId = await createOffer(seller);
});
afterAll(async () => {
  await racing.close();
  await expectLedgerHolds(t.ownerDb);
  await t.close();
});

type Start = "active_funded" | "paid" | "dispute_open";

interface RaceTrade {
  idHashed: string;
  /** A moment after the payment window ended, for the steps that run after it. */
  afterWindow: Date;
}

async function tradeIn(start: Start): Promise<RaceTrade> {
  const trade = await startTrade(t.db, buyer.viewer, { offerId, fiatAmount: "10" }, options);
  if (start === "paid" || start === "dispute_open") await markPaid(t.db, buyer.viewer, trade.id, options);
  if (start === "dispute_open") await openDispute(t.db, buyer.viewer, trade.id, reason, options);
  const row = await sql<{ expires_at: Date }>`SELECT expires_at FROM trades WHERE id_hashed = ${trade.id}`.execute(
    t.ownerDb,
  );
  const expiresAt = row.rows[0]?.expires_at ?? new Date();
  return { idHashed: trade.id, afterWindow: new Date(expiresAt.getTime() + 60_000) };
}

/** Runs one step through the services: true when it took effect, false when it was refused (409). */
async function runStep(next: Step, racerIndex: number, trade: RaceTrade): Promise<boolean> {
  const stepOptions = { features, ...(next.clock === "after_window" ? { now: trade.afterWindow } : {}) };
  const actor = next.role === "buyer" ? buyer : next.role === "seller" ? seller : moderators[racerIndex % 2];
  if (!actor && next.role !== "system") throw new Error(`no actor for ${next.role}`);
  const viewer = actor?.viewer;
  try {
    switch (next.command) {
      case "expire":
        // The expiry job's sweep: the race's trade is the only unfinished one, so any expiry is it.
        return (await expireDueTrades(racing.db, stepOptions.now)).expired > 0;
      case "paid":
        await markPaid(racing.db, viewer!, trade.idHashed, stepOptions);
        return true;
      case "release":
        await releaseTrade(
          racing.db,
          viewer!,
          trade.idHashed,
          {},
          { ...stepOptions, assertSecondFactor: async () => {} },
        );
        return true;
      case "cancel":
        await cancelTrade(racing.db, viewer!, trade.idHashed, stepOptions);
        return true;
      case "dispute":
        await openDispute(racing.db, viewer!, trade.idHashed, reason, stepOptions);
        return true;
      case "award_buyer":
      case "award_seller": {
        const outcome = next.command === "award_buyer" ? "buyer" : "seller";
        await resolveDispute(
          racing.db,
          viewer!,
          trade.idHashed,
          { outcome, note: "Decided on the evidence." },
          stepOptions,
        );
        return true;
      }
    }
  } catch (error) {
    // Refusals only: a wrong state, a passed or open window, a settled escrow. Anything else
    // (a raw database error, a busy ledger, a 5xx) fails the test with its code.
    if (error instanceof DomainError && error.kind === "conflict") return false;
    throw error;
  }
}

/** A racer's steps in order; a refused step ends the racer (the rest are not tried). */
async function runRacer(racer: Racer, index: number, trade: RaceTrade): Promise<boolean[]> {
  const took: boolean[] = [];
  for (const next of racer) {
    const ok = await runStep(next, index, trade);
    took.push(ok);
    if (!ok) break;
  }
  while (took.length < racer.length) took.push(false);
  return took;
}

async function settledState(idHashed: string): Promise<string> {
  const row = await sql<{ id: string; status: string; amount_minor: bigint; fee_minor: bigint; event_seq: number }>`
    SELECT id::text AS id, status, amount_minor, fee_minor, event_seq FROM trades WHERE id_hashed = ${idHashed}`.execute(
    t.ownerDb,
  );
  const trade = row.rows[0];
  if (!trade) throw new Error("trade vanished");
  const settlements = await sql<{ n: number }>`
    SELECT count(*)::integer AS n FROM ledger_transfers
    WHERE reference_type = 'trade' AND reference_id = ${trade.id} AND kind IN ('escrow_post', 'escrow_void')`.execute(
    t.ownerDb,
  );
  const escrow = await getEscrowState(t.db, trade.id, "USDT");
  const isFinished = !["active_funded", "paid", "dispute_open"].includes(trade.status);
  // I4 and I5 for this trade: held while open, empty and closed once finished, settled once.
  expect(escrow.heldMinor).toBe(isFinished ? 0n : trade.amount_minor + trade.fee_minor);
  expect(escrow.isSettled).toBe(isFinished);
  expect(settlements.rows[0]?.n).toBe(isFinished ? 1 : 0);
  const events = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM trade_events
    WHERE trade_id = ${trade.id}::bigint`.execute(t.ownerDb);
  expect(events.rows[0]?.n).toBe(trade.event_seq);
  return trade.status;
}

/** Closes a trade a race left open, so the next run's expiry sweep sees only its own trade. */
async function closeLeftover(trade: RaceTrade, status: string): Promise<void> {
  if (status === "active_funded") await cancelTrade(t.db, buyer.viewer, trade.idHashed, options);
  if (status === "paid")
    await releaseTrade(t.db, seller.viewer, trade.idHashed, {}, { ...options, assertSecondFactor: async () => {} });
  if (status === "dispute_open") {
    await resolveDispute(t.db, moderators[0]!.viewer, trade.idHashed, { outcome: "seller", note: "Closed." }, options);
  }
}

interface RacePair {
  name: string;
  start: Start;
  /** The two racers of run `index` (a pair may vary who races, run by run). */
  racers(index: number): [Racer, Racer];
}

/**
 * The race pairs of docs/reliability.md#i5-escrow-settles-once. A release needs a paid trade and an expiry or a cancel an unpaid
 * one, so those pairs start unpaid and the release side is the buyer's payment followed by the
 * seller's release (paid in the window while the expiry job runs after it): either the payment or
 * the cancel/expiry lands first.
 */
const PAIRS: RacePair[] = [
  {
    name: "release vs cancel",
    start: "active_funded",
    racers: () => [[step("paid", "buyer"), step("release", "seller")], [step("cancel", "buyer")]],
  },
  {
    name: "release vs expiry job",
    start: "active_funded",
    racers: () => [[step("paid", "buyer"), step("release", "seller")], [step("expire", "system", "after_window")]],
  },
  {
    name: "cancel vs expiry",
    start: "active_funded",
    racers: (index) => [
      [step("cancel", index % 4 < 2 ? "buyer" : "seller", "after_window")],
      [step("expire", "system", "after_window")],
    ],
  },
  {
    name: "release vs release",
    start: "paid",
    racers: () => [[step("release", "seller")], [step("release", "seller")]],
  },
  {
    name: "dispute vs release",
    start: "paid",
    racers: () => [[step("dispute", "buyer")], [step("release", "seller")]],
  },
  {
    // The seller may release while a dispute is open (docs/decisions/079-release-in-dispute.md).
    name: "release vs award in a dispute",
    start: "dispute_open",
    racers: () => [[step("release", "seller")], [step("award_seller", "moderator")]],
  },
  {
    name: "award vs award",
    start: "dispute_open",
    racers: () => [[step("award_buyer", "moderator")], [step("award_seller", "moderator")]],
  },
  {
    name: "paid vs cancel",
    start: "active_funded",
    racers: () => [[step("paid", "buyer")], [step("cancel", "buyer")]],
  },
];

// Generous limits: the runs are fast alone, but CI machines run many test files at once.
describe("race pairs of I5 (escrow settles once), 50 times each", { timeout: 300_000 }, () => {
  for (const pair of PAIRS) {
    it(`${pair.name}: one serial order explains each run, and either side wins in some run`, async () => {
      const seen = new Set<string>();
      const mustSee = new Set<string>();
      for (let i = 0; i < REPETITIONS; i += 1) {
        const racers = pair.racers(i);
        const explained = serialOutcomes(pair.start, racers);
        mustSee.add(outcomeInOrder(pair.start, racers, [0, 1]));
        mustSee.add(outcomeInOrder(pair.start, racers, [1, 0]));
        const trade = await tradeIn(pair.start);
        // Alternate who is launched first, so that neither side is favoured by the launch order.
        const order = i % 2 === 0 ? [0, 1] : [1, 0];
        const gate = barrier(2);
        const took: boolean[][] = [[], []];
        await Promise.all(
          order.map(async (index) => {
            await gate();
            took[index] = await runRacer(racers[index] as Racer, index, trade);
          }),
        );
        const status = await settledState(trade.idHashed);
        const outcome = signature(status as Parameters<typeof signature>[0], took);
        expect([...explained], `run ${i}: no serial order explains ${outcome}`).toContain(outcome);
        seen.add(outcome);
        await closeLeftover(trade, status);
      }
      // Both sides won at least once: the pair is a race, not an ordering fixed by the start.
      for (const outcome of mustSee) expect([...seen], `never seen: ${outcome}`).toContain(outcome);
      await expectLedgerHolds(t.ownerDb);
    });
  }
});

describe("overspend (I2)", () => {
  it("lets exactly one of 50 concurrent trade starts of 600 through on a balance of 1,000", async () => {
    const poorSeller = await createTrader(t);
    await fund(t.db, poorSeller.id, "USDT", "1000");
    const poorOffer = await createOffer(poorSeller);
    const takers = await Promise.all(Array.from({ length: 50 }, () => createTrader(t, { login: false })));
    const gate = barrier(takers.length);
    const outcomes = await Promise.allSettled(
      takers.map(async (taker) => {
        await gate();
        return startTrade(racing.db, taker.viewer, { offerId: poorOffer, fiatAmount: "600" }, options);
      }),
    );
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [(o.reason as { code?: string }).code] : []));
    expect(won).toHaveLength(1);
    // The losers find the balance short once the winner committed. On a starved machine a loser
    // may instead wait past the ledger's lock timeout and be refused as busy: no effect either way.
    expect(refused).toContain("ERROR_INSUFFICIENT_BALANCE");
    const untyped = refused.filter(
      (code) => code !== "ERROR_INSUFFICIENT_BALANCE" && code !== "ERROR_LEDGER_ASYNC_MODE",
    );
    expect(untyped, "losers refused with something else than a short balance or a busy ledger").toEqual([]);
    const trades = await sql<{
      n: number;
    }>`SELECT count(*)::integer AS n FROM trades WHERE offer_id_hashed = ${poorOffer}`.execute(t.ownerDb);
    expect(trades.rows[0]?.n).toBe(1);
    await expectLedgerHolds(t.ownerDb);
  }, 180_000);
});

describe("a full pool (liveness)", () => {
  it("starts every trade when the rates cache expires while starts wait for a connection", async () => {
    // Two connections, four starts. Both connections are held for longer than the rates cache
    // lives, so the starts read the rates, then wait for a connection. Once they get one, the
    // rates they read must not be fetched again through the pool from inside their transaction:
    // every connection would be held by a start waiting for one more, and none would ever end.
    const small = openDatabase(t.databaseUrl, { poolSize: 2 });
    try {
      await startTrade(small.db, buyer.viewer, { offerId, fiatAmount: "10" }, options);
      const held = [await small.pool.connect(), await small.pool.connect()];
      const starts = Promise.all(
        Array.from({ length: 4 }, () =>
          startTrade(small.db, buyer.viewer, { offerId, fiatAmount: "10" }, options).then((trade) => trade.status),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      for (const client of held) client.release();
      expect(await starts).toEqual(["active_funded", "active_funded", "active_funded", "active_funded"]);
    } finally {
      await small.close();
    }
    await expectLedgerHolds(t.ownerDb);
  }, 120_000);
});
