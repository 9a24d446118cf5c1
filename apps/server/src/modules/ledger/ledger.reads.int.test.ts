import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import { openDatabase, withTx } from "../../db/pool.ts";
import { collectBid, holdBid } from "./bid-holds.service.ts";
import { accounts, BID_REFERENCE_TYPE, type BidId } from "./ledger.domain.ts";
import {
  availableKey,
  balanceOf,
  codeOf,
  fund,
  heldEscrow,
  insertUsers,
  newTradeId,
  onLedgerTestApp,
} from "./ledger.fixtures.ts";
import {
  getEscrowState,
  getTransfer,
  holdEscrow,
  listNonZeroBalances,
  postEscrow,
  reverseTransfer,
  type TransferView,
  transfer,
  withLedgerTx,
} from "./ledger.service.ts";

/**
 * The ledger service's reads and corrections, and the guards it keeps before any statement:
 * written from the mutants that outlived the ledger's API tests (docs/decisions/085-failpoints-and-mutation-testing.md).
 */
const BTC = 1;

let t: TestApp;
onLedgerTestApp((app) => {
  t = app;
});

/** Each entry of a reversal is the entry of the original at the same position, negated, on the same account. */
function expectMirror(original: TransferView | null, reversal: TransferView | null): void {
  const legs = (view: TransferView | null) =>
    (view?.entries ?? []).map((entry) => ({ key: entry.accountKey, amount: entry.amountMinor, code: entry.code }));
  const mirrored = legs(original).map((entry) => ({ ...entry, amount: -entry.amount }));
  expect(
    new Set(legs(reversal).map((entry) => JSON.stringify(entry, (_k, v) => (typeof v === "bigint" ? `${v}` : v)))),
  ).toEqual(new Set(mirrored.map((entry) => JSON.stringify(entry, (_k, v) => (typeof v === "bigint" ? `${v}` : v)))));
  expect(reversal?.entries.length).toBe(original?.entries.length);
}

async function reverse(transferId: bigint) {
  const result = await withLedgerTx(t.db, (tx) =>
    reverseTransfer(tx, { transferId, idempotencyKey: `fix:${transferId}` }),
  );
  return getTransfer(t.db, result.transferId);
}

describe("corrections name every kind of account", () => {
  it("reverses a deposit from the world account back to it", async () => {
    const [user] = await insertUsers(t.db, 1);
    const deposit = await fund(t.db, user!, BTC, 700n);
    const original = await getTransfer(t.db, deposit);
    expectMirror(original, await reverse(deposit));
    expect(await balanceOf(t.db, availableKey(user!, BTC))).toBe(0n);
  });

  it("names a bid's own escrow when reversing its collection, and refuses to reopen it once settled", async () => {
    const [vendor] = await insertUsers(t.db, 1);
    await fund(t.db, vendor!, BTC, 1_000n);
    const bidId: BidId = newTradeId();
    const hold = await withLedgerTx(t.db, (tx) =>
      holdBid(tx, { bidId, vendorId: vendor!, currencyCode: "BTC", amountMinor: 300n }),
    );
    const held = await getTransfer(t.db, hold.transferId);
    expect(held?.entries.some((entry) => entry.accountKey.startsWith(`escrow:${BID_REFERENCE_TYPE}:`))).toBe(true);
    const collected = await withLedgerTx(t.db, (tx) =>
      collectBid(tx, { bidId, currencyCode: "BTC", amountMinor: 300n }),
    );
    const refused = await codeOf(
      withLedgerTx(t.db, (tx) =>
        reverseTransfer(tx, { transferId: collected.transferId, idempotencyKey: `fix:${bidId}` }),
      ),
    );
    expect(refused).toBe("ERROR_ESCROW_ALREADY_SETTLED");
    expect(await balanceOf(t.db, availableKey(vendor!, BTC))).toBe(700n);
  });

  it("names the fee shard of a released trade when reversing it, and refuses to reopen the settled escrow", async () => {
    const { buyer, tradeId, amounts } = await heldEscrow(t.db);
    const posted = await withLedgerTx(t.db, (tx) => postEscrow(tx, { ...amounts, buyerId: buyer! }));
    const refused = await codeOf(
      withLedgerTx(t.db, (tx) =>
        reverseTransfer(tx, { transferId: posted.transferId, idempotencyKey: `fix:${tradeId}` }),
      ),
    );
    expect(refused).toBe("ERROR_ESCROW_ALREADY_SETTLED");
    expect(await balanceOf(t.db, availableKey(buyer!, BTC))).toBe(500n);
  });
});

