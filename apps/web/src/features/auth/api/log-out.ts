import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
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
 * A state of its own rather than a query-library mutation: the navbar that uses it is in every
 * page's first load, and the mutation code is not.
 */
export function useLogOut(beforeEnd?: () => Promise<void>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { to } = useLocalizedPaths();
  const [isPending, setPending] = useState(false);
  const run = useCallback(
    async (onError: () => void): Promise<void> => {
      setPending(true);
      try {
        await beforeEnd?.();
        await logOut();
        await endSession(queryClient);
      } catch {
        onError();
        return;
      } finally {
        setPending(false);
      }
      await navigate(to("home"));
    },
    [beforeEnd, queryClient, navigate, to],
  );
  return { logOut: run, isPending };
}
