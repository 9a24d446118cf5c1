import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  arrivedInLedger,
  confirmationsAt,
  ethSweepValue,
  feesFor,
  paidInLedger,
  planRewind,
  replacementFees,
  unitScale,
} from "./evm.domain.ts";

const GWEI = 1_000_000_000n;

describe("units between the chain and the ledger", () => {
  it("count ETH in gwei for the ledger (wei on the chain) and USDT one to one", () => {
    expect(unitScale(18, 9)).toBe(GWEI);
    expect(unitScale(6, 6)).toBe(1n);
    expect(() => unitScale(6, 9)).toThrow();
  });

  it("round arrivals down and fees up, and the residue makes up the exact chain amount", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (units) => {
        const arrived = arrivedInLedger(units, GWEI);
        expect(arrived.minor * GWEI + arrived.residue).toBe(units);
        expect(arrived.residue >= 0n && arrived.residue < GWEI).toBe(true);
        const paid = paidInLedger(units, GWEI);
        expect(paid.minor * GWEI - paid.residue).toBe(units);
        expect(paid.residue >= 0n && paid.residue < GWEI).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("fees", () => {
  it("leave room for the base fee to double, never above the cap, and wait when even the base fee is above it", () => {
    expect(feesFor(10n, 1n, 100n)).toEqual({ maxFeePerGas: 21n, maxPriorityFeePerGas: 1n });
    expect(feesFor(60n, 1n, 100n)).toEqual({ maxFeePerGas: 100n, maxPriorityFeePerGas: 1n });
    expect(feesFor(100n, 1n, 100n)).toBeNull();
  });

  it("raise a replacement by a quarter, within the cap, and give up when the cap leaves less than the 10 % nodes need", () => {
    const previous = { maxFeePerGas: 40n * GWEI, maxPriorityFeePerGas: 2n * GWEI };
    expect(replacementFees(previous, null, 1_000n * GWEI)).toEqual({
      maxFeePerGas: 50n * GWEI,
      maxPriorityFeePerGas: (25n * GWEI) / 10n,
    });
    expect(
      replacementFees(previous, { maxFeePerGas: 90n * GWEI, maxPriorityFeePerGas: 3n * GWEI }, 1_000n * GWEI),
    ).toEqual({
      maxFeePerGas: 90n * GWEI,
      maxPriorityFeePerGas: 3n * GWEI,
    });
    expect(replacementFees(previous, null, 43n * GWEI)).toBeNull();
    expect(replacementFees(previous, null, 45n * GWEI)).toEqual({
      maxFeePerGas: 45n * GWEI,
      maxPriorityFeePerGas: (25n * GWEI) / 10n,
    });
  });
});

describe("a rewound chain", () => {
  it("drops what was not credited and freezes what was", () => {
    expect(
      planRewind([
        { id: 1n, status: "pending" },
        { id: 2n, status: "credited" },
        { id: 3n, status: "dropped" },
      ]),
    ).toEqual({ drop: [1n], freeze: [2n] });
  });

  it("counts confirmations from the follower's checked block", () => {
    expect(confirmationsAt(10n, 10n)).toBe(1);
    expect(confirmationsAt(10n, 12n)).toBe(3);
    expect(confirmationsAt(10n, 9n)).toBe(0);
  });
});

describe("an ETH sweep", () => {
  it("moves what was credited less exactly its gas, and waits while that is not worth it", () => {
    expect(ethSweepValue(10n ** 18n, 10n ** 18n, GWEI)).toBe(10n ** 18n - 21_000n * GWEI);
    expect(ethSweepValue(10n ** 18n, 2n * 10n ** 18n, GWEI)).toBe(10n ** 18n - 21_000n * GWEI);
    expect(ethSweepValue(40_000n * GWEI, 40_000n * GWEI, GWEI)).toBeNull();
  });
});
