import type { Country, FiatCurrency, Locale, OfferTag, PaymentMethod, PaymentMethodGroup } from "@souk/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

/**
 * Reference data the filters need (docs/product.md#reference-data). It changes rarely: kept for an
 * hour, and
 * shared by every page through the same query keys.
 */
const referenceStaleTime = 60 * 60 * 1000;

export interface FiatCurrencyList {
  currencies: FiatCurrency[];
  popular: string[];
}

export function fiatCurrenciesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ["reference", "currencies", locale],
    queryFn: async ({ signal }): Promise<FiatCurrencyList> => {
      const { fiatCurrencyListResponseSchema } = await import("./schemas.ts");
      const answer = await apiClient.get("/rest/v2/currencies", {
        query: { locale },
        schema: fiatCurrencyListResponseSchema,
        signal,
      });
      return { currencies: answer.data, popular: answer.meta.popularCurrencies };
    },
    staleTime: referenceStaleTime,
  });
}

export function paymentMethodsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ["reference", "payment-methods", locale],
    queryFn: async ({ signal }): Promise<PaymentMethod[]> => {
      const { paymentMethodListResponseSchema } = await import("./schemas.ts");
      return (
        await apiClient.get("/rest/v2/payment-methods", {
          query: { locale },
          schema: paymentMethodListResponseSchema,
          signal,
        })
      ).data;
    },
    staleTime: referenceStaleTime,
  });
}

export function paymentMethodGroupsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ["reference", "payment-method-groups", locale],
    queryFn: async ({ signal }): Promise<PaymentMethodGroup[]> => {
      const { paymentMethodGroupListResponseSchema } = await import("./schemas.ts");
      return (
        await apiClient.get("/rest/v2/payment-method-groups", {
          query: { locale },
          schema: paymentMethodGroupListResponseSchema,
          signal,
        })
      ).data;
    },
    staleTime: referenceStaleTime,
  });
}

export function countriesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ["reference", "countries", locale],
    queryFn: async ({ signal }): Promise<Country[]> => {
      const { countryListResponseSchema } = await import("./schemas.ts");
      return (
        await apiClient.get("/rest/v2/countries", {
          query: { locale, limit: 500 },
          schema: countryListResponseSchema,
          signal,
        })
      ).data;
    },
    staleTime: referenceStaleTime,
  });
}

/** Tags an offer with this payment method (or group) may carry; every tag without either. */
export function tagsQueryOptions(filter: { paymentMethod: string | null; group: string | null }) {
  return queryOptions({
    queryKey: ["offers", "tags", filter.paymentMethod, filter.group],
    queryFn: async ({ signal }): Promise<OfferTag[]> => {
      const { tagsResponseSchema } = await import("./schemas.ts");
      return (
        await apiClient.get("/rest/v1/tags", {
          query: { paymentMethod: filter.paymentMethod, group: filter.group },
          schema: tagsResponseSchema,
          signal,
        })
      ).data;
    },
    staleTime: referenceStaleTime,
  });
}
