import { randomBytes } from "node:crypto";
import { formatAmount } from "@souk/money";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../../src/db/pool.ts";
import { getOwnerBalances, resolveLedgerCurrency } from "../../src/modules/ledger/index.ts";
import { cancelTrade, markPaid, releaseTrade, startTrade } from "../../src/modules/trades/index.ts";
import { broadcastPendingWithdrawals, sendCrypto } from "../../src/modules/wallet/index.ts";
import { DomainError, type Features, parseFeatureFlags } from "../../src/platform/index.ts";
import type { TestApp, TestResponse } from "../harness.ts";
import {
  BOND,
  describeOp,
  findSerialOrder,
  MIN_WITHDRAWAL,
  type Observed,
  type Op,
  type Outcome,
  USDT_UNIT,
  type World,
} from "./money-world.ts";
import {
  barrier,
  createOffer,
  createTrader,
  createTradesTestApp,
  expectLedgerHolds,
  feesHeld,
  fund,
  type TestUser,
} from "./trade-fixtures.ts";

/**
 * Concurrent property test of the money paths (docs/reliability.md#ledger-invariants, I1-I5 and
 * I7): fast-check generates
 * batches of operations on four users' shared balances (internal sends, withdrawals and their
 * broadcast, trade starts, payments, releases and cancels, bids for pinned positions, vendor bond
 * deposits and retrievals) with amounts that are large shares of the balances, so that operations
 * of one batch often cannot all succeed. Each batch runs all at once (released through a barrier,
 * each operation on its own connection), through the services and, in a smaller variant, over
 * HTTP. Then:
 * - every refusal is a typed domain error (an HTTP 4xx with its code), never a raw database
 *   error or a 5xx;
 * - some serial order of the batch explains it: every accepted operation allowed at its turn,
 *   every refused one refused with the code the model gives at its turn, and the end state
 *   (balances, escrow, bonds, bids, pending withdrawals, fees, trade statuses, the number of
 *   ledger transfers written) exactly the database's; so no effect is missing or doubled;
 * - ledger:verify finds no drift.
 * A missing account lock shows here as a raw CHECK violation, or as two operations that both
 * succeeded where no order allows both.
 */

const USERS = 4;
const features: Features = parseFeatureFlags(undefined);
const options = { features };
const BID_FIATS = ["EUR", "GBP", "CAD", "CHF"];

let t: TestApp;
let racing: { db: Db; close(): Promise<void> };
let users: TestUser[];
const tradeOffers: string[] = [];
const bidOffers: string[] = [];
let usdtId = 0;

beforeAll(async () => {
  t = await createTradesTestApp();
  racing = openDatabase(t.databaseUrl, { poolSize: 30 });
  usdtId = (await resolveLedgerCurrency(t.db, "USDT")).id;
  users = await Promise.all(Array.from({ length: USERS }, () => createTrader(t)));
  for (const [index, user] of users.entries()) {
    await fund(t.db, user.id, "USDT", "1000");
    tradeOffers.push(await createOffer(user));
    // Each user bids in a market of its own (a fiat of its own): bids never outbid each other.
    bidOffers.push(
      await createOffer(user, {
        cryptoCurrencyCode: "BTC",
        fiatCurrencyCode: BID_FIATS[index],
        paymentMethodSlug: "bank-transfer",
        priceType: "margin",
        margin: "2",
        fixedPrice: null,
        fiatLimitMin: "50",
        fiatLimitMax: "1000",
      }),
    );
  }
});
afterAll(async () => {
  await racing.close();
  await expectLedgerHolds(t.ownerDb);
  await t.close();
});

// ---- operations as generated (shares of balances) and as planned (amounts) ----------------

const user = fc.nat({ max: USERS - 1 });
const other = fc.integer({ min: 1, max: USERS - 1 });
const share = fc.integer({ min: 15, max: 95 });

type Spec =
  | { type: "send"; from: number; to: number; percent: number }
  | { type: "withdraw"; user: number; percent: number }
  | { type: "broadcast" }
  | { type: "start"; taker: number; owner: number; percent: number }
  | { type: "paid" | "release" | "cancel"; trade: number }
  | { type: "bid"; vendor: number; percent: number }
  | { type: "bond"; user: number; action: "deposit" | "retrieve" };

const spec: fc.Arbitrary<Spec> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({ from: user, offset: other, percent: share })
      .map(({ from, offset, percent }) => ({ type: "send" as const, from, to: (from + offset) % USERS, percent })),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("withdraw" as const), user, percent: share }) },
  { weight: 1, arbitrary: fc.constant({ type: "broadcast" as const }) },
  {
    weight: 3,
    arbitrary: fc.record({ taker: user, offset: other, percent: share }).map(({ taker, offset, percent }) => ({
      type: "start" as const,
      taker,
      owner: (taker + offset) % USERS,
      percent,
    })),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constantFrom("paid" as const, "release" as const, "cancel" as const),
      trade: fc.nat({ max: 1 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("bid" as const), vendor: user, percent: share }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant("bond" as const),
      user,
      action: fc.constantFrom("deposit" as const, "retrieve" as const),
    }),
  },
);

