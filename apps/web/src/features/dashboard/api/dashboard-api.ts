import {
  activeTradesMetaSchema,
  envelopeSchema,
  pageMetaSchema,
  recentTradeSchema,
  TRADE_RULES,
  tradeStatisticsSchema,
  tradeSummarySchema,
} from "@souk/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

const activeResponse = envelopeSchema(z.array(tradeSummarySchema), activeTradesMetaSchema);
const recentResponse = envelopeSchema(z.array(recentTradeSchema), pageMetaSchema);
const statisticsResponse = envelopeSchema(tradeStatisticsSchema);

/**
 * Active trades, polled at most once per 60 s (docs/product.md#trade-history-and-figures): never
 * faster than the server asks.
 */
export function activeTradesQueryOptions() {
  return queryOptions({
    queryKey: ["dashboard", "active-trades"],
    queryFn: async ({ signal }) => apiClient.get("/rest/v1/trade/active", { schema: activeResponse, signal }),
    staleTime: TRADE_RULES.activeTradesPollMs,
    refetchInterval: (query) =>
      Math.max(TRADE_RULES.activeTradesPollMs, query.state.data?.meta.pollIntervalMs ?? TRADE_RULES.activeTradesPollMs),
  });
}

export function recentTradesQueryOptions(page: number, perPage = 10) {
  return queryOptions({
    queryKey: ["dashboard", "recent-trades", page, perPage],
    queryFn: async ({ signal }) =>
      apiClient.get("/rest/v1/users/me/contacts/recent-trades", {
        schema: recentResponse,
        signal,
        query: { page, perPage },
      }),
    placeholderData: keepPreviousData,
  });
}

export function tradeStatisticsQueryOptions() {
  return queryOptions({
    queryKey: ["dashboard", "trade-statistics"],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/trade/statistics", { schema: statisticsResponse, signal })).data,
  });
}
