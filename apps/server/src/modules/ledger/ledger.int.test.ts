import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { brokenInvariants } from "../../../test/ledger-holds.ts";
import { type Db, openDatabase, withTx } from "../../db/pool.ts";
import { ledgerChecks } from "../registry.ts";
import { ledgerVerifyCommand } from "./ledger.commands.ts";
import { accounts, feeShardFor } from "./ledger.domain.ts";
import {
  availableKey,
  balanceOf,
  codeOf,
  escrowKey,
  fund,
  heldEscrow,
  insertUsers,
  newTradeId,
  onLedgerTestApp,
} from "./ledger.fixtures.ts";
import {
  getTransfer,
  holdEscrow,
  postEscrow,
  reverseTransfer,
  transfer,
  voidEscrow,
  withLedgerTx,
} from "./ledger.service.ts";
import { verifyLedger } from "./ledger.verify.ts";

const BTC = 1;
const USDT = 3;

let t: TestApp;
onLedgerTestApp((app) => {
  t = app;
});

describe("transfers", () => {
  it("writes two entries per leg that sum to zero and moves the cached balances", async () => {
    const [a, b] = await insertUsers(t.db, 2);
    await fund(t.db, a!, BTC, 1_000n);
    const result = await withLedgerTx(t.db, (tx) =>
      transfer(tx, {
        idempotencyKey: `t:${newTradeId()}`,
        kind: "internal_transfer",
        currencyId: BTC,
        legs: [{ from: accounts.available(a!), to: accounts.available(b!), amountMinor: 300n }],
      }),
    );
    expect(result.isReplayed).toBe(false);
    expect(result.balancesAfter?.get(availableKey(a!, BTC))).toBe(700n);
    const view = await getTransfer(t.db, result.transferId);
    expect(view?.entries.map((entry) => entry.amountMinor)).toEqual([-300n, 300n]);
    expect(await balanceOf(t.db, availableKey(a!, BTC))).toBe(700n);
    expect(await balanceOf(t.db, availableKey(b!, BTC))).toBe(300n);
  });

  it("refuses an overdraft with ERROR_INSUFFICIENT_BALANCE and leaves no trace", async () => {
    const [a, b] = await insertUsers(t.db, 2);
    await fund(t.db, a!, BTC, 100n);
    const key = `t:${newTradeId()}`;
    const code = await codeOf(
      withLedgerTx(t.db, (tx) =>
        transfer(tx, {
          idempotencyKey: key,
          kind: "internal_transfer",
          currencyId: BTC,
          legs: [{ from: accounts.available(a!), to: accounts.available(b!), amountMinor: 101n }],
        }),
      ),
    );
    expect(code).toBe("ERROR_INSUFFICIENT_BALANCE");
    expect(await balanceOf(t.db, availableKey(a!, BTC))).toBe(100n);
    const rows = await sql`SELECT 1 FROM ledger_transfers WHERE idempotency_key = ${key}`.execute(t.db);
    expect(rows.rows).toHaveLength(0);
  });

  it("cannot commit a refused transfer even when the caller swallows the refusal", async () => {
    const [a, b] = await insertUsers(t.db, 2);
    await fund(t.db, a!, BTC, 10n);
    const key = `t:${newTradeId()}`;
    const code = await codeOf(
      withTx(t.db, async (tx) => {
        await codeOf(
          transfer(tx, {
            idempotencyKey: key,
            kind: "internal_transfer",
            currencyId: BTC,
            legs: [{ from: accounts.available(a!), to: accounts.available(b!), amountMinor: 11n }],
          }),
        );
      }),
    );
    expect(code).toBe("raw:23514");
    const rows = await sql`SELECT 1 FROM ledger_transfers WHERE idempotency_key = ${key}`.execute(t.db);
    expect(rows.rows).toHaveLength(0);
  });

  it("keeps the database CHECK as a last line of defence against a negative balance", async () => {
    const [a] = await insertUsers(t.db, 1);
    await fund(t.db, a!, BTC, 5n);
    const code = await codeOf(
      sql`UPDATE ledger_accounts SET balance = balance - 6 WHERE key = ${availableKey(a!, BTC)}`.execute(t.db),
    );
    expect(code).toBe("raw:23514");
  });
});

