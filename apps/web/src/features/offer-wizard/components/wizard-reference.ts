import type { CryptoCurrencyView, FiatCurrency, PaymentMethod, PaymentMethodGroup } from "@souk/contracts";

/** The reference data the wizard's steps share, loaded once by the wizard. */
export interface WizardReference {
  cryptoCurrencies: CryptoCurrencyView[];
  fiatCurrencies: FiatCurrency[];
  popularFiatCodes: string[];
  paymentMethods: PaymentMethod[];
  paymentMethodGroups: PaymentMethodGroup[];
}

export function findPaymentMethod(reference: WizardReference, slug: string): PaymentMethod | null {
  return reference.paymentMethods.find((method) => method.slug === slug) ?? null;
}

export function findFiat(reference: WizardReference, code: string): FiatCurrency | null {
  return reference.fiatCurrencies.find((currency) => currency.code === code) ?? null;
}

export function findCrypto(reference: WizardReference, code: string): CryptoCurrencyView | null {
  return reference.cryptoCurrencies.find((currency) => currency.code === code) ?? null;
}

/** The fiat currencies a payment method works with (all of them when it names none). */
export function fiatCurrenciesFor(reference: WizardReference, method: PaymentMethod | null): FiatCurrency[] {
  if (!method?.currencyCodes) return reference.fiatCurrencies;
  const allowed = new Set(method.currencyCodes);
  return reference.fiatCurrencies.filter((currency) => allowed.has(currency.code));
}
