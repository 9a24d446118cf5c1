import type { Db } from "../../db/pool.ts";
import { recordTraderStats } from "../offers/index.ts";
import * as peopleRepo from "./trades.people.repo.ts";

/**
 * The marketplace's trader figures that are aggregates over many trades (completed in the last
 * 30 days, the median release time) are recomputed here rather than in each release's
 * transaction: they are display figures, and a release should not pay for a percentile over the
 * seller's history. The exact completed count is written in the release's transaction itself.
 */
async function refreshTraderStats(db: Db, userIds: readonly number[]): Promise<number> {
  for (const userId of userIds) {
    const figures = await peopleRepo.traderFigures(db, userId);
    await recordTraderStats(db, userId, {
      completedTrades30d: figures.completedTrades30d,
      releaseTimeMedianSeconds: figures.releaseTimeMedianSeconds,
    });
  }
  return userIds.length;
}

/** Users whose figures may have changed in the last `minutes`: those with a recent completion. */
export async function refreshRecentTraderStats(db: Db, minutes: number): Promise<number> {
  return refreshTraderStats(db, await peopleRepo.listRecentlyCompletedUsers(db, minutes));
}
