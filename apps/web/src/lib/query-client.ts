import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

const MAX_QUERY_RETRIES = 2;

/** Client errors (4xx) are answers, not accidents: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

import { LISTING_QUERY_KEY_ROOT } from "./listing-query-key.ts";

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  // Whatever the user just changed (an offer written or switched, a trade started, a bond or a
  // deposit moved) may change what the marketplace lists: its cached pages go stale at once, and
  // the next look at the market asks the server again instead of showing a page from before.
  client.getMutationCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "success") {
      void client.invalidateQueries({ queryKey: LISTING_QUERY_KEY_ROOT });
    }
  });
  return client;
}
