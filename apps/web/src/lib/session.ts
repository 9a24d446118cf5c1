import type { CurrentUser } from "@souk/contracts";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, refreshCsrfToken, setCsrfToken } from "./api.ts";
import { ApiError } from "./api-client.ts";

/**
 * The signed-in user, shared by the shell and every feature. Page data seeds it; log-in,
 * sign-up and log-out replace it together with the CSRF token, which the server rotates then.
 */
export const currentUserQueryKey = ["users", "current_user"] as const;

/**
 * Asks the server who is signed in; a 401 means nobody, not an error. The answer is parsed with
 * contracts' currentUserSchema, loaded with the call: page data usually spares this call at start.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  const { currentUserAnswerSchema } = await import("./schemas.ts");
  try {
    const answer = await apiClient.get("/rest/v1/users/current_user", {
      schema: currentUserAnswerSchema,
      skipUnauthorizedRedirect: true,
      ...(signal ? { signal } : {}),
    });
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCurrentUser(): CurrentUser | null {
  return useQuery(currentUserQueryOptions()).data ?? null;
}

export function seedSession(queryClient: QueryClient, user: CurrentUser | null, csrfToken: string): void {
  setCsrfToken(csrfToken);
  queryClient.setQueryData(currentUserQueryKey, user);
}

/** After log-in or sign-up: the new session's user and CSRF token replace the anonymous ones. */
export function startSession(queryClient: QueryClient, session: { user: CurrentUser; csrfToken: string }): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0] });
  seedSession(queryClient, session.user, session.csrfToken);
}

/** After log-out: everything cached belonged to the old session; a fresh anonymous token is fetched. */
export async function endSession(queryClient: QueryClient): Promise<void> {
  queryClient.clear();
  queryClient.setQueryData(currentUserQueryKey, null);
  await refreshCsrfToken().catch(() => setCsrfToken(""));
}
