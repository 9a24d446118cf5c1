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
import { parseFeatureFlags } from "../../src/platform/index.ts";
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
 * docs/reliability.md#i5-escrow-settles-once: escrow resolves at most once, one terminal state per
 * trade. Each race pair
 * runs 50 times; both commands are prepared, then released together through a barrier on their
 * own connections (a pool of 40). After each run: exactly the expected number of winners, the
 * escrow settled at most once and exactly when the trade is finished, and the ledger verified
 * after each pair.
 */

const REPETITIONS = 50;
const features: Features = parseFeatureFlags(undefined);
const options = { features };
const noSecondFactor = { ...options, assertSecondFactor: async () => {} };
const reason = { disputeReasonId: 9, disputeReasonText: "Something went wrong with this trade." };

let t: TestApp;
let racing: { db: Db; close(): Promise<void> };
let seller: TestUser;
let buyer: TestUser;
let moderatorA: TestUser;
let moderatorB: TestUser;
let offerId: string;

beforeAll(async () => {
  t = await createTradesTestApp();
  racing = openDatabase(t.databaseUrl, { poolSize: 40 });
  [seller, buyer, moderatorA, moderatorB] = await Promise.all([
    createTrader(t),
    createTrader(t, { login: false }),
    createTrader(t, { roles: ["moderator"], login: false }),
    createTrader(t, { roles: ["moderator"], login: false }),
  ]);
  await fund(t.db, seller.id, "USDT", "1000000");
  offerId = await createOffer(seller);
});
afterAll(async () => {
  await racing.close();
  await expectLedgerHolds(t.ownerDb);
  await t.close();
});

type Setup = "active_funded" | "paid" | "dispute_open" | "window_passed" | "paid_window_passed";

async function tradeIn(setup: Setup): Promise<string> {
  const trade = await startTrade(t.db, buyer.viewer, { offerId, fiatAmount: "10" }, options);
  if (setup === "paid" || setup === "dispute_open" || setup === "paid_window_passed")
    await markPaid(t.db, buyer.viewer, trade.id, options);
  if (setup === "dispute_open") await openDispute(t.db, buyer.viewer, trade.id, reason, options);
  if (setup === "window_passed" || setup === "paid_window_passed")
    await advanceTradeClock(t.ownerDb, 31 * 60, trade.id);
  return trade.id;
}

/** Runs the racers together; answers how many succeeded (a refusal is a 4xx DomainError). */
async function race(racers: (() => Promise<unknown>)[]): Promise<number> {
  const gate = barrier(racers.length);
  const outcomes = await Promise.allSettled(
    racers.map(async (run) => {
      await gate();
      return run();
    }),
  );
  for (const outcome of outcomes) {
    if (outcome.status === "rejected") {
      const error = outcome.reason as { kind?: string; code?: string };
      // Refusals only: a wrong state or a settled escrow. Anything else is a failure of the test.
      expect(["conflict"], `unexpected ${String(error.code ?? error)}`).toContain(error.kind);
    }
  }
  return outcomes.filter((outcome) => outcome.status === "fulfilled" && outcome.value !== false).length;
}

interface Settled {
  status: string;
  settlements: number;
  events: number;
}

async function settledState(idHashed: string): Promise<Settled> {
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
  return { status: trade.status, settlements: settlements.rows[0]?.n ?? 0, events: events.rows[0]?.n ?? 0 };
}

const release = (id: string) => releaseTrade(racing.db, seller.viewer, id, {}, noSecondFactor);
const buyerCancel = (id: string) => cancelTrade(racing.db, buyer.viewer, id, options);
const sellerCancel = (id: string) => cancelTrade(racing.db, seller.viewer, id, options);
const paid = (id: string) => markPaid(racing.db, buyer.viewer, id, options);
const dispute = (id: string) => openDispute(racing.db, buyer.viewer, id, reason, options);
const expiryJob = async () => (await expireDueTrades(racing.db)).expired > 0;
const award = (moderator: TestUser, outcome: "buyer" | "seller") => (id: string) =>
  resolveDispute(racing.db, moderator.viewer, id, { outcome, note: "Decided on the evidence." }, options);

