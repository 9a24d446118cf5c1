import { describe, expect, it } from "vitest";
import { badgeOf } from "./reputation.badges.ts";
import { longestDayStreak, longestRun, summarizeTrades, type TradeFact } from "./reputation.facts.ts";
import { medalsEarned, topVolumeUsers } from "./reputation.medals.ts";

const DAY = 86_400_000;
const start = new Date("2026-01-01T10:00:00Z");

function trade(change: Partial<TradeFact> & { day?: number } = {}): TradeFact {
  const at = new Date(start.getTime() + (change.day ?? 0) * DAY);
  return {
    status: "released",
    startedAt: at,
    completedAt: at,
    disputed: false,
    fiatAmountUsd: 100,
    cryptoCode: "BTC",
    cryptoDecimals: 8,
    amountMinor: 150_000n,
    categoryId: 5,
    ...change,
  };
}

const emptySummary = summarizeTrades([]);

describe("trade summary", () => {
  it("counts only done trades in the volume, by currency, with their decimals", () => {
    const summary = summarizeTrades([
      trade(),
      trade({ cryptoCode: "USDT", cryptoDecimals: 6, amountMinor: 12_500_000n, fiatAmountUsd: 12.5 }),
      trade({ status: "dispute_won_buyer", disputed: true }),
      trade({ status: "cancelled_buyer", completedAt: null }),
      trade({ status: "dispute_won_seller", disputed: true }),
      trade({ status: "active_funded", completedAt: null }),
    ]);
    expect(summary.doneTrades).toBe(3);
    expect(summary.volumeUsd).toBe(212.5);
    expect(summary.tradeVolume).toEqual({ BTC: "0.00300000", USDT: "12.500000" });
    expect(summary.doneByCategory).toEqual({ 5: 3 });
  });

  it("restarts the dispute and cancel streaks at a disputed or voided trade, ignoring open trades", () => {
    const summary = summarizeTrades([
      trade(),
      trade({ status: "dispute_won_buyer", disputed: true }),
      trade(),
      trade({ status: "expired", completedAt: null }),
      trade(),
      trade({ status: "active_funded", completedAt: null }),
      trade(),
      trade(),
    ]);
    expect(summary.longestNoCancelStreak).toBe(3);
    expect(summary.longestNoDisputeStreak).toBe(5);
  });

  it("finds the longest run of consecutive days, several trades a day counting once", () => {
    const at = (day: number) => new Date(start.getTime() + day * DAY);
    expect(longestDayStreak([at(0), at(0), at(1), at(2), at(4), at(5)])).toBe(3);
    expect(longestDayStreak([])).toBe(0);
    expect(longestRun([true, true, false, true], (item) => item)).toBe(2);
  });
});

describe("medals", () => {
  const facts = {
    summary: emptySummary,
    signedUpAt: new Date("2027-06-01T00:00:00Z"),
    platformStartedAt: new Date("2026-01-01T00:00:00Z"),
    isTopVolume: false,
  };

  it("earns nothing without trades after the first year", () => {
    expect(medalsEarned(facts)).toEqual([]);
  });

  it("earns first_year_signup up to a year after the platform's first account", () => {
    expect(medalsEarned({ ...facts, signedUpAt: new Date("2026-12-31T23:59:59Z") })).toEqual(["first_year_signup"]);
    expect(medalsEarned({ ...facts, signedUpAt: new Date("2027-01-01T00:00:00Z") })).toEqual([]);
  });

  it("earns each trading medal exactly at its threshold", () => {
    const summary = {
      doneTrades: 10,
      volumeUsd: 10_000,
      doneByCategory: { 1: 100, 5: 99, 8: 100 },
      tradeVolume: {},
      longestDayStreak: 30,
      longestNoDisputeStreak: 100,
      longestNoCancelStreak: 99,
    };
    expect(medalsEarned({ ...facts, summary, isTopVolume: true })).toEqual([
      "trades_10",
      "trade_volume_10000",
      "trades_gc_100",
      "trades_momo_100",
      "trade_days_streak_30",
      "trade_no_dispute_streak_100",
      "trade_volume_top_1_percent",
    ]);
    const below = { ...summary, doneTrades: 9, volumeUsd: 9_999.99, longestDayStreak: 29 };
    expect(medalsEarned({ ...facts, summary: below })).not.toContain("trades_10");
    expect(medalsEarned({ ...facts, summary: below })).not.toContain("trade_volume_10000");
    expect(medalsEarned({ ...facts, summary: below })).not.toContain("trade_days_streak_30");
  });

  it("puts the first ceil(1 %) of traders by volume in the top, ties included", () => {
    const volumes = new Map<number, number>(Array.from({ length: 150 }, (_, index) => [index + 1, index + 1]));
    volumes.set(999, 0);
    expect([...topVolumeUsers(volumes)].sort((a, b) => a - b)).toEqual([149, 150]);
    volumes.set(148, 149);
    expect([...topVolumeUsers(volumes)].sort((a, b) => a - b)).toEqual([148, 149, 150]);
    expect(topVolumeUsers(new Map([[1, 0]]))).toEqual(new Set());
  });
});

describe("badges", () => {
  const facts = { roles: ["user"], doneTrades: 0, volumeUsd: 0, feedbackPositive: 0, feedbackNegative: 0 };

  it("gives staff the operator badge before any trading badge", () => {
    expect(badgeOf({ ...facts, roles: ["user", "moderator"], doneTrades: 900 })).toBe("operator");
  });

  it("gives the trader tiers by trades, volume and positive feedback", () => {
    const power = { ...facts, doneTrades: 100, volumeUsd: 25_000, feedbackPositive: 98, feedbackNegative: 2 };
    expect(badgeOf(power)).toBe("power_trader");
    expect(badgeOf({ ...power, feedbackPositive: 97, feedbackNegative: 3 })).toBe("no_badge");
    expect(badgeOf({ ...power, doneTrades: 99, roles: ["vendor"] })).toBe("vendor");
    const expert = { ...facts, doneTrades: 500, volumeUsd: 250_000, feedbackPositive: 99, feedbackNegative: 1 };
    expect(badgeOf(expert)).toBe("expert_trader");
    expect(badgeOf({ ...expert, volumeUsd: 249_999 })).toBe("power_trader");
  });

  it("falls back to the vendor role, then no badge", () => {
    expect(badgeOf({ ...facts, roles: ["vendor"] })).toBe("vendor");
    expect(badgeOf(facts)).toBe("no_badge");
  });
});