/** Amounts from the balances as they stand before the batch: whole USDT, within each path's limits. */
function plan(specs: Spec[], world: World): Op[] {
  const part = (userIndex: number, percent: number, min: bigint) => {
    const whole = (((world.available[userIndex] ?? 0n) * BigInt(percent)) / 100n / USDT_UNIT) * USDT_UNIT;
    return whole < min ? min : whole;
  };
  return specs.map((s): Op => {
    switch (s.type) {
      case "send":
        return { type: "send", from: s.from, to: s.to, amount: part(s.from, s.percent, USDT_UNIT) };
      case "withdraw":
        return { type: "withdraw", user: s.user, amount: part(s.user, s.percent, MIN_WITHDRAWAL) };
      case "start": {
        const amount = part(s.owner, s.percent, 10n * USDT_UNIT);
        return {
          type: "start",
          taker: s.taker,
          owner: s.owner,
          amount: amount > 5_000n * USDT_UNIT ? 5_000n * USDT_UNIT : amount,
        };
      }
      case "bid":
        return { type: "bid", vendor: s.vendor, amount: part(s.vendor, s.percent, USDT_UNIT) };
      default:
        return s;
    }
  });
}

// ---- running operations ----------------------------------------------------------------------

interface BatchTrades {
  ids: string[];
}

/** An HTTP answer as an outcome: "ok", the refusal's code, or RAW for anything a client must never see. */
function outcomeOfResponse(response: TestResponse<any>): Outcome {
  if (response.status === 200 || response.status === 202) return "ok";
  const code = response.body?.errors?.code;
  if (response.status >= 400 && response.status < 500 && typeof code === "string") return code;
  return `RAW ${response.status} ${response.text.slice(0, 200)}`;
}

async function outcomeOfCall(work: () => Promise<unknown>): Promise<Outcome> {
  try {
    await work();
    return "ok";
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    const raw = error as { code?: string; message?: string };
    return `RAW ${raw.code ?? ""} ${raw.message ?? String(error)}`;
  }
}

const address = () => `0x${randomBytes(20).toString("hex")}`;
const usdt = (minor: bigint) => formatAmount(minor, 6);
const bidBody = (amount: bigint) => ({
  end_date: new Date(Date.now() + 86_400_000).toISOString(),
  amount: usdt(amount),
  crypto_currency_code: "USDT",
  is_present: true,
  current: true,
});

type Via = "services" | "http";

async function runOp(op: Op, via: Via, trades: BatchTrades, world: World): Promise<Outcome> {
  const u = (index: number) => users[index] as TestUser;
  const sender = (index: number) => ({ userId: u(index).id, username: u(index).username });
  const tradeOf = (index: number) => {
    const trade = world.trades[index];
    if (!trade) throw new Error(`no trade ${index}`);
    return { id: trades.ids[index] ?? "", buyer: u(trade.buyer), seller: u(trade.seller) };
  };
  switch (op.type) {
    case "send":
      if (via === "http") {
        const body = { cryptoCurrencyCode: "USDT", amount: usdt(op.amount), username: u(op.to).username };
        return outcomeOfResponse(await u(op.from).client.post("/rest/v1/wallet/send", body));
      }
      return outcomeOfCall(() =>
        sendCrypto(
          racing.db,
          sender(op.from),
          { cryptoCurrencyCode: "USDT", amount: usdt(op.amount), username: u(op.to).username },
          null,
        ),
      );
    case "withdraw": {
      const body = { cryptoCurrencyCode: "USDT", amount: usdt(op.amount), address: address() };
      if (via === "http") return outcomeOfResponse(await u(op.user).client.post("/rest/v1/wallet/send", body));
      return outcomeOfCall(() => sendCrypto(racing.db, sender(op.user), body, null));
    }
    case "broadcast": {
      // The worker's job: no user route, the same in both variants.
      try {
        const report = await broadcastPendingWithdrawals(racing.db);
        if (report.failed > 0 || report.retryLater > 0) return `RAW broadcast ${JSON.stringify(report)}`;
        return `ok:${report.completed}`;
      } catch (error) {
        return `RAW ${(error as Error).message}`;
      }
    }
    case "start": {
      const body = { offerId: tradeOffers[op.owner] ?? "", fiatAmount: String(op.amount / USDT_UNIT) };
      if (via === "http") return outcomeOfResponse(await u(op.taker).client.post("/rest/v1/trade", body));
      return outcomeOfCall(() => startTrade(racing.db, u(op.taker).viewer, body, options));
    }
    case "paid":
    case "release":
    case "cancel": {
      const trade = tradeOf(op.trade);
      const actor = op.type === "release" ? trade.seller : trade.buyer;
      if (via === "http")
        return outcomeOfResponse(await actor.client.post(`/rest/v1/trade/${trade.id}/${op.type}`, {}));
      if (op.type === "paid") return outcomeOfCall(() => markPaid(racing.db, actor.viewer, trade.id, options));
      if (op.type === "cancel") return outcomeOfCall(() => cancelTrade(racing.db, actor.viewer, trade.id, options));
      return outcomeOfCall(() =>
        releaseTrade(racing.db, actor.viewer, trade.id, {}, { ...options, assertSecondFactor: async () => {} }),
      );
    }
    case "bid":
      // Bids and the bond have no service door of their own: both variants use their routes.
      return outcomeOfResponse(
        await u(op.vendor).client.put(`/rest/v1/my-offers/${bidOffers[op.vendor]}/bid`, bidBody(op.amount)),
      );
    case "bond":
      return outcomeOfResponse(
        await u(op.user).client.post(`/wallet/${op.action}-bond`, { cryptoCurrencyCode: "USDT" }),
      );
  }
}

