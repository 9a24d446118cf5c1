import { disputeSummarySchema, envelopeSchema, pageMetaSchema } from "@souk/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

const disputesResponse = envelopeSchema(z.array(disputeSummarySchema), pageMetaSchema);

export type DisputeListStatus = "open" | "appealed" | "resolved";

/** GET /rest/v1/disputes (staff): open disputes oldest first, appealed or resolved ones. */
export function disputesQueryOptions(status: DisputeListStatus, page: number) {
  return queryOptions({
    queryKey: ["moderation", "disputes", status, page],
    queryFn: async ({ signal }) =>
      apiClient.get("/rest/v1/disputes", { schema: disputesResponse, signal, query: { status, page, perPage: 20 } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