describe("append-only history (I9)", () => {
  it("denies the application role UPDATE and DELETE on entries and transfers", async () => {
    const [a] = await insertUsers(t.db, 1);
    const transferId = await fund(t.db, a!, BTC, 10n);
    const attempts = [
      sql`UPDATE ledger_entries SET amount = amount * 2 WHERE transfer_id = ${transferId}`,
      sql`DELETE FROM ledger_entries WHERE transfer_id = ${transferId}`,
      sql`UPDATE ledger_transfers SET kind = 'reversal' WHERE id = ${transferId}`,
      sql`DELETE FROM ledger_transfers WHERE id = ${transferId}`,
      sql`UPDATE ledger_accounts SET owner_user_id = NULL WHERE key = ${availableKey(a!, BTC)}`,
      sql`DELETE FROM ledger_accounts WHERE key = ${availableKey(a!, BTC)}`,
      sql`TRUNCATE ledger_entries`,
    ];
    for (const attempt of attempts) expect(await codeOf(attempt.execute(t.db))).toBe("raw:42501");
  });

  it("refuses rewrites even by the owner role, through a trigger", async () => {
    const [a] = await insertUsers(t.db, 1);
    const transferId = await fund(t.db, a!, BTC, 10n);
    expect(
      await codeOf(sql`UPDATE ledger_entries SET amount = 1 WHERE transfer_id = ${transferId}`.execute(t.ownerDb)),
    ).toBe("raw:42501");
    expect(await codeOf(sql`DELETE FROM ledger_transfers WHERE id = ${transferId}`.execute(t.ownerDb))).toBe(
      "raw:42501",
    );
  });

  it("corrects with a reversing transfer, at most once", async () => {
    const [a, b] = await insertUsers(t.db, 2);
    await fund(t.db, a!, USDT, 500n);
    const sent = await withLedgerTx(t.db, (tx) =>
      transfer(tx, {
        idempotencyKey: `t:${newTradeId()}`,
        kind: "internal_transfer",
        currencyId: USDT,
        legs: [{ from: accounts.available(a!), to: accounts.available(b!), amountMinor: 200n }],
      }),
    );
    const reversal = await withLedgerTx(t.db, (tx) =>
      reverseTransfer(tx, { transferId: sent.transferId, idempotencyKey: `fix:${sent.transferId}` }),
    );
    expect((await getTransfer(t.db, reversal.transferId))?.reversesTransferId).toBe(sent.transferId);
    expect(await balanceOf(t.db, availableKey(a!, USDT))).toBe(500n);
    expect(await balanceOf(t.db, availableKey(b!, USDT))).toBe(0n);
    const again = await codeOf(
      withLedgerTx(t.db, (tx) => reverseTransfer(tx, { transferId: sent.transferId, idempotencyKey: "fix:again" })),
    );
    expect(again).toBe("ERROR_LEDGER_ALREADY_REVERSED");
  });
});

describe("the deferred balance trigger (I1)", () => {
  it("refuses at commit a transfer whose entries do not sum to zero", async () => {
    const [a] = await insertUsers(t.db, 1);
    await fund(t.db, a!, BTC, 10n);
    const account = await sql<{
      id: bigint;
    }>`SELECT id FROM ledger_accounts WHERE key = ${availableKey(a!, BTC)}`.execute(t.db);
    const accountId = account.rows[0]!.id;
    const code = await codeOf(
      withTx(t.db, async (tx) => {
        const inserted = await sql<{ id: bigint }>`
          INSERT INTO ledger_transfers (idempotency_key, request_hash, kind, currency_id)
          VALUES (${`raw:${newTradeId()}`}, 'x', 'deposit', ${BTC}) RETURNING id`.execute(tx);
        const id = inserted.rows[0]!.id;
        await sql`INSERT INTO ledger_entries (transfer_id, position, account_id, currency_id, amount, code)
          VALUES (${id}, 0, ${accountId}, ${BTC}, 5, 'principal'), (${id}, 1, ${accountId}, ${BTC}, -4, 'principal')`.execute(
          tx,
        );
      }),
    );
    expect(code).toBe("raw:23514");
  });

  it("refuses at commit a transfer with a single entry or none", async () => {
    const code = await codeOf(
      withTx(t.db, async (tx) => {
        await sql`INSERT INTO ledger_transfers (idempotency_key, request_hash, kind, currency_id)
          VALUES (${`raw:${newTradeId()}`}, 'x', 'deposit', ${BTC})`.execute(tx);
      }),
    );
    expect(code).toBe("raw:23514");
  });

  it("refuses an entry whose currency is not its account's", async () => {
    const [a] = await insertUsers(t.db, 1);
    const transferId = await fund(t.db, a!, BTC, 10n);
    const account = await sql<{
      id: bigint;
    }>`SELECT id FROM ledger_accounts WHERE key = ${availableKey(a!, BTC)}`.execute(t.db);
    const code = await codeOf(
      sql`INSERT INTO ledger_entries (transfer_id, position, account_id, currency_id, amount, code)
        VALUES (${transferId}, 9, ${account.rows[0]!.id}, ${USDT}, 1, 'principal')`.execute(t.db),
    );
    expect(code).toBe("raw:23503");
  });
});

