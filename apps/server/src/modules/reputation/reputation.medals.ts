import type { Medal } from "@souk/contracts";
import type { TradeSummary } from "./reputation.facts.ts";

/** The product's payment method categories the per-category medals count. */
const GIFT_CARDS = 1;
const BANK_TRANSFERS = 5;
const MOBILE_MONEY = 8;
const YEAR_MS = 365 * 86_400_000;

interface MedalFacts {
  summary: TradeSummary;
  signedUpAt: Date;
  /** When the platform's first account was opened: "first year" counts from there. */
  platformStartedAt: Date;
  /** The user's done volume is in the top 1 % of the users who have any. */
  isTopVolume: boolean;
}

/**
 * The medals a user's facts earn, in the product's order
 * (docs/decisions/139-medals-badges-and-trade-volume.md).
 */
export function medalsEarned(facts: MedalFacts): Medal[] {
  const { summary } = facts;
  const byCategory = (id: number) => summary.doneByCategory[id] ?? 0;
  const rules: [Medal, boolean][] = [
    ["trades_10", summary.doneTrades >= 10],
    ["trade_volume_10000", summary.volumeUsd >= 10_000],
    ["trades_gc_100", byCategory(GIFT_CARDS) >= 100],
    ["trades_bt_100", byCategory(BANK_TRANSFERS) >= 100],
    ["trades_momo_100", byCategory(MOBILE_MONEY) >= 100],
    ["trade_days_streak_30", summary.longestDayStreak >= 30],
    ["trade_no_dispute_streak_100", summary.longestNoDisputeStreak >= 100],
    ["trade_no_cancel_streak_100", summary.longestNoCancelStreak >= 100],
    ["trade_volume_top_1_percent", facts.isTopVolume],
    ["first_year_signup", facts.signedUpAt.getTime() < facts.platformStartedAt.getTime() + YEAR_MS],
  ];
  return rules.filter(([, earned]) => earned).map(([medal]) => medal);
}

/**
 * The users whose done volume is in the top 1 %: of those with any volume, the first
 * ceil(n / 100) by volume (at least one when anyone traded). Ties at the edge are all in.
 */
export function topVolumeUsers(volumes: ReadonlyMap<number, number>): Set<number> {
  const traded = [...volumes].filter(([, volume]) => volume > 0).sort(([, a], [, b]) => b - a);
  if (traded.length === 0) return new Set();
  const edge = (traded[Math.ceil(traded.length / 100) - 1] as [number, number])[1];
  return new Set(traded.filter(([, volume]) => volume >= edge).map(([userId]) => userId));
}
