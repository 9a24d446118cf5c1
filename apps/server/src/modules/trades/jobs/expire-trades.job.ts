import type { JobDefinition } from "../../../platform/index.ts";
import * as listsRepo from "../trades.lists.repo.ts";
import { expireDueTrades, expireTrade } from "../trades.service.ts";
import { EXPIRE_TRADE_JOB, exactExpiryJob } from "./exact-expiry.ts";

const LOOKAHEAD_SECONDS = 75;

/**
 * Every minute: expire every unpaid trade whose payment window has passed, then queue an exact
 * expiry job for each trade whose window ends before the next sweep, so a trade expires within
 * seconds of its deadline rather than within a minute. The start of a trade queues its exact job
 * too (after its commit); this sweep is the safety net for a send that was lost or a process that
 * runs no jobs. Both are idempotent and safe on several workers at once (the transition's
 * conditional UPDATE lets one of them win;
 * docs/reliability.md#i11-timed-transitions-are-safe-to-repeat).
 */
export const expireTradesJob: JobDefinition = {
  name: "trades.expire",
  schedule: "* * * * *",
  async handler(_data, context) {
    const result = await expireDueTrades(context.db);
    if (result.expired > 0) context.log.info(result, "trades expired");
    const now = Date.now();
    for (const trade of await listsRepo.listSoonDueTrades(context.db, LOOKAHEAD_SECONDS)) {
      const job = exactExpiryJob(trade, now);
      await context.send(job.name, job.data, job.options);
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