describe("idempotency (I7)", () => {
  async function send(key: string, from: number, to: number, amountMinor: bigint, db: Db = t.db) {
    return withLedgerTx(db, (tx) =>
      transfer(tx, {
        idempotencyKey: key,
        kind: "internal_transfer",
        currencyId: BTC,
        legs: [{ from: accounts.available(from), to: accounts.available(to), amountMinor }],
      }),
    );
  }

  it("returns the first transfer for a sequential replay and moves the money once", async () => {
    const [a, b] = await insertUsers(t.db, 2);
    await fund(t.db, a!, BTC, 1_000n);
    const key = `idem:${newTradeId()}`;
    const first = await send(key, a!, b!, 100n);
    const second = await send(key, a!, b!, 100n);
    expect(second.transferId).toBe(first.transferId);
    expect(second.isReplayed).toBe(true);
    expect(await balanceOf(t.db, availableKey(b!, BTC))).toBe(100n);
  });

  it("refuses the same key with another amount", async () => {
    const [a, b] = await insertUsers(t.db, 2);
    await fund(t.db, a!, BTC, 1_000n);
    const key = `idem:${newTradeId()}`;
    await send(key, a!, b!, 100n);
    expect(await codeOf(send(key, a!, b!, 101n))).toBe("ERROR_LEDGER_IDEMPOTENCY_CONFLICT");
    expect(await balanceOf(t.db, availableKey(b!, BTC))).toBe(100n);
  });

  it("has one effect for 20 parallel duplicates on separate connections", async () => {
    const [a, b] = await insertUsers(t.db, 2);
    await fund(t.db, a!, BTC, 1_000n);
    const wide = openDatabase(t.databaseUrl, { poolSize: 20 });
    try {
      const key = `idem:${newTradeId()}`;
      const results = await Promise.all(Array.from({ length: 20 }, () => send(key, a!, b!, 150n, wide.db)));
      expect(new Set(results.map((result) => result.transferId)).size).toBe(1);
      expect(results.filter((result) => !result.isReplayed)).toHaveLength(1);
      expect(await balanceOf(t.db, availableKey(a!, BTC))).toBe(850n);
      expect(await balanceOf(t.db, availableKey(b!, BTC))).toBe(150n);
    } finally {
      await wide.close();
    }
  });
});

