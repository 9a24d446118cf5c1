import {
  type CompletedTradeFilter,
  DEFAULT_PAGE_SIZE,
  type ExportCreateRequest,
  envelopeSchema,
  exportListResponseSchema,
  exportResponseSchema,
  tradeHistoryMetaSchema,
  tradeSummarySchema,
} from "@souk/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

const historyResponse = envelopeSchema(z.array(tradeSummarySchema), tradeHistoryMetaSchema);
const RUNNING = new Set(["pending", "in_progress", "generating"]);

export function historyQueryOptions(filter: CompletedTradeFilter, page: number) {
  return queryOptions({
    queryKey: ["trade-history", filter, page],
    queryFn: async ({ signal }) =>
      apiClient.get("/rest/v1/trade/history", {
        schema: historyResponse,
        signal,
        query: { filter, page, perPage: DEFAULT_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The exports, polled every 2 s while one is still being made. */
export function exportsQueryOptions() {
  return queryOptions({
    queryKey: ["trade-history", "exports"],
    queryFn: async ({ signal }) =>
      apiClient.get("/rest/v1/trade-history/exports", {
        schema: exportListResponseSchema,
        signal,
        query: { perPage: 10 },
      }),
    refetchInterval: (query) => (query.state.data?.data.some((item) => RUNNING.has(item.status)) ? 2000 : false),
  });
}

export function isRunning(status: string): boolean {
  return RUNNING.has(status);
}

export function useCreateExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ExportCreateRequest) =>
      (await apiClient.post("/rest/v1/trade-history/exports", body, { schema: exportResponseSchema })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["trade-history", "exports"] }),
  });
}
