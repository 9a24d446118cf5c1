import { contactListResponseSchema, type RelationAction, relationResponseSchema } from "@souk/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

export type ContactListKind = "trusted" | "blocked";

export function contactsQueryOptions(kind: ContactListKind, page: number, perPage = 20) {
  return queryOptions({
    queryKey: ["contacts", kind, page, perPage],
    queryFn: async ({ signal }) =>
      apiClient.get(`/rest/v1/users/me/contacts/${kind}-list`, {
        schema: contactListResponseSchema,
        signal,
        query: { page, perPage },
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /rest/v1/users/{username}/relations {action}: unblock or untrust from the lists. */
export function useRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ username, action }: { username: string; action: RelationAction }) =>
      (
        await apiClient.post(
          `/rest/v1/users/${encodeURIComponent(username)}/relations`,
          { action },
          { schema: relationResponseSchema },
        )
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["contacts"] }),
  });
}