describe("escrow", () => {
  it("holds amount plus fee, and the held escrow cannot be spent again (I2)", async () => {
    const [seller, other] = await insertUsers(t.db, 2);
    await fund(t.db, seller!, BTC, 1_000n);
    const tradeId = newTradeId();
    await withLedgerTx(t.db, (tx) =>
      holdEscrow(tx, { tradeId, sellerId: seller!, currencyCode: "BTC", amountMinor: 600n, feeMinor: 6n }),
    );
    expect(await balanceOf(t.db, escrowKey(tradeId, BTC))).toBe(606n);
    expect(await balanceOf(t.db, availableKey(seller!, BTC))).toBe(394n);
    const spend = await codeOf(
      withLedgerTx(t.db, (tx) =>
        transfer(tx, {
          idempotencyKey: `t:${newTradeId()}`,
          kind: "internal_transfer",
          currencyId: BTC,
          legs: [{ from: accounts.available(seller!), to: accounts.available(other!), amountMinor: 395n }],
        }),
      ),
    );
    expect(spend).toBe("ERROR_INSUFFICIENT_BALANCE");
    const secondTrade = await codeOf(
      withLedgerTx(t.db, (tx) =>
        holdEscrow(tx, {
          tradeId: newTradeId(),
          sellerId: seller!,
          currencyCode: "BTC",
          amountMinor: 600n,
          feeMinor: 6n,
        }),
      ),
    );
    expect(secondTrade).toBe("ERROR_INSUFFICIENT_BALANCE");
  });

  it("posts the amount to the buyer and the fee to a fee shard, then refuses any second settlement", async () => {
    const { seller, buyer, tradeId, amounts } = await heldEscrow(t.db);
    const posted = await withLedgerTx(t.db, (tx) => postEscrow(tx, { ...amounts, buyerId: buyer! }));
    expect(await balanceOf(t.db, availableKey(buyer!, BTC))).toBe(500n);
    expect(await balanceOf(t.db, escrowKey(tradeId, BTC))).toBe(0n);
    const view = await getTransfer(t.db, posted.transferId);
    expect(view?.entries.find((entry) => entry.code === "fee" && entry.amountMinor > 0n)?.accountKind).toBe("fees");
    expect(await codeOf(withLedgerTx(t.db, (tx) => postEscrow(tx, { ...amounts, buyerId: buyer! })))).toBe(
      "ERROR_ESCROW_ALREADY_SETTLED",
    );
    expect(await codeOf(withLedgerTx(t.db, (tx) => voidEscrow(tx, { ...amounts, sellerId: seller! })))).toBe(
      "ERROR_ESCROW_ALREADY_SETTLED",
    );
    expect(await balanceOf(t.db, availableKey(buyer!, BTC))).toBe(500n);
    expect(await balanceOf(t.db, availableKey(seller!, BTC))).toBe(495n);
  });

  it("voids back to the seller, amount and fee, then refuses a post", async () => {
    const { seller, buyer, amounts } = await heldEscrow(t.db);
    await withLedgerTx(t.db, (tx) => voidEscrow(tx, { ...amounts, sellerId: seller! }));
    expect(await balanceOf(t.db, availableKey(seller!, BTC))).toBe(1_000n);
    expect(await codeOf(withLedgerTx(t.db, (tx) => postEscrow(tx, { ...amounts, buyerId: buyer! })))).toBe(
      "ERROR_ESCROW_ALREADY_SETTLED",
    );
  });

  it("refuses a settlement that does not empty the escrow exactly, and one without a hold", async () => {
    const [seller, buyer] = await insertUsers(t.db, 2);
    await fund(t.db, seller!, BTC, 1_000n);
    const tradeId = newTradeId();
    await withLedgerTx(t.db, (tx) =>
      holdEscrow(tx, { tradeId, sellerId: seller!, currencyCode: "BTC", amountMinor: 500n, feeMinor: 5n }),
    );
    const tooLittle = await codeOf(
      withLedgerTx(t.db, (tx) =>
        postEscrow(tx, { tradeId, buyerId: buyer!, currencyCode: "BTC", amountMinor: 500n, feeMinor: 4n }),
      ),
    );
    const tooMuch = await codeOf(
      withLedgerTx(t.db, (tx) =>
        voidEscrow(tx, { tradeId, sellerId: seller!, currencyCode: "BTC", amountMinor: 501n, feeMinor: 5n }),
      ),
    );
    const noHold = await codeOf(
      withLedgerTx(t.db, (tx) =>
        postEscrow(tx, { tradeId: newTradeId(), buyerId: buyer!, currencyCode: "BTC", amountMinor: 1n, feeMinor: 0n }),
      ),
    );
    expect([tooLittle, tooMuch, noHold]).toEqual([
      "ERROR_ESCROW_AMOUNT_MISMATCH",
      "ERROR_ESCROW_AMOUNT_MISMATCH",
      "ERROR_ESCROW_NOT_HELD",
    ]);
  });

  it("holds a trade once, even under another idempotency key", async () => {
    const [seller] = await insertUsers(t.db, 1);
    await fund(t.db, seller!, BTC, 1_000n);
    const tradeId = newTradeId();
    const hold = (idempotencyKey?: string) =>
      withLedgerTx(t.db, (tx) =>
        holdEscrow(tx, {
          tradeId,
          sellerId: seller!,
          currencyCode: "BTC",
          amountMinor: 100n,
          feeMinor: 1n,
          ...(idempotencyKey ? { idempotencyKey } : {}),
        }),
      );
    const first = await hold("request-1");
    expect((await hold("request-1")).transferId).toBe(first.transferId);
    expect(await codeOf(hold("request-2"))).toBe("ERROR_ESCROW_ALREADY_HELD");
    expect(await codeOf(hold())).toBe("ERROR_ESCROW_ALREADY_HELD");
    expect(await balanceOf(t.db, escrowKey(tradeId, BTC))).toBe(101n);
  });
});

