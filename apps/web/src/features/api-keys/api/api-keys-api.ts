import { type ApiClientCreateRequest, apiClientCreatedSchema, apiClientSchema, envelopeSchema } from "@souk/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

const listSchema = envelopeSchema(z.array(apiClientSchema));
const createdSchema = envelopeSchema(apiClientCreatedSchema);
const revokedSchema = envelopeSchema(z.object({ revoked: z.literal(true) }));

export function apiClientsQueryOptions() {
  return queryOptions({
    queryKey: ["api-clients"],
    queryFn: async ({ signal }) => (await apiClient.get("/rest/v1/api-clients", { schema: listSchema, signal })).data,
  });
}

/** POST /rest/v1/api-clients: the answer carries the secret, shown once. */
export function useCreateApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApiClientCreateRequest) =>
      (await apiClient.post("/rest/v1/api-clients", input, { schema: createdSchema })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["api-clients"] }),
  });
}

export function useRevokeApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (clientId: string) =>
      (await apiClient.delete(`/rest/v1/api-clients/${encodeURIComponent(clientId)}`, { schema: revokedSchema })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["api-clients"] }),
  });
}
