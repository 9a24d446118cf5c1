import type { OfferListingItem, OfferSortType, OfferType, PublicProfile } from "@souk/contracts";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

const profileQueryKeyRoot = ["users", "profile"] as const;
export const userOffersQueryKeyRoot = ["offers", "user"] as const;

/** GET /rest/v1/users/{username}: the public profile (docs/product.md#public-profile). */
export function profileQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...profileQueryKeyRoot, username],
    queryFn: async ({ signal }): Promise<PublicProfile> => {
      const { publicProfileResponseSchema } = await import("./schemas.ts");
      return (
        await apiClient.get(`/rest/v1/users/${encodeURIComponent(username)}`, {
          schema: publicProfileResponseSchema,
          signal,
        })
      ).data;
    },
    retry: (failureCount, error) =>
      failureCount < 2 && !(error instanceof Error && "status" in error && error.status === 404),
  });
}

export interface UserOffersFilter {
  /** The visitor's side, as in the marketplace. */
  type: OfferType;
  cryptoCurrencyCode: string | null;
  sort: OfferSortType;
}

export interface UserOffersPage {
  offers: OfferListingItem[];
  nextOffset: number | null;
}

/** GET /rest/v1/users/{username}/active-offers, page after page ("show more"). */
export function userOffersQueryOptions(username: string, filter: UserOffersFilter) {
  return infiniteQueryOptions({
    queryKey: [...userOffersQueryKeyRoot, username, filter],
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<UserOffersPage> => {
      const { userActiveOffersResponseSchema } = await import("./schemas.ts");
      const answer = await apiClient.get(`/rest/v1/users/${encodeURIComponent(username)}/active-offers`, {
        query: {
          type: filter.type,
          cryptoCurrencyCode: filter.cryptoCurrencyCode ?? undefined,
          sort: filter.sort === "default" ? undefined : filter.sort,
          offset: pageParam,
        },
        schema: userActiveOffersResponseSchema,
        signal,
      });
      return {
        offers: answer.data,
        nextOffset: answer.meta.hasMore ? answer.meta.offset + answer.meta.limit : null,
      };
    },
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });
}