describe("the overspend race (I2)", () => {
  it("lets exactly one of 50 concurrent holds of 60% of the balance through, 20 times over", async () => {
    const wide = openDatabase(t.databaseUrl, { poolSize: 50 });
    try {
      for (let round = 0; round < 20; round += 1) {
        const [seller] = await insertUsers(t.db, 1);
        await fund(t.db, seller!, BTC, 1_000n);
        const outcomes = await Promise.all(
          Array.from({ length: 50 }, () =>
            codeOf(
              withLedgerTx(wide.db, (tx) =>
                holdEscrow(tx, {
                  tradeId: newTradeId(),
                  sellerId: seller!,
                  currencyCode: "BTC",
                  amountMinor: 600n,
                  feeMinor: 0n,
                }),
              ),
            ),
          ),
        );
        expect(outcomes.filter((outcome) => outcome === "none")).toHaveLength(1);
        // Every loser is refused as short of money; a raw database error here means the balance
        // was read without its lock and the CHECK constraint, not the ledger, stopped the overdraft.
        const losers = outcomes.filter((outcome) => outcome !== "none");
        expect(
          losers.filter((outcome) => outcome !== "ERROR_INSUFFICIENT_BALANCE"),
          "losers not refused as short",
        ).toEqual([]);
        expect(await balanceOf(t.db, availableKey(seller!, BTC))).toBe(400n);
      }
    } finally {
      await wide.close();
    }
  });
});

describe("settlement races (I5)", () => {
  it("settles each trade exactly once when post and void race on separate connections, 50 times", async () => {
    const wide = openDatabase(t.databaseUrl, { poolSize: 4 });
    try {
      const [seller, buyer] = await insertUsers(t.db, 2);
      await fund(t.db, seller!, BTC, 100_000n);
      for (let round = 0; round < 50; round += 1) {
        const tradeId = newTradeId();
        const amounts = { tradeId, currencyCode: "BTC", amountMinor: 1_000n, feeMinor: 10n };
        await withLedgerTx(t.db, (tx) => holdEscrow(tx, { ...amounts, sellerId: seller! }));
        const outcomes = await Promise.all([
          codeOf(withLedgerTx(wide.db, (tx) => postEscrow(tx, { ...amounts, buyerId: buyer! }))),
          codeOf(withLedgerTx(wide.db, (tx) => voidEscrow(tx, { ...amounts, sellerId: seller! }))),
          codeOf(withLedgerTx(wide.db, (tx) => postEscrow(tx, { ...amounts, buyerId: buyer! }))),
        ]);
        expect(outcomes.filter((outcome) => outcome === "none")).toHaveLength(1);
        expect(outcomes.filter((outcome) => outcome === "ERROR_ESCROW_ALREADY_SETTLED")).toHaveLength(2);
        expect(await balanceOf(t.db, escrowKey(tradeId, BTC))).toBe(0n);
      }
      const sellerBalance = await balanceOf(t.db, availableKey(seller!, BTC));
      const buyerBalance = await balanceOf(t.db, availableKey(buyer!, BTC));
      // Every trade either went to the buyer (amount; fee to the platform) or back to the seller.
      expect((100_000n - sellerBalance - buyerBalance) % 10n).toBe(0n);
      expect((buyerBalance / 1_000n) * 1_010n + sellerBalance).toBe(100_000n);
    } finally {
      await wide.close();
    }
  });
});

