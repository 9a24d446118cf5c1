import {
  adminChargebackDetailSchema,
  adminChargebackSchema,
  type ChargebackDecisionRequest,
  type ChargebackFilter,
  envelopeSchema,
  pageMetaSchema,
} from "@souk/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

/** The chargeback queue's calls (docs/decisions/141-chargeback-decisions.md). */

const chargebackKeys = { all: ["admin", "chargebacks"] as const };
const base = "/rest/v1/admin/chargebacks";
const listAnswer = envelopeSchema(z.array(adminChargebackSchema), pageMetaSchema);
const itemAnswer = envelopeSchema(adminChargebackDetailSchema);
const PAGE_SIZE = 20;

/** The reports of a state: Pending oldest first (the queue), the decided ones newest first. */
export function chargebacksQueryOptions(state: ChargebackFilter, page: number) {
  return queryOptions({
    queryKey: [...chargebackKeys.all, "list", state, page],
    queryFn: async ({ signal }) =>
      apiClient.get(base, { schema: listAnswer, signal, query: { state, page, perPage: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** How many reports wait for a decision (the overview's count). */
export function pendingChargebackCountQueryOptions() {
  return queryOptions({
    queryKey: [...chargebackKeys.all, "pending-count"],
    queryFn: async ({ signal }) =>
      (await apiClient.get(base, { schema: listAnswer, signal, query: { state: "Pending", perPage: 1 } })).meta.total,
    refetchInterval: 60_000,
  });
}

export function chargebackQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...chargebackKeys.all, "item", id],
    queryFn: async ({ signal }) =>
      (await apiClient.get(`${base}/${encodeURIComponent(id)}`, { schema: itemAnswer, signal })).data,
  });
}

/** One decision; the answer is the report as it now stands. */
export function useChargebackDecisionMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: ChargebackDecisionRequest) =>
      (await apiClient.post(`${base}/${encodeURIComponent(id)}/decision`, decision, { schema: itemAnswer })).data,
    onSuccess: (item) => {
      queryClient.setQueryData(chargebackQueryOptions(id).queryKey, item);
      void queryClient.invalidateQueries({ queryKey: [...chargebackKeys.all, "list"] });
      void queryClient.invalidateQueries({ queryKey: [...chargebackKeys.all, "pending-count"] });
    },
    // A refusal may mean another moderator decided it meanwhile: show the report as it stands.
    onError: () => void queryClient.invalidateQueries({ queryKey: chargebackKeys.all }),
  });
}
