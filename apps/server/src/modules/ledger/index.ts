/**
 * The ledger's public door. Only the ledger writes balances: every other module moves money by
 * calling these functions inside its own transaction (`withLedgerTx`), so its state change and
 * the money commit together or not at all.
 */
import type { SoukModule } from "../../platform/index.ts";
import { ledgerVerifyCommand } from "./ledger.commands.ts";
import { registerLedgerPrivateRoutes } from "./ledger.routes.ts";

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

export const ledgerModule: SoukModule = {
  name: "ledger",
  privateRoutes: registerLedgerPrivateRoutes,
  commands: [ledgerVerifyCommand],
};
