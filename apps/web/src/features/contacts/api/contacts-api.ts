import {
  contactListResponseSchema,
  DEFAULT_PAGE_SIZE,
  type RelationAction,
  relationResponseSchema,
} from "@souk/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

export type ContactListKind = "trusted" | "blocked";

export function contactsQueryOptions(kind: ContactListKind, page: number, perPage = DEFAULT_PAGE_SIZE) {
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

/** GET /rest/v1/users/{username}/relations: the viewer's relation to a user as it stands. */
export function relationQueryOptions(username: string) {
  return queryOptions({
    queryKey: ["contacts", "relation", username],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get(`/rest/v1/users/${encodeURIComponent(username)}/relations`, {
          schema: relationResponseSchema,
          signal,
        })
      ).data,
  });
}

/** POST /rest/v1/users/{username}/relations {action}: trust, untrust, block or unblock. */
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
    onSuccess: (relation) => {
      queryClient.setQueryData(["contacts", "relation", relation.username], relation);
      void queryClient.invalidateQueries({ queryKey: ["contacts"] });
    },
  });
}