describe("corrections of what the treasury holds, and of nothing", () => {
  it("reverses a deposit to the treasury back to the world account", async () => {
    const before = await balanceOf(t.db, `treasury:c${BTC}`);
    const deposit = await withLedgerTx(t.db, (tx) =>
      transfer(tx, {
        idempotencyKey: `treasury:${newTradeId()}`,
        kind: "deposit",
        currencyId: BTC,
        legs: [{ from: accounts.world(), to: accounts.treasury(), amountMinor: 40n }],
      }),
    );
    const original = await getTransfer(t.db, deposit.transferId);
    expect(original?.entries.map((entry) => entry.accountKind)).toEqual(["world", "treasury"]);
    expectMirror(original, await reverse(deposit.transferId));
    expect(await balanceOf(t.db, `treasury:c${BTC}`)).toBe(before);
  });

  it("refuses to reverse a transfer that does not exist, naming it", async () => {
    expect(
      await codeOf(
        withLedgerTx(t.db, (tx) => reverseTransfer(tx, { transferId: 987_654_321n, idempotencyKey: "none" })),
      ),
    ).toBe("usage:no transfer 987654321");
  });
});

describe("reads", () => {
  it("names the trade on each of its escrow's transfers", async () => {
    const [seller, buyer] = await insertUsers(t.db, 2);
    await fund(t.db, seller!, BTC, 1_000n);
    const tradeId = newTradeId();
    const amounts = { tradeId, currencyCode: "BTC", amountMinor: 100n, feeMinor: 1n };
    const hold = await withLedgerTx(t.db, (tx) => holdEscrow(tx, { ...amounts, sellerId: seller! }));
    const post = await withLedgerTx(t.db, (tx) => postEscrow(tx, { ...amounts, buyerId: buyer! }));
    for (const transferId of [hold.transferId, post.transferId])
      expect((await getTransfer(t.db, transferId))?.reference).toEqual({ type: "trade", id: tradeId });
  });

  it("tells a trade's escrow as absent, then held, then settled", async () => {
    const [seller, buyer] = await insertUsers(t.db, 2);
    await fund(t.db, seller!, BTC, 1_000n);
    const tradeId = newTradeId();
    const amounts = { tradeId, currencyCode: "BTC", amountMinor: 200n, feeMinor: 2n };
    expect(await getEscrowState(t.db, tradeId, "BTC")).toEqual({
      heldMinor: 0n,
      isSettled: false,
      exists: false,
    });
    await withLedgerTx(t.db, (tx) => holdEscrow(tx, { ...amounts, sellerId: seller! }));
    expect(await getEscrowState(t.db, tradeId, "BTC")).toEqual({
      heldMinor: 202n,
      isSettled: false,
      exists: true,
    });
    await withLedgerTx(t.db, (tx) => postEscrow(tx, { ...amounts, buyerId: buyer! }));
    expect(await getEscrowState(t.db, tradeId, "BTC")).toEqual({
      heldMinor: 0n,
      isSettled: true,
      exists: true,
    });
  });

  it("gives an entry's owner as a number, and none for the world account", async () => {
    const [user] = await insertUsers(t.db, 1);
    const view = await getTransfer(t.db, await fund(t.db, user!, BTC, 50n));
    expect(view?.entries.map((entry) => [entry.accountKind, entry.ownerUserId])).toEqual([
      ["world", null],
      ["available", user],
    ]);
    expect(await getTransfer(t.db, 987_654_321n)).toBeNull();
  });

  it("lists a user's non-zero available balance with its owner, and drops it once emptied", async () => {
    const [user, other] = await insertUsers(t.db, 2);
    await fund(t.db, user!, BTC, 70n);
    const mine = async () =>
      (await listNonZeroBalances(t.db, "available")).filter(
        (row) => row.ownerUserId === user && row.currencyId === BTC,
      );
    expect(await mine()).toEqual([{ ownerUserId: user, currencyId: BTC, balanceMinor: 70n }]);
    await withLedgerTx(t.db, (tx) =>
      holdEscrow(tx, { tradeId: newTradeId(), sellerId: user!, currencyCode: "BTC", amountMinor: 70n, feeMinor: 0n }),
    );
    expect(await mine()).toEqual([]);
    expect(other).toBeGreaterThan(0);
  });
});

