import {
  type AdminConfirmDepositRequest,
  type AdminDepositRequest,
  broadcastReportSchema,
  envelopeSchema,
  walletDepositSchema,
} from "@souk/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
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
