/** The bank-accounts module's door: a user's bank accounts, the bank directory, the accounts of offers and trades. */
import type { SoukModule } from "../../platform/index.ts";
import { registerBankAccountsRoutes, registerBanksRoutes } from "./bank-accounts.routes.ts";

export {
  attachOwnBankAccounts,
  offerBankAccounts,
  tradeBankAccountOf,
  tradePaymentAccountsQuery,
  tradeRowPaymentAccountsSql,
} from "./bank-accounts.service.ts";

export const bankAccountsModule: SoukModule = {
  name: "bank-accounts",
  publicRoutes: registerBanksRoutes,
  privateRoutes: registerBankAccountsRoutes,
};
