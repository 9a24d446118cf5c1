import type { JobRequest } from "../../../platform/index.ts";

/** The queue of one trade's exact expiry. */
export const EXPIRE_TRADE_JOB = "trades.expire-trade";

/**
 * The job that expires one trade at the end of its payment window (at least a second from now).
 * Sent when the trade starts (after its commit) and again by the minute's sweep for trades due
 * before the next sweep; one key per trade, and the handler is idempotent, so a second delivery
 * changes nothing.
 */
export function exactExpiryJob(trade: { id: bigint; expires_at: Date }, nowMs = Date.now()): JobRequest {
  return {
    name: EXPIRE_TRADE_JOB,
    data: { tradeId: String(trade.id) },
    options: {
      singletonKey: `trade-expire-${trade.id}`,
      startAfterSeconds: Math.max(1, Math.ceil((trade.expires_at.getTime() - nowMs) / 1000)),
    },
  };
}
