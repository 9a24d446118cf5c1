import { describe, expect, it } from "vitest";
import { approvalsNeededFor, withdrawalThresholdsOf } from "./withdrawal-approvals.ts";

describe("withdrawal approval thresholds", () => {
  it("reads the defaults in the coin's units, and the environment over them", () => {
    expect(withdrawalThresholdsOf("BTC", 8, {})).toEqual({ approvalMinor: 100_000_000n, fourEyesMinor: 500_000_000n });
    expect(
      withdrawalThresholdsOf("BTC", 8, { SOUK_WITHDRAWAL_APPROVAL_BTC: "0.1", SOUK_WITHDRAWAL_FOUR_EYES_BTC: " 0.3 " }),
    ).toEqual({ approvalMinor: 10_000_000n, fourEyesMinor: 30_000_000n });
    expect(withdrawalThresholdsOf("DOGE", 8, {})).toEqual({ approvalMinor: null, fourEyesMinor: null });
  });

  it("refuses a threshold that is not an amount", () => {
    expect(() => withdrawalThresholdsOf("BTC", 8, { SOUK_WITHDRAWAL_APPROVAL_BTC: "lots" })).toThrow(
      /SOUK_WITHDRAWAL_APPROVAL_BTC/,
    );
  });

  it("asks none below the first threshold, one from it, two from the four-eyes one", () => {
    const thresholds = { approvalMinor: 100n, fourEyesMinor: 500n };
    expect(approvalsNeededFor(99n, thresholds)).toBe(0);
    expect(approvalsNeededFor(100n, thresholds)).toBe(1);
    expect(approvalsNeededFor(499n, thresholds)).toBe(1);
    expect(approvalsNeededFor(500n, thresholds)).toBe(2);
    expect(approvalsNeededFor(10n ** 18n, { approvalMinor: null, fourEyesMinor: null })).toBe(0);
  });
});
