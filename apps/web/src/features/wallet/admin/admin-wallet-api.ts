import {
  type AdminConfirmDepositRequest,
  type AdminDepositRequest,
  broadcastReportSchema,
  custodyOverviewSchema,
  envelopeSchema,
  walletDepositSchema,
} from "@souk/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";
import { walletKeys } from "../api/wallet-api.ts";

/** The dev chain's operator calls (admin only): record a deposit, confirm it, broadcast withdrawals. */

const depositAnswerSchema = envelopeSchema(walletDepositSchema);
const broadcastAnswerSchema = envelopeSchema(broadcastReportSchema);

export function useRecordDepositMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: AdminDepositRequest) =>
      (await apiClient.post("/rest/v1/admin/wallet/deposits", request, { schema: depositAnswerSchema })).data,
    // The admin may be crediting their own account.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export function useConfirmDepositMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, request }: { id: number; request: AdminConfirmDepositRequest }) =>
      (
        await apiClient.post(`/rest/v1/admin/wallet/deposits/${id}/confirm`, request, {
          schema: depositAnswerSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export function useBroadcastWithdrawalsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.post("/rest/v1/admin/wallet/withdrawals/broadcast", {}, { schema: broadcastAnswerSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

const custodyAnswerSchema = envelopeSchema(custodyOverviewSchema);

/** The operator overview of custody on real chains: the last reconciliation and open alerts. */
export function custodyOverviewQueryOptions() {
  return queryOptions({
    queryKey: [...walletKeys.all, "admin", "custody"],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/admin/custody", { schema: custodyAnswerSchema, signal })).data,
    refetchInterval: 60_000,
  });
}
