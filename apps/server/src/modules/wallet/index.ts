/**
 * The wallet's public door: balances, receiving, sending and withdrawing, the vendor bond and
 * the history. It moves money only through the ledger's door.
 */
import type { SoukModule } from "../../platform/index.ts";
import { chainDevCommand, keysCommand, reconcileCommand, syncCommand } from "./custody.commands.ts";
import { registerCustodyAdminRoutes } from "./custody.routes.ts";
import { broadcastWithdrawalsJob } from "./jobs/broadcast-withdrawals.job.ts";
import { custodyFollowJob, custodyReconcileJob, custodySweepJob, custodyTransactionsJob } from "./jobs/custody.jobs.ts";
import { registerWalletAdminRoutes } from "./wallet.admin.routes.ts";
import { withdrawalHoldsCheck } from "./wallet.checks.ts";
import { broadcastCommand, confirmCommand, depositCommand } from "./wallet.commands.ts";
import { registerWalletPrivateRoutes } from "./wallet.routes.ts";
import { seedDemoWallets } from "./wallet.seed.ts";
import { withdrawalApprovalAction } from "./withdrawal-approvals.ts";

export { getBondStatus } from "./bond.service.ts";
export { recordDeposit } from "./deposits.service.ts";
export { evmContextOf } from "./evm/evm.context.ts";

export { hotWalletAddressOf } from "./evm/evm.keys.ts";
export { type LocalEvmNode, startLocalEvmNode } from "./evm/evm.local-node.ts";
export { reconcileEvm } from "./evm/evm.reconcile.ts";
export { Secret } from "./evm/evm.secret.ts";

export { BOND_AMOUNTS } from "./wallet.domain.ts";
export { assertSecondFactor } from "./wallet.second-factor.ts";
export { getBalances, getDepositAddress, sendCrypto } from "./wallet.service.ts";
export { broadcastPendingWithdrawals } from "./withdrawals.service.ts";

export const walletModule: SoukModule = {
  name: "wallet",
  privateRoutes: async (app, deps) => {
    registerWalletPrivateRoutes(app, deps);
    registerWalletAdminRoutes(app, deps);
    registerCustodyAdminRoutes(app, deps);
  },
  jobs: [broadcastWithdrawalsJob, custodyFollowJob, custodyTransactionsJob, custodySweepJob, custodyReconcileJob],
  commands: [
    depositCommand,
    confirmCommand,
    broadcastCommand,
    chainDevCommand,
    keysCommand,
    reconcileCommand,
    syncCommand,
  ],
  // ledger:verify also proves that withdrawal holds match open withdrawals.
  ledgerChecks: [withdrawalHoldsCheck],
  // Withdrawals above the approval threshold wait for staff (docs/decisions/144-withdrawal-approval-thresholds.md).
  approvalActions: [withdrawalApprovalAction],
  seedDemo: seedDemoWallets,
};
