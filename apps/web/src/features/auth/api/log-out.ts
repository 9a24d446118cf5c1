import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { apiClient } from "../../../lib/api.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { endSession } from "../../../lib/session.ts";
import { useLocalizedPaths } from "../../../lib/use-locale.ts";

/** Kept apart from the log-in calls: the navbar needs only this, and it needs no schema. */
async function logOut(): Promise<void> {
  try {
    await apiClient.post("/rest/v1/auth/logout", undefined, { skipUnauthorizedRedirect: true });
  } catch (error) {
    // A session that already ended is what log-out wants anyway.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

/**
 * Logs out, forgets the session's cached data and goes to the home page. `beforeEnd` runs while
 * the session still holds: what this browser must give up with the account (its push subscription).
 */
export function useLogOutMutation(beforeEnd?: () => Promise<void>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { to } = useLocalizedPaths();
  return useMutation({
    mutationFn: async () => {
      await beforeEnd?.();
      await logOut();
    },
    onSuccess: async () => {
      await endSession(queryClient);
      await navigate(to("home"));
    },
  });
}
