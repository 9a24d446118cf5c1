/**
 * The wallet's public door: balances, receiving, sending and withdrawing, the vendor bond and
 * the history. It moves money only through the ledger's door.
 */
import type { SoukModule } from "../../platform/index.ts";
import { broadcastWithdrawalsJob } from "./jobs/broadcast-withdrawals.job.ts";
import { registerWalletAdminRoutes } from "./wallet.admin.routes.ts";
import { withdrawalHoldsCheck } from "./wallet.checks.ts";
import { broadcastCommand, confirmCommand, depositCommand } from "./wallet.commands.ts";
import { registerWalletPrivateRoutes } from "./wallet.routes.ts";
import { seedDemoWallets } from "./wallet.seed.ts";

export { getBondStatus } from "./bond.service.ts";
export { confirmDeposit, confirmPendingDeposits, type RecordDepositInput, recordDeposit } from "./deposits.service.ts";
export {
  type BroadcastOutcome,
  type BroadcastRequest,
  type ChainAdapter,
  createDevChainAdapter,
} from "./wallet.chain.ts";
export { BOND_AMOUNTS, MIN_WITHDRAWALS, NETWORK_FEES } from "./wallet.domain.ts";
export { assertSecondFactor, type SecondFactorAction } from "./wallet.second-factor.ts";
export { getBalances, getDepositAddress, type Sender, sendCrypto } from "./wallet.service.ts";
export { broadcastPendingWithdrawals } from "./withdrawals.service.ts";

export const walletModule: SoukModule = {
  name: "wallet",
  privateRoutes: async (app, deps) => {
    registerWalletPrivateRoutes(app, deps);
    registerWalletAdminRoutes(app, deps);
  },
  jobs: [broadcastWithdrawalsJob],
  commands: [depositCommand, confirmCommand, broadcastCommand],
  // ledger:verify also proves that withdrawal holds match open withdrawals.
  ledgerChecks: [withdrawalHoldsCheck],
  seedDemo: seedDemoWallets,
};
