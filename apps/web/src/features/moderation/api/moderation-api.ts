import {
  DEFAULT_PAGE_SIZE,
  DISPUTE_LIST_STATUSES,
  disputeSummarySchema,
  envelopeSchema,
  pageMetaSchema,
} from "@souk/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

const disputesResponse = envelopeSchema(z.array(disputeSummarySchema), pageMetaSchema);

export type DisputeListStatus = (typeof DISPUTE_LIST_STATUSES)[number];

export function isDisputeListStatus(value: string | null): value is DisputeListStatus {
  return (DISPUTE_LIST_STATUSES as readonly (string | null)[]).includes(value);
}

/** GET /rest/v1/disputes (staff): open disputes oldest first, appealed or resolved ones. */
export function disputesQueryOptions(status: DisputeListStatus, page: number, perPage = DEFAULT_PAGE_SIZE) {
  return queryOptions({
    queryKey: ["moderation", "disputes", status, page, perPage],
    queryFn: async ({ signal }) =>
      apiClient.get("/rest/v1/disputes", { schema: disputesResponse, signal, query: { status, page, perPage } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}
