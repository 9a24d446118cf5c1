import { FEE_SHARD_COUNT } from "@souk/contracts";
import { MAX_MINOR } from "@souk/money";
import { describe, expect, it } from "vitest";
import {
  type AccountRef,
  accountSpec,
  accounts,
  applyPlan,
  computeEscrowFee,
  discountedFeeBps,
  type LockedAccount,
  planTransfer,
  referenceIdOf,
  resolveEscrowFeeBps,
  type TradeId,
  type TransferRequest,
} from "./ledger.domain.ts";

/**
 * The ledger's guards against misuse by its callers (ids, keys, legs, rates) and the exact shape
 * of what it plans. Found by mutation testing: each case fails when one comparison or message of
 * these guards is changed.
 */
const trade = (id: string) => id as TradeId;
const deposit = (overrides: Partial<TransferRequest> = {}): TransferRequest => ({
  idempotencyKey: "k",
  kind: "deposit",
  currencyId: 1,
  legs: [{ from: accounts.world(), to: accounts.available(1), amountMinor: 10n }],
  ...overrides,
});
const account = (key: string, kind: LockedAccount["kind"], balance: bigint, extra: Partial<LockedAccount> = {}) =>
  ({ id: BigInt(key.length), key, kind, balance, settledAt: null, isNew: false, ...extra }) satisfies LockedAccount;

describe("account keys and their owners", () => {
  it("names every kind of account by a key of its kind, owner, reference and currency", () => {
    expect(accountSpec(accounts.world(), 3)).toEqual({
      key: "world:c3",
      kind: "world",
      currencyId: 3,
      ownerUserId: null,
      referenceType: null,
      referenceId: null,
      canOpen: true,
    });
    expect(accountSpec(accounts.treasury(), 3).key).toBe("treasury:c3");
    expect(accountSpec(accounts.bond(7), 3)).toMatchObject({ key: "bond:u7:c3", kind: "bond", ownerUserId: 7 });
    expect(accountSpec(accounts.withdrawal(7), 3).key).toBe("withdrawal:u7:c3");
    expect(accountSpec(accounts.escrow(trade("T1"), 7), 3)).toMatchObject({
      key: "escrow:trade:T1:c3",
      ownerUserId: 7,
      referenceType: "trade",
      referenceId: "T1",
      canOpen: true,
    });
    expect(accountSpec(accounts.fees(0), 3)).toMatchObject({ key: "fees:s0:c3", referenceId: "0" });
    expect(accountSpec(accounts.fees(FEE_SHARD_COUNT - 1), 3).key).toBe(`fees:s${FEE_SHARD_COUNT - 1}:c3`);
  });

  it("can open a trade's or a bid's escrow only when it knows the seller", () => {
    expect(accountSpec(accounts.escrow(trade("T1")), 1)).toMatchObject({ ownerUserId: null, canOpen: false });
    const bid = { kind: "bid_escrow", bidId: "B1" } as AccountRef;
    expect(accountSpec(bid, 1)).toMatchObject({ key: "escrow:offer_bid:B1:c1", ownerUserId: null, canOpen: false });
    expect(accountSpec({ ...bid, vendorId: 4 } as AccountRef, 1)).toMatchObject({ ownerUserId: 4, canOpen: true });
  });

  it("refuses ids that are not positive whole numbers, naming them", () => {
    for (const userId of [0, -1, 1.5, Number.NaN, 2 ** 53]) {
      expect(() => accountSpec(accounts.available(userId), 1), String(userId)).toThrow(`invalid user id: ${userId}`);
    }
    expect(() => accountSpec(accounts.escrow(trade("T1"), 0), 1)).toThrow("invalid user id: 0");
    expect(() => accountSpec({ kind: "bid_escrow", bidId: "B1", vendorId: -2 } as AccountRef, 1)).toThrow(
      "invalid user id: -2",
    );
    for (const currencyId of [0, -1, 1.5]) {
      expect(() => accountSpec(accounts.world(), currencyId)).toThrow(`invalid currency id: ${currencyId}`);
    }
    expect(accountSpec(accounts.available(1), 1).key).toBe("available:u1:c1");
  });

  it("refuses a fee shard outside 0 to the shard count, naming it", () => {
    for (const shard of [-1, FEE_SHARD_COUNT, 0.5]) {
      expect(() => accountSpec(accounts.fees(shard), 1)).toThrow(`invalid fee shard: ${shard}`);
    }
  });

  it("takes only whole reference ids of safe characters, up to 64", () => {
    expect(referenceIdOf(trade("a-Z_9"))).toBe("a-Z_9");
    expect(referenceIdOf(trade("x".repeat(64)))).toBe("x".repeat(64));
    for (const id of ["", " x", "x ", "a/b", "x".repeat(65)]) {
      expect(() => referenceIdOf(trade(id)), id).toThrow(`invalid reference id: ${JSON.stringify(id)}`);
    }
  });
});

