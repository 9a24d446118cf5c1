/** The reference module's public door: reference data, rates and the lookups other modules use. */
import type { SoukModule } from "../../platform/index.ts";
import { refreshRatesCommand } from "./reference.commands.ts";
import { registerReferenceRoutes } from "./reference.routes.ts";

export {
  getCurrentRates,
  getRateHistory,
  refreshRatesFromFile,
} from "./rates.service.ts";
export type { CryptoCurrency } from "./reference.domain.ts";
export {
  getCountryByIso,
  getCryptoCurrencyByCode,
  getFiatCurrencyByCode,
  getFiatCurrencyById,
  getPaymentMethodById,
  getPaymentMethodBySlug,
  isPhoneVerificationSupported,
  listCryptoCurrencies,
  listFiatCurrencies,
  listPaymentMethodGroups,
  listPaymentMethods,
} from "./reference.service.ts";

export const referenceModule: SoukModule = {
  name: "reference",
  publicRoutes: registerReferenceRoutes,
  commands: [refreshRatesCommand],
};
