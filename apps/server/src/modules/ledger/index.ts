/**
 * The ledger's public door. Only the ledger writes balances: every other module moves money by
 * calling these functions inside its own transaction (`withLedgerTx`), so its state change and
 * the money commit together or not at all.
 */
import type { SoukModule } from "../../platform/index.ts";
import { ledgerVerifyCommand } from "./ledger.commands.ts";
import { registerLedgerPrivateRoutes } from "./ledger.routes.ts";

export { type BidHoldInput, collectBid, holdBid, releaseBid } from "./bid-holds.service.ts";
export {
  type AccountRef,
  accounts,
  BID_REFERENCE_TYPE,
  type BidId,
  computeEscrowFee,
  discountedFeeBps,
  type EscrowFeePolicy,
  feeShardFor,
  resolveEscrowFeeBps,
  type TradeId,
  type TransferLeg,
  type TransferRequest,
} from "./ledger.domain.ts";
export { availableBalanceSql } from "./ledger.repo.ts";
export {
  type EntryMatch,
  type EscrowState,
  findTransferIdByKey,
  getCustodyTotals,
  getEscrowState,
  getFeeTotals,
  getOwnerBalances,
  getTransfer,
  type HoldEscrowInput,
  holdEscrow,
  isLedgerBusyError,
  LEDGER_LOCK_TIMEOUT_MS,
  type LedgerCurrency,
  type LedgerTxOptions,
  listNonZeroBalances,
  listOwnerEntries,
  type OwnerBalance,
  type OwnerEntriesFilter,
  type OwnerEntry,
  postEscrow,
  resolveLedgerCurrency,
  reverseTransfer,
  type SettleEscrowAmounts,
  type TransferResult,
  type TransferView,
  transfer,
  voidEscrow,
  withLedgerTx,
} from "./ledger.service.ts";
export {
  type CheckOutcome,
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
