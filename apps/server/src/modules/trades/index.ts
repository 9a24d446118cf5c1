/**
 * The trades module's public door: escrow-backed trades, their disputes and their flow. Other
 * modules (chat, feedback, contacts' lists, exports) read trades only through these functions.
 */
import type { SoukModule } from "../../platform/index.ts";
import { settledReferencesHoldNoEscrow, settledReferencesPaidTheirFees } from "../ledger/index.ts";
import { expireTradeJob, expireTradesJob } from "./jobs/expire-trades.job.ts";
import { refreshAllTraderStatsJob, refreshTraderStatsJob } from "./jobs/refresh-trader-stats.job.ts";
import { tradeChannel } from "./trades.channel.ts";
import { openTradesHoldEscrowCheck, settledTradeFeesSource, settledTradesSource } from "./trades.checks.ts";
import { registerTradesPrivateRoutes, registerTradesPublicRoutes } from "./trades.routes.ts";
import { seedDemoTrades } from "./trades.seed.ts";

export { listDisputeReasons, openDispute, resolveDispute } from "./disputes.service.ts";
export {
  chatBlockReasonOf,
  findTradePartyIds,
  getTradeAccess,
  haveTradedTogether,
  listTradeEvents,
  type TradeAccess,
  type TradeEventRecord,
} from "./trades.access.ts";
export { TRANSITIONS } from "./trades.domain.ts";
export { submitRequirement } from "./trades.flow.ts";
export { getTrade } from "./trades.lookup.ts";
export { announceModeratorAvailable } from "./trades.moderator.ts";
export { listActiveTrades, listTradeHistory } from "./trades.queries.ts";
export { listSeededTrades } from "./trades.seed.ts";
export { cancelTrade, expireDueTrades, markPaid, releaseTrade } from "./trades.service.ts";
export { recordBankAccountShared } from "./trades.shared-accounts.ts";
export { startTrade } from "./trades.start.ts";

export const tradesModule: SoukModule = {
  name: "trades",
  publicRoutes: registerTradesPublicRoutes,
  privateRoutes: registerTradesPrivateRoutes,
  jobs: [expireTradesJob, expireTradeJob, refreshTraderStatsJob, refreshAllTraderStatsJob],
  channels: [tradeChannel],
  // ledger:verify proves that settled trades hold no escrow and open trades hold exactly theirs (I4),
  // and that each settled trade paid the platform its fee, or nothing when voided.
  ledgerChecks: [
    settledReferencesHoldNoEscrow(settledTradesSource),
    openTradesHoldEscrowCheck,
    settledReferencesPaidTheirFees(settledTradeFeesSource),
  ],
  seedDemo: seedDemoTrades,
};
