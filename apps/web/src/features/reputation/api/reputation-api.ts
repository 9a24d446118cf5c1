import type { Feedback, FeedbackRating, UserMedal } from "@souk/contracts";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

export type FeedbackFilter = "all" | FeedbackRating;

export interface FeedbackPage {
  items: Feedback[];
  positive: number;
  negative: number;
  nextPage: number | null;
}

/**
 * GET /rest/v1/users/{username}/feedback, ten a page (the server's page size), newest first,
 * filtered by rating; "Show more" asks for the next page until the server says it was the last.
 */
export function userFeedbackQueryOptions(username: string, filter: FeedbackFilter) {
  return infiniteQueryOptions({
    queryKey: ["feedback", "user", username, filter],
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<FeedbackPage> => {
      const { userFeedbackResponseSchema } = await import("./schemas.ts");
      const answer = await apiClient.get(`/rest/v1/users/${encodeURIComponent(username)}/feedback`, {
        query: { page: pageParam, rating: filter === "all" ? undefined : filter },
        schema: userFeedbackResponseSchema,
        signal,
      });
      const { meta } = answer;
      return {
        items: answer.data,
        positive: meta.positive,
        negative: meta.negative,
        nextPage: meta.currentPage < meta.lastPage ? meta.currentPage + 1 : null,
      };
    },
    getNextPageParam: (last) => last.nextPage ?? undefined,
  });
}

/** The user medals request: GET /rest/v1/users/{username}/medals. */
export function userMedalsQueryOptions(username: string) {
  return queryOptions({
    queryKey: ["users", "medals", username],
    queryFn: async ({ signal }): Promise<UserMedal[]> => {
      const { userMedalsResponseSchema } = await import("./schemas.ts");
      return (
        await apiClient.get(`/rest/v1/users/${encodeURIComponent(username)}/medals`, {
          schema: userMedalsResponseSchema,
          signal,
        })
      ).data;
    },
  });
}