describe("planning a transfer", () => {
  it("refuses an empty or over-long idempotency key, and a transfer without legs", () => {
    expect(() => planTransfer(deposit({ idempotencyKey: "" }))).toThrow("invalid idempotency key");
    expect(() => planTransfer(deposit({ idempotencyKey: "k".repeat(513) }))).toThrow("invalid idempotency key");
    expect(planTransfer(deposit({ idempotencyKey: "k".repeat(512) })).entries).toHaveLength(2);
    expect(() => planTransfer(deposit({ legs: [] }))).toThrow("a transfer needs at least one leg");
  });

  it("takes leg amounts from one minor unit to the largest BIGINT, and names a refused one", () => {
    const leg = (amountMinor: bigint) =>
      deposit({ legs: [{ from: accounts.world(), to: accounts.available(1), amountMinor }] });
    expect(planTransfer(leg(1n)).deltas.get("available:u1:c1")).toBe(1n);
    expect(planTransfer(leg(MAX_MINOR)).deltas.get("available:u1:c1")).toBe(MAX_MINOR);
    for (const amount of [0n, -1n, MAX_MINOR + 1n]) {
      expect(() => planTransfer(leg(amount))).toThrow(
        `leg amounts must be positive bigints within BIGINT, got ${String(amount)}`,
      );
    }
    expect(() => planTransfer(leg(5 as unknown as bigint))).toThrow("got 5");
  });

  it("writes two entries per leg, principal unless named, and names a leg to itself", () => {
    const plan = planTransfer(deposit());
    expect(plan.entries).toEqual([
      { position: 0, key: "world:c1", amount: -10n, code: "principal" },
      { position: 1, key: "available:u1:c1", amount: 10n, code: "principal" },
    ]);
    const fee = planTransfer(
      deposit({ legs: [{ from: accounts.world(), to: accounts.fees(2), amountMinor: 3n, code: "fee" }] }),
    );
    expect(fee.entries.map((entry) => entry.code)).toEqual(["fee", "fee"]);
    const self = deposit({ legs: [{ from: accounts.available(1), to: accounts.available(1), amountMinor: 1n }] });
    expect(() => planTransfer(self)).toThrow("a leg moves money from available:u1:c1 to itself");
  });

  it("keeps the mention of an escrow that can open it, whichever comes first", () => {
    const held = planTransfer({
      idempotencyKey: "k",
      kind: "escrow_hold",
      currencyId: 1,
      legs: [
        { from: accounts.escrow(trade("T1")), to: accounts.available(1), amountMinor: 1n },
        { from: accounts.available(2), to: accounts.escrow(trade("T1"), 2), amountMinor: 2n },
      ],
    });
    expect(held.specs.find((spec) => spec.kind === "escrow")).toMatchObject({ canOpen: true, ownerUserId: 2 });
  });

  it("settles only escrow accounts a leg touches, and names the one it refuses", () => {
    expect(() => planTransfer(deposit({ settledAccounts: [accounts.available(1)] }))).toThrow(
      "only escrow accounts settle (available:u1:c1)",
    );
    expect(() => planTransfer(deposit({ emptiedAccounts: [accounts.bond(1)] }))).toThrow(
      "bond:u1:c1 is named but no leg touches it",
    );
    const plan = planTransfer(deposit({ freshAccounts: [accounts.available(1)], emptiedAccounts: [accounts.world()] }));
    expect([...plan.freshKeys]).toEqual(["available:u1:c1"]);
    expect([...plan.emptiedKeys]).toEqual(["world:c1"]);
    expect([...plan.settledKeys]).toEqual([]);
  });

  it("hashes everything that defines the effect, and nothing else", () => {
    const base = planTransfer(deposit()).requestHash;
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(planTransfer(deposit({ idempotencyKey: "other" })).requestHash).toBe(base);
    const changed = [
      deposit({ kind: "internal_transfer" }),
      deposit({ currencyId: 2 }),
      deposit({ reference: { type: "trade", id: "T1" } }),
      deposit({ reversesTransferId: 5n }),
      deposit({ legs: [{ from: accounts.world(), to: accounts.available(1), amountMinor: 10n, code: "fee" }] }),
      deposit({ legs: [{ from: accounts.world(), to: accounts.available(1), amountMinor: 11n }] }),
      deposit({ emptiedAccounts: [accounts.world()] }),
      deposit({ freshAccounts: [accounts.available(1)] }),
    ];
    for (const request of changed)
      expect(planTransfer(request).requestHash, JSON.stringify(request.kind)).not.toBe(base);
  });
});

