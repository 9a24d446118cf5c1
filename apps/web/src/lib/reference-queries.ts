import type { CryptoCurrencyView, FiatCurrency, Locale, OfferTag } from "@souk/contracts";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "./api.ts";

/**
 * The one home of the reference data every page reads (docs/product.md#reference-data): one query
 * key per list, so every page shares one cached copy, and one cache lifetime per kind of data.
 * Schemas come with the call (a dynamic import) so zod stays out of the page chunks.
 */

/** Lists (coins, currencies, payment methods, countries, timezones, tags) change rarely. */
const REFERENCE_STALE_MS = 60 * 60_000;
/** Rates follow the market the server prices with: kept a minute and looked at again every minute. */
const RATES_STALE_MS = 60_000;

const reference = { staleTime: REFERENCE_STALE_MS } as const;
const rates = { staleTime: RATES_STALE_MS, refetchInterval: RATES_STALE_MS } as const;

const schemas = () => import("./reference-schemas.ts");
type Schemas = Awaited<ReturnType<typeof schemas>>;

/** A list in the page's language: one key per list and locale, its schema loaded with the call. */
function localeListQueryOptions<K extends keyof Schemas>(name: string, path: string, schemaName: K, locale: Locale) {
  return queryOptions({
    ...reference,
    queryKey: ["reference", name, locale],
    queryFn: async ({ signal }) => {
      const schema = (await schemas())[schemaName];
      return (await apiClient.get(path, { query: { locale }, schema, signal })).data as z.output<Schemas[K]>["data"];
    },
  });
}

export function cryptoCurrenciesQueryOptions() {
  return queryOptions({
    ...reference,
    queryKey: ["reference", "crypto-currencies"],
    queryFn: async ({ signal }): Promise<CryptoCurrencyView[]> => {
      const { cryptoCurrencyListResponseSchema: schema } = await schemas();
      return (await apiClient.get("/rest/v2/wallet/crypto-currencies", { schema, signal })).data;
    },
  });
}

export interface FiatCurrencyList {
  currencies: FiatCurrency[];
  /** The codes the pickers show first. */
  popular: string[];
}

export function fiatCurrenciesQueryOptions(locale: Locale) {
  return queryOptions({
    ...reference,
    queryKey: ["reference", "currencies", locale],
    queryFn: async ({ signal }): Promise<FiatCurrencyList> => {
      const { fiatCurrencyListResponseSchema: schema } = await schemas();
      const answer = await apiClient.get("/rest/v2/currencies", { query: { locale }, schema, signal });
      return { currencies: answer.data, popular: answer.meta.popularCurrencies };
    },
  });
}

/** A fiat currency's decimals (0 for JPY, 2 for most). */
export function fiatCurrencyQueryOptions(code: string) {
  return queryOptions({
    ...reference,
    queryKey: ["reference", "currency", code],
    queryFn: async ({ signal }): Promise<FiatCurrency> => {
      const { fiatCurrencyResponseSchema: schema } = await schemas();
      return (await apiClient.get(`/rest/v2/currencies/${encodeURIComponent(code)}`, { schema, signal })).data;
    },
    enabled: code !== "",
  });
}

export function paymentMethodsQueryOptions(locale: Locale) {
  return localeListQueryOptions(
    "payment-methods",
    "/rest/v2/payment-methods",
    "paymentMethodListResponseSchema",
    locale,
  );
}

export function paymentMethodGroupsQueryOptions(locale: Locale) {
  return localeListQueryOptions(
    "payment-method-groups",
    "/rest/v2/payment-method-groups",
    "paymentMethodGroupListResponseSchema",
    locale,
  );
}

/** Every country (the server's default page holds them all). */
export function countriesQueryOptions(locale: Locale) {
  return localeListQueryOptions("countries", "/rest/v2/countries", "countryListResponseSchema", locale);
}

export function timezonesQueryOptions() {
  return queryOptions({
    ...reference,
    queryKey: ["reference", "timezones"],
    queryFn: async ({ signal }) => {
      const { timezoneListResponseSchema: schema } = await schemas();
      return (await apiClient.get("/rest/v1/timezones", { schema, signal })).data;
    },
  });
}

/** Tags an offer with this payment method (or group) may carry; every tag without either. */
export function tagsQueryOptions(filter: { paymentMethod: string | null; group: string | null }) {
  return queryOptions({
    ...reference,
    queryKey: ["reference", "tags", filter.paymentMethod, filter.group],
    queryFn: async ({ signal }): Promise<OfferTag[]> => {
      const { tagsResponseSchema: schema } = await schemas();
      const query = { paymentMethod: filter.paymentMethod, group: filter.group };
      return (await apiClient.get("/rest/v1/tags", { query, schema, signal })).data;
    },
  });
}

/** USD per coin, by crypto code. */
export function cryptoUsdRatesQueryOptions() {
  return queryOptions({
    ...rates,
    queryKey: ["reference", "crypto-usd-rates"],
    queryFn: async ({ signal }) => {
      const { cryptoUsdRatesResponseSchema: schema } = await schemas();
      return (await apiClient.get("/rest/v2/wallet/crypto-currencies/rates", { schema, signal })).data;
    },
  });
}

/** Fiat units per USD, by fiat code (the converter's rate.usd, unrounded). */
export function fiatPerUsdQueryOptions() {
  return queryOptions({
    ...rates,
    queryKey: ["reference", "fiat-per-usd"],
    queryFn: async ({ signal }): Promise<Record<string, string>> => {
      const { converterCurrencyResponseSchema: schema } = await schemas();
      const answer = await apiClient.get("/rest/v1/calculator/currency", { schema, signal });
      return Object.fromEntries(answer.data.map((currency) => [currency.code, currency.rate.usd]));
    },
  });
}

/** The price of each coin in every fiat currency (for the fiat value of each balance). */
export function cryptoFiatRatesQueryOptions() {
  return queryOptions({
    ...rates,
    queryKey: ["reference", "crypto-fiat-rates"],
    queryFn: async ({ signal }) => {
      const { cryptoFiatRatesResponseSchema: schema } = await schemas();
      return (await apiClient.get("/rest/v2/crypto-fiat-rates", { schema, signal })).data;
    },
  });
}
