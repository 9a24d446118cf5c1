import {
  accountActivityResponseSchema,
  accountSessionsResponseSchema,
  endedSessionsResponseSchema,
} from "@souk/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

export function sessionsQueryOptions() {
  return queryOptions({
    queryKey: ["account-sessions"],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/users/sessions", { schema: accountSessionsResponseSchema, signal })).data,
  });
}

const ACTIVITY_PAGE_SIZE = 10;

export function activityQueryOptions(page: number) {
  return queryOptions({
    queryKey: ["account-activity", page],
    queryFn: async ({ signal }) =>
      apiClient.get(`/rest/v1/users/activity?page=${page}&perPage=${ACTIVITY_PAGE_SIZE}`, {
        schema: accountActivityResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** DELETE users/sessions/{id}, or users/sessions (every other one) without an id. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: number | null) =>
      (
        await apiClient.delete(
          sessionId === null ? "/rest/v1/users/sessions" : `/rest/v1/users/sessions/${sessionId}`,
          {
            schema: endedSessionsResponseSchema,
          },
        )
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["account-sessions"] }),
  });
}
