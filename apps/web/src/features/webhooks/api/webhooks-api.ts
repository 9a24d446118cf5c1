import {
  type AccountWebhook,
  type AccountWebhookEvent,
  accountWebhookResponseSchema,
  envelopeSchema,
  webhookDeliveryLogResponseSchema,
} from "@souk/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

const WEBHOOK_KEY = ["webhook"];
const LOG_KEY = ["webhook", "deliveries"];
const emptySchema = envelopeSchema(z.null());

export function webhookQueryOptions() {
  return queryOptions({
    queryKey: WEBHOOK_KEY,
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/webhooks", { schema: accountWebhookResponseSchema, signal })).data,
    // The secret comes once: a refetch would lose it, so the screen keeps what it got.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function deliveryLogQueryOptions() {
  return queryOptions({
    queryKey: LOG_KEY,
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/webhooks/deliveries", { schema: webhookDeliveryLogResponseSchema, signal })).data,
  });
}

/** A call whose answer is the webhook: it replaces the cached one. */
function useWebhookMutation<Input>(call: (input: Input) => Promise<{ data: AccountWebhook }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => (await call(input)).data,
    onSuccess: (webhook) => queryClient.setQueryData(WEBHOOK_KEY, webhook),
  });
}

export function useVerifyWebhook() {
  return useWebhookMutation((url: string) =>
    apiClient.post("/rest/v1/webhooks/verify", { url }, { schema: accountWebhookResponseSchema }),
  );
}

export function useSaveWebhook() {
  return useWebhookMutation((url: string) =>
    apiClient.post("/rest/v1/webhooks", { url }, { schema: accountWebhookResponseSchema }),
  );
}

export function useSelectWebhookEvents() {
  return useWebhookMutation((events: AccountWebhookEvent[]) =>
    apiClient.post("/rest/v1/webhooks/events", { events }, { schema: accountWebhookResponseSchema }),
  );
}

export function useRotateWebhookSecret() {
  return useWebhookMutation((_: undefined) =>
    apiClient.post("/rest/v1/webhooks/secret", undefined, { schema: accountWebhookResponseSchema }),
  );
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => apiClient.delete("/rest/v1/webhooks", { schema: emptySchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: WEBHOOK_KEY }),
  });
}

export function useReplayDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: number) =>
      apiClient.post(`/rest/v1/webhooks/deliveries/${deliveryId}/replay`, undefined, { schema: emptySchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: LOG_KEY }),
  });
}
