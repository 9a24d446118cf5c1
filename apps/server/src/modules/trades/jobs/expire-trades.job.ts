import type { JobDefinition } from "../../../platform/index.ts";
import * as repo from "../trades.repo.ts";
import { expireDueTrades, expireTrade } from "../trades.service.ts";

/** The queue of one trade's exact expiry, sent by the sweep below for trades due within a minute. */
export const EXPIRE_TRADE_JOB = "trades.expire-trade";
const LOOKAHEAD_SECONDS = 75;

/**
 * Every minute: expire every unpaid trade whose payment window has passed, then queue an exact
 * expiry job for each trade whose window ends before the next sweep, so a trade expires within
 * seconds of its deadline rather than within a minute. Both are idempotent and safe on several
 * workers at once (the transition's conditional UPDATE lets one of them win; RELIABILITY.md I11).
 */
export const expireTradesJob: JobDefinition = {
  name: "trades.expire",
  schedule: "* * * * *",
  async handler(_data, context) {
    const result = await expireDueTrades(context.db);
    if (result.expired > 0) context.log.info(result, "trades expired");
    const now = Date.now();
    for (const trade of await repo.listSoonDueTrades(context.db, LOOKAHEAD_SECONDS)) {
      await context.send(
        EXPIRE_TRADE_JOB,
        { tradeId: String(trade.id) },
        {
          singletonKey: `trade-expire-${trade.id}`,
          startAfterSeconds: Math.max(1, Math.ceil((trade.expires_at.getTime() - now) / 1000)),
        },
      );
    }
  },
};

export const expireTradeJob: JobDefinition = {
  name: EXPIRE_TRADE_JOB,
  async handler(data, context) {
    const id = typeof data.tradeId === "string" && /^[0-9]{1,19}$/.test(data.tradeId) ? BigInt(data.tradeId) : null;
    // A trade paid, cancelled or already expired meanwhile is simply not due: nothing happens.
    if (id !== null && (await expireTrade(context.db, id))) context.log.info({ tradeId: String(id) }, "trade expired");
  },
};
