/**
 * The ledger's public door. Only the ledger writes balances: every other module moves money by
 * calling these functions inside its own transaction (`withLedgerTx`), so its state change and
 * the money commit together or not at all.
 */
import type { JobDefinition, SoukModule } from "../../platform/index.ts";
import { ledgerVerifyCommand } from "./ledger.commands.ts";
import { registerLedgerPrivateRoutes } from "./ledger.routes.ts";
import { verifyAndRecord } from "./ledger.verify-runs.ts";

export { collectBid, holdBid, releaseBid } from "./bid-holds.service.ts";
export {
  accounts,
  BID_REFERENCE_TYPE,
  computeEscrowFee,
  discountedFeeBps,
  resolveEscrowFeeBps,
  type TransferLeg,
} from "./ledger.domain.ts";
export { availableBalanceSql } from "./ledger.repo.ts";
export {
  type EntryMatch,
  getCustodyTotals,
  getEscrowState,
  getFeeTotals,
  getOwnerBalances,
  getTransfer,
  holdEscrow,
  listNonZeroBalances,
  listOwnerEntries,
  postEscrow,
  resolveLedgerCurrency,
  reverseTransfer,
  transfer,
  voidEscrow,
  withLedgerTx,
} from "./ledger.service.ts";
export {
  formatVerifyReport,
  type LedgerInvariantCheck,
  type SettledFeeSource,
  type SettledReferenceSource,
  settledReferencesHoldNoEscrow,
  settledReferencesPaidTheirFees,
  verifyLedger,
} from "./ledger.verify.ts";
export { lastLedgerVerifyRun } from "./ledger.verify-runs.ts";

/**
 * The daily `ledger:verify`, recorded like the CLI's runs, so the console's Overview always has a
 * recent answer (docs/decisions/145-operations-health.md). Drift is logged as an error.
 */
const dailyVerifyJob: JobDefinition = {
  name: "ledger.verify-daily",
  schedule: "41 4 * * *",
  async handler(_data, context) {
    const report = await verifyAndRecord(context.db, context.ledgerChecks ?? [], "job");
    if (!report.isOk) {
      const failed = report.checks.filter((check) => !check.isOk).map((check) => check.name);
      context.log.error({ failed }, "ledger:verify found drift");
    }
  },
};

export const ledgerModule: SoukModule = {
  name: "ledger",
  privateRoutes: registerLedgerPrivateRoutes,
  jobs: [dailyVerifyJob],
  commands: [ledgerVerifyCommand],
};