describe("an overloaded ledger", () => {
  it("answers ERROR_LEDGER_ASYNC_MODE when an account stays locked past the lock timeout", async () => {
    const [a, b] = await insertUsers(t.db, 2);
    await fund(t.db, a!, BTC, 1_000n);
    const blocker = openDatabase(t.databaseUrl, { poolSize: 1, role: null });
    try {
      const code = await withTx(blocker.db, async (lockTx) => {
        await sql`SELECT 1 FROM ledger_accounts WHERE key = ${availableKey(a!, BTC)} FOR UPDATE`.execute(lockTx);
        return codeOf(
          withTx(t.db, async (tx) => {
            await sql`SET LOCAL lock_timeout = '100ms'`.execute(tx);
            return transfer(tx, {
              idempotencyKey: `t:${newTradeId()}`,
              kind: "internal_transfer",
              currencyId: BTC,
              legs: [{ from: accounts.available(a!), to: accounts.available(b!), amountMinor: 1n }],
            });
          }),
        );
      });
      expect(code).toBe("raw:55P03");
      const mapped = await withTx(blocker.db, async (lockTx) => {
        await sql`SELECT 1 FROM ledger_accounts WHERE key = ${availableKey(a!, BTC)} FOR UPDATE`.execute(lockTx);
        return codeOf(
          withLedgerTx(
            t.db,
            (tx) =>
              transfer(tx, {
                idempotencyKey: `t:${newTradeId()}`,
                kind: "internal_transfer",
                currencyId: BTC,
                legs: [{ from: accounts.available(a!), to: accounts.available(b!), amountMinor: 1n }],
              }),
            { lockTimeoutMs: 100 },
          ),
        );
      });
      expect(mapped).toBe("ERROR_LEDGER_ASYNC_MODE");
    } finally {
      await blocker.close();
    }
  });
});

