/** The schemas of the reference queries, loaded with the call so zod stays out of the page chunk. */
export {
  converterCurrencyResponseSchema,
  countryListResponseSchema,
  cryptoCurrencyListResponseSchema,
  cryptoFiatRatesResponseSchema,
  cryptoUsdRatesResponseSchema,
  fiatCurrencyListResponseSchema,
  fiatCurrencyResponseSchema,
  paymentMethodGroupListResponseSchema,
  paymentMethodListResponseSchema,
  tagsResponseSchema,
  timezoneListResponseSchema,
} from "@souk/contracts";
