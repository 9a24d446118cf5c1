import type { CALCULATOR_RANGES, converterCurrencySchema } from "@souk/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

export type ChartRange = (typeof CALCULATOR_RANGES)[number];
export type ConverterCurrency = z.infer<typeof converterCurrencySchema>;

export interface ConverterCurrencies {
  currencies: ConverterCurrency[];
  asOf: string | null;
}

/** GET /rest/v1/calculator/currency: every converter currency with its rates (docs/product.md#converter). */
export function converterCurrenciesQueryOptions() {
  return queryOptions({
    queryKey: ["calculator", "currencies"],
    queryFn: async ({ signal }): Promise<ConverterCurrencies> => {
      const { converterCurrencyResponseSchema } = await import("./schemas.ts");
      const answer = await apiClient.get("/rest/v1/calculator/currency", {
        schema: converterCurrencyResponseSchema,
        signal,
      });
      return { currencies: [...answer.data].sort((a, b) => a.order - b.order), asOf: answer.meta.asOf };
    },
    staleTime: 5 * 60 * 1000,
  });
}

export interface ChartPoint {
  /** Epoch seconds. */
  time: number;
  /** Decimal string: the price of one BTC that day. */
  value: string;
}

/** GET /rest/v1/calculator?range&currency: BTC's daily price history in a currency. */
export function priceChartQueryOptions(range: ChartRange, currency: string) {
  return queryOptions({
    queryKey: ["calculator", "chart", range, currency],
    queryFn: async ({ signal }): Promise<ChartPoint[]> => {
      const { calculatorResponseSchema } = await import("./schemas.ts");
      return (
        await apiClient.get("/rest/v1/calculator", {
          query: { range, currency },
          schema: calculatorResponseSchema,
          signal,
        })
      ).data;
    },
    placeholderData: keepPreviousData,
    staleTime: 5 * 60 * 1000,
  });
}
