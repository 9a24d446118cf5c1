import { randomBytes } from "node:crypto";
import { formatAmount } from "@souk/money";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { expectLedgerHolds } from "../../../test/ledger-holds.ts";
import { DomainError } from "../../platform/index.ts";
import { getOwnerBalances, holdEscrow, postEscrow, verifyLedger, voidEscrow, withLedgerTx } from "../ledger/index.ts";
import { ledgerChecks } from "../registry.ts";
import { recordDeposit } from "./deposits.service.ts";
import { DEV_CHAIN_REJECTED_SUFFIX } from "./wallet.chain.ts";
import { sendCrypto } from "./wallet.service.ts";
import { broadcastPendingWithdrawals } from "./withdrawals.service.ts";

/**
 * Model-based property tests of the money paths against the real database
 * (docs/reliability.md#ledger-invariants:
 * I1, I2, I3, I4). Each run is a random sequence of deposits, internal sends, escrow holds, posts
 * and
 * voids, and withdrawals (completed or refused by the chain), applied both to a tiny in-memory
 * model and through the real services. After every run: each operation's outcome matched the
 * model, the run's balances equal the model's, the run's transfers sum to zero, each touched
 * account equals the sum of its entries, nothing is negative. Every 100 runs (and at the end) the
 * full ledger:verify runs as well.
 *
 * Runs are short (up to 8 operations over 3 fresh users) so that 1,000 runs per property fit in a
 * CI minute; long sequences add little that many short ones from random states do not, and the
 * long run (docs/reliability.md#how-the-proofs-run) raises numRuns rather than the length.
 */

const BTC = { code: "BTC", id: 1, decimals: 8 };
const USDT = { code: "USDT", id: 3, decimals: 6 };
const NETWORK_FEE_BTC = 2_000n;
const MIN_WITHDRAWAL_BTC = 10_000n;
const NUM_RUNS = 1_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerHolds(t.ownerDb);
  await t.close();
});

// ---- operations ----------------------------------------------------------------------------

type Op =
  | { type: "deposit"; user: number; currency: "BTC" | "USDT"; amountMinor: bigint }
  | { type: "send"; from: number; to: number; currency: "BTC" | "USDT"; percent: number }
  | { type: "hold"; seller: number; percent: number; feeBps: number }
  | { type: "post"; trade: number; buyer: number }
  | { type: "void"; trade: number }
  | { type: "withdraw"; user: number; percent: number; isRejected: boolean }
  | { type: "spendHeld"; user: number };

const user = fc.integer({ min: 0, max: 2 });

/** percent: the share of the payer's current balance the operation tries to move (over 100 overdraws). */
function opArbitrary(percent: fc.Arbitrary<number>): fc.Arbitrary<Op> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        type: fc.constant("deposit" as const),
        user,
        currency: fc.constantFrom("BTC" as const, "USDT" as const),
        amountMinor: fc.bigInt({ min: 1n, max: 5_000_000n }),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        type: fc.constant("send" as const),
        from: user,
        to: user,
        currency: fc.constantFrom("BTC" as const, "USDT" as const),
        percent,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        type: fc.constant("hold" as const),
        seller: user,
        percent,
        feeBps: fc.constantFrom(0, 100, 250),
      }),
    },
    { weight: 2, arbitrary: fc.record({ type: fc.constant("post" as const), trade: fc.nat(5), buyer: user }) },
    { weight: 2, arbitrary: fc.record({ type: fc.constant("void" as const), trade: fc.nat(5) }) },
    {
      weight: 2,
      arbitrary: fc.record({ type: fc.constant("withdraw" as const), user, percent, isRejected: fc.boolean() }),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant("spendHeld" as const), user }) },
  );
}

// ---- the model -----------------------------------------------------------------------------

interface Trade {
  id: string;
  seller: number;
  amountMinor: bigint;
  feeMinor: bigint;
  state: "open" | "posted" | "voided";
}

class Model {
  readonly available = new Map<string, bigint>();
  readonly trades: Trade[] = [];
  constructor(readonly userIds: number[]) {}
  get(userIndex: number, currency: string): bigint {
    return this.available.get(`${userIndex}:${currency}`) ?? 0n;
  }
  add(userIndex: number, currency: string, delta: bigint): void {
    this.available.set(`${userIndex}:${currency}`, this.get(userIndex, currency) + delta);
  }
}

const share = (balance: bigint, percent: number) => {
  const amount = (balance * BigInt(percent)) / 100n;
  return amount > 0n ? amount : 1n;
};