describe("applying a plan to locked balances", () => {
  const world = account("world:c1", "world", 0n);
  const alice = account("available:u1:c1", "available", 0n);

  it("names an account the plan needs that was not locked", () => {
    expect(() => applyPlan(planTransfer(deposit()), [world])).toThrow("account available:u1:c1 was not locked");
  });

  it("refuses to open fresh escrow that holds money or existed before", () => {
    const plan = planTransfer(deposit({ freshAccounts: [accounts.available(1)] }));
    expect(applyPlan(plan, [world, { ...alice, isNew: true }]).balancesAfter.get("available:u1:c1")).toBe(10n);
    expect(() => applyPlan(plan, [world, { ...alice, isNew: true, balance: 1n }])).toThrow("already held");
    expect(() => applyPlan(plan, [world, alice])).toThrow("already held");
  });

  it("refuses an account that must end empty but would not, as a changed balance", () => {
    const plan = planTransfer(
      deposit({
        legs: [{ from: accounts.available(1), to: accounts.world(), amountMinor: 10n }],
        emptiedAccounts: [accounts.available(1)],
      }),
    );
    expect(applyPlan(plan, [world, { ...alice, balance: 10n }]).balancesAfter.get("available:u1:c1")).toBe(0n);
    expect(() => applyPlan(plan, [world, { ...alice, balance: 11n }])).toThrow("The balance changed");
  });

  it("records a settling account even when its balance does not move, and nothing for an unmoved one", () => {
    const plan = planTransfer(deposit());
    const applied = applyPlan(plan, [world, alice]);
    expect(applied.updates).toEqual([
      { accountId: world.id, delta: -10n, isSettling: false },
      { accountId: alice.id, delta: 10n, isSettling: false },
    ]);
  });

  it("refuses a balance that would leave BIGINT, on either side", () => {
    const plan = planTransfer(deposit());
    expect(() => applyPlan(plan, [world, { ...alice, balance: MAX_MINOR }])).toThrow(
      "balance of available:u1:c1 would leave BIGINT",
    );
    expect(() => applyPlan(plan, [{ ...world, balance: -MAX_MINOR }, alice])).toThrow(
      "balance of world:c1 would leave BIGINT",
    );
    expect(applyPlan(plan, [{ ...world, balance: 10n - MAX_MINOR }, alice]).balancesAfter.get("world:c1")).toBe(
      -MAX_MINOR,
    );
  });
});

describe("fee rates", () => {
  it("takes basis points from 0 to 10,000 and names a refused rate", () => {
    expect(computeEscrowFee(100n, 10_000)).toBe(100n);
    expect(computeEscrowFee(100n, 0)).toBe(0n);
    for (const bps of [-1, 10_001, 1.5]) {
      expect(() => computeEscrowFee(100n, bps)).toThrow(
        `fee basis points must be an integer from 0 to 10000, got ${bps}`,
      );
    }
    expect(() => computeEscrowFee(-1n, 100)).toThrow("amount must not be negative");
  });

  it("applies a discount to the rate, rounded half up, and none for no discount", () => {
    expect(discountedFeeBps(100, "0")).toBeNull();
    expect(discountedFeeBps(100, "-0.5")).toBeNull();
    expect(discountedFeeBps(100, "0.25")).toBe(75);
    expect(discountedFeeBps(101, "0.5")).toBe(51);
    expect(discountedFeeBps(100, "1")).toBe(0);
    expect(discountedFeeBps(100, "1.5")).toBe(0);
  });

  it("resolves the rate from the offer and the perk, refusing one outside 0 to 10,000", () => {
    expect(resolveEscrowFeeBps({ offerFeeBps: 0 })).toBe(0);
    expect(resolveEscrowFeeBps({ offerFeeBps: 10_000 })).toBe(10_000);
    expect(resolveEscrowFeeBps({ offerFeeBps: 80, perkFeeBps: 90 })).toBe(80);
    expect(resolveEscrowFeeBps({ offerFeeBps: 80, perkFeeBps: 50 })).toBe(50);
    for (const offerFeeBps of [-1, 10_001, 2.5]) {
      expect(() => resolveEscrowFeeBps({ offerFeeBps })).toThrow(
        `fee basis points must be an integer from 0 to 10000, got ${offerFeeBps}`,
      );
    }
  });
});
