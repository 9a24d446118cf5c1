import {
  countryFilterQuerySchema,
  countryListQuerySchema,
  countryListResponseSchema,
  cryptoCurrencyListResponseSchema,
  cryptoFiatRatesResponseSchema,
  cryptoUsdRatesResponseSchema,
  currencyCodeParamsSchema,
  errorBodySchema,
  fiatCurrencyListResponseSchema,
  fiatCurrencyResponseSchema,
  languageListResponseSchema,
  localeQuerySchema,
  paymentMethodGroupListResponseSchema,
  paymentMethodListResponseSchema,
  paymentMethodQuerySchema,
  paymentMethodResponseSchema,
  slugParamsSchema,
  timezoneListResponseSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, type SoukRoutes } from "../../platform/index.ts";
import { listCryptoFiatRates } from "./rates.service.ts";
import {
  type CountryPage,
  getCryptoUsdRates,
  getFiatCurrency,
  getPaymentMethod,
  listAllCountries,
  listCountries,
  listFiatCurrencies,
  listLanguages,
  listPaymentMethodGroups,
  listPaymentMethods,
  listPhoneVerificationCountries,
  listPopularPaymentMethods,
  listTimezones,
  listWalletCryptoCurrencies,
} from "./reference.service.ts";

const tags = ["reference"];
/** Reference data changes seldom: answered with an ETag, and 304 when the browser has it. */
const referenceData = { etag: true };
const invalidInput = { 422: errorBodySchema };
const notFoundOrInvalid = { 404: errorBodySchema, 422: errorBodySchema };

function countryAnswer(page: CountryPage) {
  return envelope(page.countries, { total: page.total, limit: page.limit, offset: page.offset });
}

/** Reference data is public: the sign-up form and the marketplace need it before any log-in. */
export function registerReferenceRoutes(app: SoukRoutes, deps: AppDeps): void {
  // Read-only lists: the read replica serves them when one is configured.
  const db = deps.readDb;

  app.get(
    "/rest/v2/currencies",
    {
      config: referenceData,
      schema: {
        tags,
        summary: "Fiat currencies; meta.popularCurrencies lists the popular codes",
        querystring: localeQuerySchema,
        response: { 200: fiatCurrencyListResponseSchema, ...invalidInput },
      },
    },
    async (request) => {
      const { currencies, popularCurrencies } = await listFiatCurrencies(db, request.query.locale);
      return envelope(currencies, { popularCurrencies });
    },
  );

  app.get(
    "/rest/v2/currencies/:code",
    {
      config: referenceData,
      schema: {
        tags,
        summary: "One fiat currency by code",
        params: currencyCodeParamsSchema,
        querystring: localeQuerySchema,
        response: { 200: fiatCurrencyResponseSchema, ...notFoundOrInvalid },
      },
    },
    async (request) => envelope(await getFiatCurrency(db, request.params.code, request.query.locale)),
  );

  app.get(
    "/rest/v2/payment-methods",
    {
      config: referenceData,
      schema: {
        tags,
        summary: "Payment methods, optionally of one group (slug) or usable with one fiat currency (code)",
        querystring: paymentMethodQuerySchema,
        response: { 200: paymentMethodListResponseSchema, ...invalidInput },
      },
    },
    async (request) => envelope(await listPaymentMethods(db, request.query)),
  );

  app.get(
    "/rest/v2/payment-methods/popular",
    {
      config: referenceData,
      schema: {
        tags,
        summary: "Popular payment methods",
        querystring: localeQuerySchema,
        response: { 200: paymentMethodListResponseSchema, ...invalidInput },
      },
    },
    async (request) => envelope(await listPopularPaymentMethods(db, request.query.locale)),
  );

  app.get(
    "/rest/v2/payment-methods/:slug",
    {
      config: referenceData,
      schema: {
        tags,
        summary: "One payment method by slug",
        params: slugParamsSchema,
        querystring: localeQuerySchema,
        response: { 200: paymentMethodResponseSchema, ...notFoundOrInvalid },
      },
    },
    async (request) => envelope(await getPaymentMethod(db, request.params.slug, request.query.locale)),
  );

  app.get(
    "/rest/v2/payment-method-groups",
    {
      config: referenceData,
      schema: {
        tags,
        summary: "Payment method groups",
        querystring: localeQuerySchema,
        response: { 200: paymentMethodGroupListResponseSchema, ...invalidInput },
      },
    },
    async (request) => envelope(await listPaymentMethodGroups(db, request.query.locale)),
  );

  app.get(
    "/rest/v1/countries",
    {
      config: referenceData,
      schema: {
        tags,
        summary: "Every country, Worldwide (id 9999, YY) first",
        querystring: countryListQuerySchema,
        response: { 200: countryListResponseSchema, ...invalidInput },
      },
    },
    async (request) => countryAnswer(await listAllCountries(db, request.query)),
  );

  app.get(
    "/rest/v2/countries",
    {
      config: referenceData,
      schema: {
        tags,
        summary: "Countries filtered by kyc, important and iso_null (Worldwide is included only with iso_null=true)",
        querystring: countryFilterQuerySchema,
        response: { 200: countryListResponseSchema, ...invalidInput },
      },
    },
    async (request) => countryAnswer(await listCountries(db, request.query)),
  );

  app.get(
    "/rest/v2/countries/phone-verification",
    {
      config: referenceData,
      schema: {
        tags,
        summary: "Countries whose phone numbers can be verified",
        querystring: countryListQuerySchema,
        response: { 200: countryListResponseSchema, ...invalidInput },
      },
    },
    async (request) => countryAnswer(await listPhoneVerificationCountries(db, request.query)),
  );

  app.get(
    "/rest/v2/crypto-fiat-rates",
    {
      config: referenceData,
      schema: {
        tags,
        summary: "Price of each crypto currency in every fiat currency",
        querystring: localeQuerySchema,
        response: { 200: cryptoFiatRatesResponseSchema, ...invalidInput },
      },
    },
    async (request) => {
      const { rates, asOf } = await listCryptoFiatRates(db, request.query.locale);
      return envelope(rates, { asOf });
    },
  );

  app.get(
    "/rest/v2/wallet/crypto-currencies",
    {
      config: referenceData,
      schema: {
        tags,
        summary: "Crypto currencies with their USD price",
        response: { 200: cryptoCurrencyListResponseSchema },
      },
    },
    async () => envelope(await listWalletCryptoCurrencies(db)),
  );

  app.get(
    "/rest/v2/wallet/crypto-currencies/rates",
    {
      config: referenceData,
      schema: { tags, summary: "USD price by crypto code", response: { 200: cryptoUsdRatesResponseSchema } },
    },
    async () => {
      const { rates, asOf } = await getCryptoUsdRates(db);
      return envelope(rates, { asOf });
    },
  );

  app.get(
    "/rest/v1/timezones",
    {
      config: referenceData,
      schema: {
        tags,
        summary: "Time zones with their current UTC offsets",
        response: { 200: timezoneListResponseSchema },
      },
    },
    async () => envelope(await listTimezones(db)),
  );

  app.get(
    "/rest/v1/languages",
    { config: referenceData, schema: { tags, summary: "Languages", response: { 200: languageListResponseSchema } } },
    async () => envelope(await listLanguages(db)),
  );
}