async function outcomeOf(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return "ok";
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

let runSequence = 0;

async function newUsers(count: number): Promise<{ ids: number[]; names: string[] }> {
  runSequence += 1;
  const names = Array.from({ length: count }, (_, i) => `pr${runSequence}x${i}_${randomBytes(3).toString("hex")}`);
  const result = await sql<{ id: bigint }>`
    INSERT INTO users (username, email, password_hash, referral_code)
    SELECT n, n || '@example.com', 'not-a-hash', upper(n) FROM unnest(${names}::text[]) AS n
    RETURNING id`.execute(t.db);
  return { ids: result.rows.map((row) => Number(row.id)), names };
}

async function applyOp(op: Op, model: Model, names: string[], runId: number): Promise<void> {
  const ids = model.userIds;
  switch (op.type) {
    case "deposit": {
      const currency = op.currency === "BTC" ? BTC : USDT;
      await recordDeposit(t.db, {
        username: names[op.user]!,
        amount: formatAmount(op.amountMinor, currency.decimals),
        cryptoCurrencyCode: currency.code,
        source: "cli",
      });
      model.add(op.user, currency.code, op.amountMinor);
      return;
    }
    case "send": {
      const currency = op.currency === "BTC" ? BTC : USDT;
      const amountMinor = share(model.get(op.from, currency.code), op.percent);
      const outcome = await outcomeOf(() =>
        sendCrypto(
          t.db,
          { userId: ids[op.from]!, username: names[op.from]! },
          {
            cryptoCurrencyCode: currency.code,
            amount: formatAmount(amountMinor, currency.decimals),
            username: names[op.to]!,
          },
          null,
        ),
      );
      if (op.from === op.to) return expect(outcome).toBe("ERROR_INPUT_VALIDATION");
      if (amountMinor > model.get(op.from, currency.code)) return expect(outcome).toBe("ERROR_INSUFFICIENT_BALANCE");
      expect(outcome).toBe("ok");
      model.add(op.from, currency.code, -amountMinor);
      model.add(op.to, currency.code, amountMinor);
      return;
    }
    case "hold": {
      const amountMinor = share(model.get(op.seller, "BTC"), op.percent);
      const feeMinor = (amountMinor * BigInt(op.feeBps) + 9_999n) / 10_000n;
      const trade: Trade = {
        id: `p${runId}t${model.trades.length}`,
        seller: op.seller,
        amountMinor,
        feeMinor,
        state: "open",
      };
      const outcome = await outcomeOf(() =>
        withLedgerTx(t.db, (tx) =>
          holdEscrow(tx, { tradeId: trade.id, sellerId: ids[op.seller]!, currencyCode: "BTC", amountMinor, feeMinor }),
        ),
      );
      if (amountMinor + feeMinor > model.get(op.seller, "BTC"))
        return expect(outcome).toBe("ERROR_INSUFFICIENT_BALANCE");
      expect(outcome).toBe("ok");
      model.add(op.seller, "BTC", -(amountMinor + feeMinor));
      model.trades.push(trade);
      return;
    }
    case "post":
    case "void": {
      const trade = model.trades[op.trade % Math.max(1, model.trades.length)];
      if (!trade) return;
      const amounts = {
        tradeId: trade.id,
        currencyCode: "BTC",
        amountMinor: trade.amountMinor,
        feeMinor: trade.feeMinor,
      };
      const outcome = await outcomeOf(() =>
        withLedgerTx(t.db, (tx) =>
          op.type === "post"
            ? postEscrow(tx, { ...amounts, buyerId: ids[op.buyer]! })
            : voidEscrow(tx, { ...amounts, sellerId: ids[trade.seller]! }),
        ),
      );
      if (trade.state !== "open") return expect(outcome).toBe("ERROR_ESCROW_ALREADY_SETTLED");
      expect(outcome).toBe("ok");
      if (op.type === "post") {
        model.add(op.buyer, "BTC", trade.amountMinor);
        trade.state = "posted";
      } else {
        model.add(trade.seller, "BTC", trade.amountMinor + trade.feeMinor);
        trade.state = "voided";
      }
      return;
    }
    case "withdraw": {
      const balance = model.get(op.user, "BTC");
      let amountMinor = share(balance > NETWORK_FEE_BTC ? balance - NETWORK_FEE_BTC : 0n, op.percent);
      if (amountMinor < MIN_WITHDRAWAL_BTC) amountMinor = MIN_WITHDRAWAL_BTC;
      const address = op.isRejected
        ? `bc1q${"q".repeat(34)}${DEV_CHAIN_REJECTED_SUFFIX}`
        : `bc1q${randomBytes(19)
            .toString("hex")
            .replace(/[1bio]/g, "q")}`;
      const outcome = await outcomeOf(() =>
        sendCrypto(
          t.db,
          { userId: ids[op.user]!, username: names[op.user]! },
          { cryptoCurrencyCode: "BTC", amount: formatAmount(amountMinor, 8), address },
          null,
        ),
      );
      if (amountMinor + NETWORK_FEE_BTC > balance) return expect(outcome).toBe("ERROR_INSUFFICIENT_BALANCE");
      expect(outcome).toBe("ok");
      model.add(op.user, "BTC", -(amountMinor + NETWORK_FEE_BTC));
      const report = await broadcastPendingWithdrawals(t.db);
      expect(report).toMatchObject(op.isRejected ? { claimed: 1, failed: 1 } : { claimed: 1, completed: 1 });
      if (op.isRejected) model.add(op.user, "BTC", amountMinor + NETWORK_FEE_BTC);
      return;
    }
    case "spendHeld": {
      // Held escrow is not spendable: one unit more than the available balance is refused even
      // when the user's escrow would cover it.
      const balance = model.get(op.user, "BTC");
      const other = (op.user + 1) % 3;
      const outcome = await outcomeOf(() =>
        sendCrypto(
          t.db,
          { userId: ids[op.user]!, username: names[op.user]! },
          { cryptoCurrencyCode: "BTC", amount: formatAmount(balance + 1n, 8), username: names[other]! },
          null,
        ),
      );
      expect(outcome).toBe("ERROR_INSUFFICIENT_BALANCE");
      return;
    }
  }
}

async function checkRun(model: Model, firstTransferId: bigint): Promise<void> {
  // The model's balances are the database's.
  for (const [index, userId] of model.userIds.entries()) {
    const owned = await getOwnerBalances(t.db, userId);
    for (const currency of [BTC, USDT]) {
      const available =
        owned.find((row) => row.currencyId === currency.id && row.kind === "available")?.balanceMinor ?? 0n;
      expect(available, `user ${index} ${currency.code}`).toBe(model.get(index, currency.code));
      const pending =
        owned.find((row) => row.currencyId === currency.id && row.kind === "withdrawal")?.balanceMinor ?? 0n;
      expect(pending).toBe(0n);
    }
    const escrow = owned.find((row) => row.currencyId === BTC.id && row.kind === "escrow")?.balanceMinor ?? 0n;
    const open = model.trades
      .filter((trade) => trade.seller === index && trade.state === "open")
      .reduce((sum, trade) => sum + trade.amountMinor + trade.feeMinor, 0n);
    expect(escrow, `escrow of user ${index}`).toBe(open);
  }
  // I1: every transfer of this run sums to zero per currency, with at least two entries.
  const unbalanced = await sql<{ transfer_id: bigint }>`
    SELECT t.id AS transfer_id FROM ledger_transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
    WHERE t.id >= ${firstTransferId}
    GROUP BY t.id HAVING count(e.transfer_id) < 2 OR coalesce(sum(e.amount), 0) <> 0`.execute(t.db);
  expect(unbalanced.rows).toEqual([]);
  // I3 and I2 for every account this run's users own (escrow included).
  const drift = await sql<{ key: string }>`
    SELECT a.key FROM ledger_accounts a
    WHERE a.owner_user_id = ANY(${model.userIds}::bigint[])
      AND (a.balance < 0 OR a.balance <> coalesce((SELECT sum(e.amount) FROM ledger_entries e WHERE e.account_id = a.id), 0))`.execute(
    t.db,
  );
  expect(drift.rows).toEqual([]);
}

async function runSequence_(ops: Op[], runId: number): Promise<void> {
  const { ids, names } = await newUsers(3);
  const model = new Model(ids);
  const first = await sql<{ next: bigint }>`SELECT coalesce(max(id), 0) + 1 AS next FROM ledger_transfers`.execute(
    t.db,
  );
  for (const op of ops) await applyOp(op, model, names, runId);
  await checkRun(model, first.rows[0]!.next);
  if (runId % 100 === 0) {
    await expectLedgerHolds(t.db);
  }
}

let runs = 0;

describe("random sequences of money movements against the database", () => {
  it("keep I1 and I3 and match the model (1,000 runs)", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArbitrary(fc.integer({ min: 1, max: 100 })), { minLength: 1, maxLength: 8 }),
        async (ops) => {
          runs += 1;
          await runSequence_(ops, runs);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it("never overdraw an account or spend held escrow (I2) when amounts often exceed the balance (1,000 runs)", {
    timeout: 600_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArbitrary(fc.integer({ min: 50, max: 200 })), { minLength: 1, maxLength: 8 }),
        async (ops) => {
          runs += 1;
          await runSequence_(ops, runs);
        },
      ),
      { numRuns: NUM_RUNS },
    );
    const report = await verifyLedger(t.db, ledgerChecks);
    expect(report.isOk).toBe(true);
  });
});
