import { adminHealthSchema, envelopeSchema } from "@souk/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

const healthAnswer = envelopeSchema(adminHealthSchema);

/**
 * The Overview's health read: the last ledger verification, the job queue, delivery failures of the
 * last 24 hours and maintenance (docs/decisions/145-operations-health.md). Refreshed every minute.
 */
export function adminHealthQueryOptions() {
  return queryOptions({
    queryKey: ["admin", "health"],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/admin/health", { schema: healthAnswer, signal })).data,
    refetchInterval: 60_000,
  });
}
