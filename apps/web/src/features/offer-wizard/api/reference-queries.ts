import {
  converterCurrencyResponseSchema,
  countryListResponseSchema,
  cryptoCurrencyListResponseSchema,
  cryptoUsdRatesResponseSchema,
  fiatCurrencyListResponseSchema,
  type Locale,
  paymentMethodGroupListResponseSchema,
  paymentMethodListResponseSchema,
  tagsResponseSchema,
  timezoneListResponseSchema,
} from "@souk/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

/**
 * Reference data the wizard is built from. It changes rarely, so it is kept for a while; rates
 * are refreshed every minute so the price preview follows the market the server prices with.
 */
const REFERENCE_STALE_MS = 10 * 60_000;
const RATES_STALE_MS = 60_000;

const root = ["offer-wizard", "reference"] as const;

export function cryptoCurrenciesQueryOptions() {
  return queryOptions({
    queryKey: [...root, "crypto-currencies"],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v2/wallet/crypto-currencies", { schema: cryptoCurrencyListResponseSchema, signal }))
        .data,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function fiatCurrenciesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: [...root, "currencies", locale],
    // The whole answer: meta.popularCurrencies groups the picker.
    queryFn: ({ signal }) =>
      apiClient.get("/rest/v2/currencies", { query: { locale }, schema: fiatCurrencyListResponseSchema, signal }),
    staleTime: REFERENCE_STALE_MS,
  });
}

export function paymentMethodsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: [...root, "payment-methods", locale],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get("/rest/v2/payment-methods", {
          query: { locale },
          schema: paymentMethodListResponseSchema,
          signal,
        })
      ).data,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function paymentMethodGroupsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: [...root, "payment-method-groups", locale],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get("/rest/v2/payment-method-groups", {
          query: { locale },
          schema: paymentMethodGroupListResponseSchema,
          signal,
        })
      ).data,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function countriesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: [...root, "countries", locale],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v2/countries", { query: { locale }, schema: countryListResponseSchema, signal }))
        .data,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function timezonesQueryOptions() {
  return queryOptions({
    queryKey: [...root, "timezones"],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/timezones", { schema: timezoneListResponseSchema, signal })).data,
    staleTime: REFERENCE_STALE_MS,
  });
}

/** The tags a payment method may carry (all tags while none is chosen). */
export function tagsQueryOptions(paymentMethodSlug: string) {
  return queryOptions({
    queryKey: [...root, "tags", paymentMethodSlug],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get("/rest/v1/tags", {
          query: { paymentMethod: paymentMethodSlug || undefined },
          schema: tagsResponseSchema,
          signal,
        })
      ).data,
    staleTime: REFERENCE_STALE_MS,
  });
}

/** USD per coin, by crypto code. */
export function cryptoUsdRatesQueryOptions() {
  return queryOptions({
    queryKey: [...root, "crypto-usd-rates"],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v2/wallet/crypto-currencies/rates", { schema: cryptoUsdRatesResponseSchema, signal }))
        .data,
    staleTime: RATES_STALE_MS,
    refetchInterval: RATES_STALE_MS,
  });
}

/** Fiat units per USD, by fiat code (the converter's rate.usd, unrounded). */
export function fiatPerUsdQueryOptions() {
  return queryOptions({
    queryKey: [...root, "fiat-per-usd"],
    queryFn: async ({ signal }) => {
      const answer = await apiClient.get("/rest/v1/calculator/currency", {
        schema: converterCurrencyResponseSchema,
        signal,
      });
      return Object.fromEntries(answer.data.map((currency) => [currency.code, currency.rate.usd])) as Record<
        string,
        string
      >;
    },
    staleTime: RATES_STALE_MS,
    refetchInterval: RATES_STALE_MS,
  });
}