describe("guards before any statement", () => {
  const sellerAndAmounts = (amountMinor: bigint, feeMinor: bigint) => ({
    tradeId: newTradeId(),
    sellerId: 1,
    currencyCode: "BTC",
    amountMinor,
    feeMinor,
  });

  it("refuses an escrow of nothing and a negative fee, and a bid of nothing", async () => {
    expect(await codeOf(withLedgerTx(t.db, (tx) => holdEscrow(tx, sellerAndAmounts(0n, 0n))))).toBe(
      "usage:an escrow amount must be positive",
    );
    expect(await codeOf(withLedgerTx(t.db, (tx) => holdEscrow(tx, sellerAndAmounts(1n, -1n))))).toBe(
      "usage:an escrow fee must not be negative",
    );
    const bid = { bidId: newTradeId() as BidId, vendorId: 1, currencyCode: "BTC", amountMinor: 0n };
    expect(await codeOf(withLedgerTx(t.db, (tx) => holdBid(tx, bid)))).toBe("usage:a bid amount must be positive");
  });

  it("refuses a lock timeout that is not a positive whole number of milliseconds", async () => {
    for (const lockTimeoutMs of [0, -5, 1.5])
      expect(await codeOf(withLedgerTx(t.db, async () => 1, { lockTimeoutMs }))).toBe("usage:invalid lock timeout");
    expect(accounts.world().kind).toBe("world");
  });
});

describe("a busy ledger", () => {
  it("bounds its lock waits from its first statement on, even when the work lifted the session's bound", async () => {
    const [a, b] = await insertUsers(t.db, 2);
    await fund(t.db, a!, BTC, 10n);
    const blocker = openDatabase(t.databaseUrl, { poolSize: 1, role: null });
    try {
      const code = await withTx(blocker.db, async (lockTx) => {
        await sql`SELECT 1 FROM ledger_accounts WHERE key = ${availableKey(a!, BTC)} FOR UPDATE`.execute(lockTx);
        return codeOf(
          withLedgerTx(
            t.db,
            async (tx) => {
              // No bound at all for this transaction's statements, until the ledger sets its own.
              await sql`SET LOCAL lock_timeout = 0`.execute(tx);
              return transfer(tx, {
                idempotencyKey: `t:${newTradeId()}`,
                kind: "internal_transfer",
                currencyId: BTC,
                legs: [{ from: accounts.available(a!), to: accounts.available(b!), amountMinor: 1n }],
              });
            },
            { lockTimeoutMs: 100 },
          ),
        );
      });
      expect(code).toBe("ERROR_LEDGER_ASYNC_MODE");
    } finally {
      await blocker.close();
    }
  });

  it("retries a serialization failure and a deadlock whole, and answers busy for them and for a timeout", async () => {
    const outcomes = [];
    for (const code of ["40001", "40P01", "55P03", "57014"]) {
      let runs = 0;
      const answer = await codeOf(
        withLedgerTx(t.db, async () => {
          runs += 1;
          throw Object.assign(new Error(`database error ${code}`), { code });
        }),
      );
      outcomes.push({ code, answer, isRetried: runs > 1 });
    }
    expect(outcomes).toEqual([
      { code: "40001", answer: "ERROR_LEDGER_ASYNC_MODE", isRetried: true },
      { code: "40P01", answer: "ERROR_LEDGER_ASYNC_MODE", isRetried: true },
      { code: "55P03", answer: "ERROR_LEDGER_ASYNC_MODE", isRetried: false },
      { code: "57014", answer: "ERROR_LEDGER_ASYNC_MODE", isRetried: false },
    ]);
  });

  it("passes any other failure through as it was thrown, whatever it is", async () => {
    const unique = Object.assign(new Error("duplicate key"), { code: "23505" });
    await expect(withLedgerTx(t.db, () => Promise.reject(unique))).rejects.toBe(unique);
    await expect(withLedgerTx(t.db, () => Promise.reject(undefined))).rejects.toBeUndefined();
    await expect(withLedgerTx(t.db, () => Promise.reject(null))).rejects.toBeNull();
  });
});
