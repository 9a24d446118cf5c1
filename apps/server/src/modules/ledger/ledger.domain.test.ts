import { DEFAULT_ESCROW_FEE_BPS, FEE_SHARD_COUNT } from "@souk/contracts";
import { MAX_MINOR } from "@souk/money";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  accountSpec,
  accounts,
  applyPlan,
  computeEscrowFee,
  feeShardFor,
  type LockedAccount,
  planTransfer,
  resolveEscrowFeeBps,
  type TransferRequest,
} from "./ledger.domain.ts";

describe("computeEscrowFee", () => {
  it("charges 1 % by default, exactly when it divides", () => {
    expect(computeEscrowFee(100_000_000n, DEFAULT_ESCROW_FEE_BPS)).toBe(1_000_000n);
    expect(computeEscrowFee(0n, DEFAULT_ESCROW_FEE_BPS)).toBe(0n);
    expect(computeEscrowFee(12_345n, 0)).toBe(0n);
  });

  it("rounds a fraction of a minor unit up", () => {
    expect(computeEscrowFee(1n, 100)).toBe(1n);
    expect(computeEscrowFee(150n, 100)).toBe(2n);
    expect(computeEscrowFee(199n, 50)).toBe(1n);
  });

  it("is the exact product rounded up, never more than one unit above it (1,000 runs)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_MINOR }), fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
        const fee = computeEscrowFee(amount, bps);
        const exactTimes10k = amount * BigInt(bps);
        expect(fee * 10_000n >= exactTimes10k).toBe(true);
        expect((fee - 1n) * 10_000n < exactTimes10k || fee === 0n).toBe(true);
        expect(fee <= amount).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  it.each([-1, 1.5, 10_001, Number.NaN])("refuses %s basis points", (bps) => {
    expect(() => computeEscrowFee(100n, bps)).toThrow(RangeError);
  });
});

describe("resolveEscrowFeeBps", () => {
  it("uses the default, then the offer's manual fee, and lets a perk only lower it", () => {
    expect(resolveEscrowFeeBps()).toBe(100);
    expect(resolveEscrowFeeBps({ offerFeeBps: 250 })).toBe(250);
    expect(resolveEscrowFeeBps({ offerFeeBps: 250, perkFeeBps: 50 })).toBe(50);
    expect(resolveEscrowFeeBps({ perkFeeBps: 300 })).toBe(100);
  });
});

describe("accounts and shards", () => {
  it("names each account by a stable key", () => {
    expect(accountSpec(accounts.available(42), 1).key).toBe("available:u42:c1");
    expect(accountSpec(accounts.escrow(7, 42), 2)).toMatchObject({
      key: "escrow:trade:7:c2",
      ownerUserId: 42,
      canOpen: true,
    });
    expect(accountSpec(accounts.escrow(7), 2)).toMatchObject({ key: "escrow:trade:7:c2", canOpen: false });
    expect(accountSpec(accounts.fees(15), 3).key).toBe("fees:s15:c3");
  });

  it("spreads trades over every fee shard", () => {
    const shards = new Set(Array.from({ length: 2_000 }, (_, i) => feeShardFor(String(i + 1))));
    expect(shards.size).toBe(FEE_SHARD_COUNT);
    expect(feeShardFor("123")).toBe(feeShardFor("123"));
  });
});

describe("planTransfer", () => {
  const request = (amountMinor: bigint): TransferRequest => ({
    idempotencyKey: "k",
    kind: "escrow_hold",
    currencyId: 1,
    legs: [
      { from: accounts.available(1), to: accounts.escrow(9, 1), amountMinor },
      { from: accounts.available(1), to: accounts.escrow(9, 1), amountMinor: 1n, code: "fee" },
    ],
  });

  it("writes entries that sum to zero for any legs (1,000 runs)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            from: fc.integer({ min: 1, max: 4 }),
            to: fc.integer({ min: 1, max: 4 }),
            amount: fc.bigInt({ min: 1n, max: 10n ** 15n }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        (legs) => {
          const usable = legs.filter((leg) => leg.from !== leg.to);
          fc.pre(usable.length > 0);
          const plan = planTransfer({
            idempotencyKey: "k",
            kind: "internal_transfer",
            currencyId: 1,
            legs: usable.map((leg) => ({
              from: accounts.available(leg.from),
              to: accounts.available(leg.to),
              amountMinor: leg.amount,
            })),
          });
          expect(plan.entries.reduce((sum, entry) => sum + entry.amount, 0n)).toBe(0n);
          expect([...plan.deltas.values()].reduce((sum, delta) => sum + delta, 0n)).toBe(0n);
          expect(plan.entries).toHaveLength(usable.length * 2);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it("hashes the effect: another amount gives another hash, the same request the same one", () => {
    expect(planTransfer(request(5n)).requestHash).toBe(planTransfer(request(5n)).requestHash);
    expect(planTransfer(request(5n)).requestHash).not.toBe(planTransfer(request(6n)).requestHash);
  });

  it("refuses zero, negative and oversized amounts and a leg to itself", () => {
    expect(() => planTransfer(request(0n))).toThrow();
    expect(() => planTransfer(request(-1n))).toThrow();
    expect(() => planTransfer(request(MAX_MINOR + 1n))).toThrow();
    expect(() =>
      planTransfer({
        idempotencyKey: "k",
        kind: "internal_transfer",
        currencyId: 1,
        legs: [{ from: accounts.available(1), to: accounts.available(1), amountMinor: 1n }],
      }),
    ).toThrow();
  });

  it("refuses an overdraft on locked balances but lets the world account go negative", () => {
    const plan = planTransfer({
      idempotencyKey: "k",
      kind: "deposit",
      currencyId: 1,
      legs: [{ from: accounts.world(), to: accounts.available(1), amountMinor: 10n }],
    });
    const locked: LockedAccount[] = [
      { id: 1n, key: "world:c1", kind: "world", balance: 0n, settledAt: null, isNew: false },
      { id: 2n, key: "available:u1:c1", kind: "available", balance: 0n, settledAt: null, isNew: false },
    ];
    expect(applyPlan(plan, locked).balancesAfter.get("world:c1")).toBe(-10n);
    const back = planTransfer({
      idempotencyKey: "k",
      kind: "internal_transfer",
      currencyId: 1,
      legs: [{ from: accounts.available(1), to: accounts.world(), amountMinor: 11n }],
    });
    const fundedTen = locked.map((account) => (account.kind === "available" ? { ...account, balance: 10n } : account));
    expect(() => applyPlan(back, fundedTen)).toThrow(/balance is too low/);
  });
});
