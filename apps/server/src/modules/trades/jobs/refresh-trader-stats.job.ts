import type { JobDefinition } from "../../../platform/index.ts";
import { refreshRecentTraderStats } from "../trades.stats.ts";

/**
 * Every five minutes, the 30-day completed count and the release-time median of everyone who
 * completed a trade in the last ten (the overlap covers a late or skipped run); once a day, of
 * everyone with a completion in the last 31 days, so counts fall as trades leave the window.
 * Idempotent: it writes figures recomputed from the trades, never increments.
 */
export const refreshTraderStatsJob: JobDefinition = {
  name: "trades.refresh-trader-stats",
  schedule: "*/5 * * * *",
  async handler(_data, context) {
    await refreshRecentTraderStats(context.db, 10);
  },
};

export const refreshAllTraderStatsJob: JobDefinition = {
  name: "trades.refresh-trader-stats-daily",
  schedule: "17 2 * * *",
  async handler(_data, context) {
    const refreshed = await refreshRecentTraderStats(context.db, 31 * 24 * 60);
    context.log.info({ refreshed }, "trader figures refreshed");
  },
};