// ---- the world before and after a batch ------------------------------------------------------

async function balancesByKind(): Promise<Map<string, bigint>[]> {
  return Promise.all(
    users.map(async (u) => {
      const owned = await getOwnerBalances(t.db, u.id);
      return new Map(owned.filter((row) => row.currencyId === usdtId).map((row) => [row.kind, row.balanceMinor]));
    }),
  );
}

async function pendingWithdrawalCount(): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::integer AS n FROM wallet_withdrawals WHERE state IN ('held', 'broadcasting')`.execute(t.ownerDb);
  return result.rows[0]?.n ?? 0;
}

/** Tops balances up, makes the batch's two trades (one unpaid, one paid), and reads the world. */
async function prepareBatch(
  run: number,
): Promise<{ world: World; trades: BatchTrades; baseline: { transfer: bigint; trade: bigint } }> {
  for (const [index, balances] of (await balancesByKind()).entries()) {
    if ((balances.get("available") ?? 0n) < 800n * USDT_UNIT) await fund(t.db, users[index]!.id, "USDT", "1000");
  }
  const pair = (offset: number) => {
    const buyer = (run + offset) % USERS;
    return { buyer, seller: (buyer + 1 + (run % (USERS - 1))) % USERS };
  };
  const unpaid = pair(0);
  const paid = pair(1);
  const ids: string[] = [];
  for (const [index, parties] of [unpaid, paid].entries()) {
    const trade = await startTrade(
      t.db,
      users[parties.buyer]!.viewer,
      { offerId: tradeOffers[parties.seller] ?? "", fiatAmount: "20" },
      options,
    );
    if (index === 1) await markPaid(t.db, users[parties.buyer]!.viewer, trade.id, options);
    ids.push(trade.id);
  }
  const balances = await balancesByKind();
  const bids = await sql<{ user_id: string; amount_minor: bigint }>`
    SELECT user_id::text, amount_minor FROM offer_bids WHERE status = 'FUNDED'`.execute(t.ownerDb);
  const liveBid = users.map((u) => bids.rows.find((row) => Number(row.user_id) === u.id)?.amount_minor ?? 0n);
  const tradeOf = (parties: { buyer: number; seller: number }, status: "active_funded" | "paid") => ({
    status,
    ...parties,
    amount: 20n * USDT_UNIT,
    fee: 200_000n,
  });
  const world: World = {
    available: balances.map((b) => b.get("available") ?? 0n),
    escrow: balances.map((b) => b.get("escrow") ?? 0n),
    bond: balances.map((b) => b.get("bond") ?? 0n),
    liveBid,
    pendingWithdrawal: balances.map((b) => b.get("withdrawal") ?? 0n),
    pendingWithdrawals: await pendingWithdrawalCount(),
    fees: await feesHeld(t.db, "USDT"),
    trades: [tradeOf(unpaid, "active_funded"), tradeOf(paid, "paid")],
    started: [],
    transfers: 0,
  };
  const maxima = await sql<{ transfer: bigint; trade: bigint }>`
    SELECT (SELECT coalesce(max(id), 0) FROM ledger_transfers) AS transfer,
      (SELECT coalesce(max(id), 0) FROM trades) AS trade`.execute(t.ownerDb);
  return { world, trades: { ids }, baseline: maxima.rows[0] ?? { transfer: 0n, trade: 0n } };
}

async function observe(trades: BatchTrades, baseline: { transfer: bigint; trade: bigint }): Promise<Observed> {
  const balances = await balancesByKind();
  const statuses = await sql<{ id_hashed: string; status: string }>`
    SELECT id_hashed, status FROM trades WHERE id_hashed = ANY(${trades.ids}::text[])`.execute(t.ownerDb);
  const started = await sql<{ status: string; seller_id: string; amount_minor: bigint }>`
    SELECT status, seller_id::text, amount_minor FROM trades WHERE id > ${baseline.trade}`.execute(t.ownerDb);
  const transfers = await sql<{ n: number }>`
    SELECT count(*)::integer AS n FROM ledger_transfers WHERE id > ${baseline.transfer}`.execute(t.ownerDb);
  return {
    available: balances.map((b) => b.get("available") ?? 0n),
    escrow: balances.map((b) => b.get("escrow") ?? 0n),
    bond: balances.map((b) => b.get("bond") ?? 0n),
    pendingWithdrawal: balances.map((b) => b.get("withdrawal") ?? 0n),
    pendingWithdrawals: await pendingWithdrawalCount(),
    fees: await feesHeld(t.db, "USDT"),
    tradeStatuses: trades.ids.map((id) => statuses.rows.find((row) => row.id_hashed === id)?.status ?? "missing"),
    started: started.rows.map((row) => ({
      status: row.status,
      seller: users.findIndex((u) => u.id === Number(row.seller_id)),
      amount: row.amount_minor,
    })),
    transfers: transfers.rows[0]?.n ?? 0,
  };
}

// ---- the property ----------------------------------------------------------------------------

interface Tally {
  batches: number;
  accepted: number;
  refused: number;
  /** Batches where an operation was refused for a balance another operation of the batch used. */
  contested: number;
}

async function runBatch(specs: Spec[], via: Via, run: number, tally: Tally): Promise<void> {
  const { world, trades, baseline } = await prepareBatch(run);
  const ops = plan(specs, world);
  const gate = barrier(ops.length);
  const outcomes = await Promise.all(
    ops.map(async (op) => {
      await gate();
      return runOp(op, via, trades, world);
    }),
  );
  const report = ops.map((op, i) => `${describeOp(op)} -> ${outcomes[i]}`).join("\n  ");
  const raw = outcomes.filter((outcome) => outcome.startsWith("RAW"));
  expect(raw, `refusals must be typed domain errors:\n  ${report}`).toEqual([]);
  const observed = await observe(trades, baseline);
  const order = findSerialOrder(world, ops, outcomes, observed);
  expect(
    order,
    `no serial order explains the batch:\n  ${report}\nbefore: ${stringify(world)}\nafter: ${stringify(observed)}`,
  ).not.toBeNull();
  tally.batches += 1;
  tally.accepted += outcomes.filter((outcome) => outcome.startsWith("ok")).length;
  tally.refused += outcomes.filter((outcome) => !outcome.startsWith("ok")).length;
  // Contested: alone against the balances before the batch it would have passed, yet it was refused.
  const aloneOk = ops.some((op, i) => outcomes[i] === "ERROR_INSUFFICIENT_BALANCE" && wouldPassAlone(op, world));
  if (aloneOk) tally.contested += 1;
  await expectLedgerHolds(t.ownerDb);
}

function wouldPassAlone(op: Op, world: World): boolean {
  const available = (index: number) => world.available[index] ?? 0n;
  if (op.type === "send") return available(op.from) >= op.amount;
  if (op.type === "start") return available(op.owner) >= op.amount + (op.amount * 100n + 9_999n) / 10_000n;
  if (op.type === "withdraw") return available(op.user) >= op.amount + USDT_UNIT;
  if (op.type === "bid") return available(op.vendor) + (world.liveBid[op.vendor] ?? 0n) >= op.amount;
  if (op.type === "bond") return op.action === "deposit" && available(op.user) >= BOND;
  return false;
}

function stringify(value: unknown): string {
  return JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v));
}

function property(via: Via, runs: number) {
  return async () => {
    const tally: Tally = { batches: 0, accepted: 0, refused: 0, contested: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(spec, { minLength: 2, maxLength: 7 }), async (specs) => {
        await runBatch(specs, via, tally.batches, tally);
      }),
      { numRuns: runs, endOnFailure: true },
    );
    console.info(
      `concurrent money (${via}): ${tally.batches} batches, ${tally.accepted} operations accepted, ${tally.refused} refused, ${tally.contested} batches where one operation's success refused another`,
    );
    // The batches did contend: some operation was refused only because another one ran first.
    expect(tally.accepted).toBeGreaterThan(runs);
    expect(tally.contested).toBeGreaterThan(0);
  };
}

describe("batches of money operations run at once", () => {
  it(
    "through the services: typed refusals only, and a serial order explains every batch (60 batches)",
    property("services", 60),
    900_000,
  );

  it(
    "over HTTP: 4xx refusals only, and a serial order explains every batch (25 batches)",
    property("http", 25),
    900_000,
  );
});