describe("ledger:verify", () => {
  it("passes on a consistent ledger and reports each check", async () => {
    const report = await verifyLedger(t.db, ledgerChecks);
    expect(brokenInvariants(report)).toEqual([]);
    expect(report.isOk).toBe(true);
    expect(report.checks.map((check) => check.invariant)).toEqual(
      expect.arrayContaining(["I1", "I2", "I3", "I4", "I5"]),
    );
  });

  it("runs the checks the modules declare, from the registry, besides its own", async () => {
    const moduleCheckNames = ledgerChecks.map((check) => check.name);
    // The trades module knows which trades are settled or open; the wallet, which withdrawals are.
    expect(moduleCheckNames).toEqual(
      expect.arrayContaining([
        "settled_trades_hold_no_escrow",
        "open_trades_hold_their_escrow",
        "withdrawal_holds_match_open_withdrawals",
      ]),
    );
    const own = (await verifyLedger(t.db)).checks.map((check) => check.name);
    const all = (await verifyLedger(t.db, ledgerChecks)).checks.map((check) => check.name);
    expect(own.some((name) => moduleCheckNames.includes(name))).toBe(false);
    expect(all).toEqual([...own, ...moduleCheckNames]);
  });

  it("refuses two checks with one name rather than report one of them twice", async () => {
    const [first] = ledgerChecks;
    await expect(verifyLedger(t.db, [first!, first!])).rejects.toThrow(/two ledger checks/);
  });

  it("finds a cached balance that drifted from its entries and exits non-zero", async () => {
    const scratch = await createTestApp();
    try {
      const [a] = await insertUsers(scratch.db, 1);
      await fund(scratch.db, a!, BTC, 10n);
      const lines: string[] = [];
      const context = {
        config: scratch.config,
        db: scratch.db,
        print: (line: string) => lines.push(line),
        ledgerChecks,
      };
      expect(await ledgerVerifyCommand.run([], context)).toBe(0);
      for (const check of ledgerChecks) expect(lines.join("\n")).toContain(check.name);
      // A read-then-write bug would look like this: the balance moves without an entry.
      await sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE key = ${availableKey(a!, BTC)}`.execute(
        scratch.ownerDb,
      );
      lines.length = 0;
      expect(await ledgerVerifyCommand.run([], context)).toBe(1);
      expect(lines.join("\n")).toContain(`account ${availableKey(a!, BTC)} holds 11 but its entries sum to 10`);
      expect(lines.join("\n")).toMatch(/FAIL I1 +currency_balances_sum_to_zero/);
    } finally {
      await scratch.close();
    }
  });
});

describe("the fee invariant of ledger:verify", () => {
  const ETH = 2;
  const feeProblems = async (db: Db) =>
    (await verifyLedger(db)).checks.find((check) => check.name === "fee_accounts_hold_posted_fees")?.problems;

  it("holds when released escrow pays its fee to a fee shard, whatever the voids and holds around it", async () => {
    const scratch = await createTestApp();
    try {
      const [seller, buyer] = await insertUsers(scratch.db, 2);
      await fund(scratch.db, seller!, ETH, 10_000n);
      for (const [index, effect] of ["post", "void", "post", "hold"].entries()) {
        const amounts = {
          tradeId: newTradeId(),
          currencyCode: "ETH",
          amountMinor: 1_000n,
          feeMinor: 10n + BigInt(index),
        };
        await withLedgerTx(scratch.db, (tx) => holdEscrow(tx, { ...amounts, sellerId: seller! }));
        if (effect === "post") await withLedgerTx(scratch.db, (tx) => postEscrow(tx, { ...amounts, buyerId: buyer! }));
        if (effect === "void")
          await withLedgerTx(scratch.db, (tx) => voidEscrow(tx, { ...amounts, sellerId: seller! }));
      }
      expect(await feeProblems(scratch.db)).toEqual([]);
      const feesOf = async () =>
        (
          await sql<{ total: string }>`
            SELECT sum(balance)::text AS total FROM ledger_accounts WHERE kind = 'fees' AND currency_id = ${ETH}`.execute(
            scratch.db,
          )
        ).rows[0]?.total;
      expect(await feesOf()).toBe("22");
      // A refund is a correction of the post: the fee goes back out of its shard, and counts as such.
      const post = await sql<{ id: bigint; reference_id: string }>`
        SELECT id, reference_id FROM ledger_transfers WHERE kind = 'escrow_post' AND currency_id = ${ETH}
        ORDER BY id LIMIT 1`.execute(scratch.db);
      const posted = post.rows[0]!;
      await withLedgerTx(scratch.db, (tx) =>
        transfer(tx, {
          idempotencyKey: `refund:${posted.id}`,
          kind: "reversal",
          currencyId: ETH,
          reversesTransferId: posted.id,
          legs: [
            {
              from: accounts.fees(feeShardFor(posted.reference_id)),
              to: accounts.available(seller!),
              amountMinor: 10n,
              code: "fee",
            },
          ],
        }),
      );
      expect(await feesOf()).toBe("12");
      expect(await feeProblems(scratch.db)).toEqual([]);
    } finally {
      await scratch.close();
    }
  });

  it("finds a posted fee that went elsewhere than a fee account, and a fee account paid any other way", async () => {
    const scratch = await createTestApp();
    try {
      const { buyer, tradeId } = await heldEscrow(scratch.db);
      // A post whose fee leg pays the world account: balanced, settled once, and still wrong.
      await withLedgerTx(scratch.db, (tx) =>
        transfer(tx, {
          idempotencyKey: `trade:${tradeId}:settle`,
          kind: "escrow_post",
          currencyId: BTC,
          reference: { type: "trade", id: tradeId },
          legs: [
            { from: accounts.escrow(tradeId), to: accounts.available(buyer!), amountMinor: 500n, code: "principal" },
            { from: accounts.escrow(tradeId), to: accounts.world(), amountMinor: 5n, code: "fee" },
          ],
          settledAccounts: [accounts.escrow(tradeId)],
        }),
      );
      // Money reaching a fee account without a post.
      await withLedgerTx(scratch.db, (tx) =>
        transfer(tx, {
          idempotencyKey: `t:${newTradeId()}`,
          kind: "deposit",
          currencyId: USDT,
          legs: [{ from: accounts.world(), to: accounts.fees(3), amountMinor: 7n }],
        }),
      );
      expect(await feeProblems(scratch.db)).toEqual([
        "currency 1: the fee accounts hold 0, but posted fees minus refunds are 5 (posted 5, refunded 0)",
        "currency 3: the fee accounts hold 7, but posted fees minus refunds are 0 (posted 0, refunded 0)",
      ]);
    } finally {
      await scratch.close();
    }
  });
});

describe("GET /rest/v1/admin/ledger/verify", () => {
  it("gives admins the report and refuses everyone else", async () => {
    const admin = await t.signUp({ roles: ["admin"] });
    const user = await t.signUp();
    const ok = await admin.get("/rest/v1/admin/ledger/verify");
    expect(ok.status).toBe(200);
    expect(brokenInvariants(ok.body.data)).toEqual([]);
    expect(ok.body.data.isOk).toBe(true);
    const names = ok.body.data.checks.map((check: { name: string }) => check.name);
    expect(names).toEqual(expect.arrayContaining(ledgerChecks.map((check) => check.name)));
    expect((await user.get("/rest/v1/admin/ledger/verify")).status).toBe(403);
    expect((await t.client().get("/rest/v1/admin/ledger/verify")).status).toBe(401);
  });
});