// Generous limits: the runs are fast alone, but CI machines run many test files at once.
describe("race pairs of I5 (escrow settles once), 50 times each", { timeout: 300_000 }, () => {
  it("release vs cancel: one terminal state, escrow resolved once", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < REPETITIONS; i += 1) {
      // Half from active_funded (the cancel may win), half from paid (the release may win).
      const id = await tradeIn(i % 2 === 0 ? "active_funded" : "paid");
      const winners = await race([() => release(id), () => buyerCancel(id)]);
      expect(winners).toBe(1);
      const state = await settledState(id);
      expect(["released", "cancelled_buyer"]).toContain(state.status);
      seen.add(state.status);
    }
    expect(seen).toEqual(new Set(["released", "cancelled_buyer"]));
    await expectLedgerHolds(t.ownerDb);
  });

  it("release vs expiry job: a paid trade is released, never expired", async () => {
    for (let i = 0; i < REPETITIONS; i += 1) {
      const id = await tradeIn("paid_window_passed");
      const winners = await race([() => release(id), expiryJob]);
      expect(winners).toBe(1);
      expect((await settledState(id)).status).toBe("released");
    }
    await expectLedgerHolds(t.ownerDb);
  });

  it("cancel vs expiry: one of them, once", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < REPETITIONS; i += 1) {
      const id = await tradeIn("window_passed");
      const cancel = i % 2 === 0 ? buyerCancel : sellerCancel;
      const winners = await race([() => cancel(id), expiryJob]);
      expect(winners).toBe(1);
      const state = await settledState(id);
      expect(["cancelled_buyer", "cancelled_seller", "cancelled_system"]).toContain(state.status);
      seen.add(state.status === "cancelled_system" ? "expiry" : "cancel");
    }
    expect(seen.size).toBeGreaterThanOrEqual(1);
    await expectLedgerHolds(t.ownerDb);
  });

  it("release vs release: one release", async () => {
    for (let i = 0; i < REPETITIONS; i += 1) {
      const id = await tradeIn("paid");
      const winners = await race([() => release(id), () => release(id)]);
      expect(winners).toBe(1);
      expect((await settledState(id)).status).toBe("released");
    }
    await expectLedgerHolds(t.ownerDb);
  });

  it("dispute vs release: the release settles once, and closes a dispute that got in first", async () => {
    for (let i = 0; i < REPETITIONS; i += 1) {
      const id = await tradeIn("paid");
      const winners = await race([() => dispute(id), () => release(id)]);
      const state = await settledState(id);
      expect(state.status).toBe("released");
      const closed = await sql<{ outcome: string | null }>`
        SELECT dispute_outcome AS outcome FROM trades WHERE id_hashed = ${id}`.execute(t.ownerDb);
      // Both win when the dispute came first (the release then closes it); only the release otherwise.
      expect(winners).toBe(closed.rows[0]?.outcome === "buyer" ? 2 : 1);
    }
    await expectLedgerHolds(t.ownerDb);
  });

  it("release vs award in a dispute: one terminal state, escrow resolved once", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < REPETITIONS; i += 1) {
      const id = await tradeIn("dispute_open");
      const winners = await race([() => release(id), () => award(moderatorA, "seller")(id)]);
      expect(winners).toBe(1);
      const state = await settledState(id);
      expect(["released", "dispute_won_seller"]).toContain(state.status);
      seen.add(state.status);
    }
    expect(seen.size).toBeGreaterThanOrEqual(1);
    await expectLedgerHolds(t.ownerDb);
  });

  it("award vs award: one award, to one side", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < REPETITIONS; i += 1) {
      const id = await tradeIn("dispute_open");
      const winners = await race([() => award(moderatorA, "buyer")(id), () => award(moderatorB, "seller")(id)]);
      expect(winners).toBe(1);
      const state = await settledState(id);
      expect(["dispute_won_buyer", "dispute_won_seller"]).toContain(state.status);
      seen.add(state.status);
    }
    expect(seen.size).toBeGreaterThanOrEqual(1);
    await expectLedgerHolds(t.ownerDb);
  });

  it("paid vs cancel: paid or cancelled, never both", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < REPETITIONS; i += 1) {
      const id = await tradeIn("active_funded");
      const winners = await race([() => paid(id), () => buyerCancel(id)]);
      expect(winners).toBe(1);
      const state = await settledState(id);
      expect(["paid", "cancelled_buyer"]).toContain(state.status);
      seen.add(state.status);
    }
    expect(seen.size).toBeGreaterThanOrEqual(1);
    await expectLedgerHolds(t.ownerDb);
  }, 180_000);
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
    expect(refused.every((code) => code === "ERROR_INSUFFICIENT_BALANCE" || code === "ERROR_LEDGER_ASYNC_MODE")).toBe(
      true,
    );
    const trades = await sql<{
      n: number;
    }>`SELECT count(*)::integer AS n FROM trades WHERE offer_id_hashed = ${poorOffer}`.execute(t.ownerDb);
    expect(trades.rows[0]?.n).toBe(1);
    await expectLedgerHolds(t.ownerDb);
  }, 180_000);
});
