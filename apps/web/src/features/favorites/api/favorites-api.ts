import type { FAVORITE_SORTS, FavoriteOffer, OfferType } from "@souk/contracts";

export type FavoriteSort = (typeof FAVORITE_SORTS)[number];

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

export const favoritesQueryKeyRoot = ["favorites"] as const;

export interface FavoritesPage {
  offers: FavoriteOffer[];
  total: number;
  currentPage: number;
  lastPage: number;
  perPage: number;
  buyCount: number;
  sellCount: number;
}

/** GET /rest/v1/favorites/offers: `type` is the visitor's side (buy: offers whose owner sells). */
export function favoritesQueryOptions(filter: { type: OfferType; page: number; sort: FavoriteSort }) {
  return queryOptions({
    queryKey: [...favoritesQueryKeyRoot, "offers", filter.type, filter.page, filter.sort],
    queryFn: async ({ signal }): Promise<FavoritesPage> => {
      const { favoritesResponseSchema } = await import("./schemas.ts");
      const answer = await apiClient.get("/rest/v1/favorites/offers", {
        query: { type: filter.type, page: filter.page, sort: filter.sort },
        schema: favoritesResponseSchema,
        signal,
      });
      return {
        offers: answer.data,
        total: answer.meta.total,
        currentPage: answer.meta.currentPage,
        lastPage: answer.meta.lastPage,
        perPage: answer.meta.perPage,
        buyCount: answer.meta.buyCount,
        sellCount: answer.meta.sellCount,
      };
    },
    placeholderData: keepPreviousData,
  });
}

interface FavoriteToggle {
  idHashed: string;
  /** The state before the toggle: a favourite is removed, anything else is added. */
  isFavorite: boolean;
}

/** POST adds, DELETE removes (docs/product.md#favourites); the answer says the new state. */
async function toggleFavorite({ idHashed, isFavorite }: FavoriteToggle): Promise<boolean> {
  const { favoriteToggleResponseSchema } = await import("./schemas.ts");
  const path = `/rest/v1/favorites/offers/${encodeURIComponent(idHashed)}`;
  const answer = isFavorite
    ? await apiClient.delete(path, { schema: favoriteToggleResponseSchema })
    : await apiClient.post(path, undefined, { schema: favoriteToggleResponseSchema });
  return answer.data.isFavorite;
}

export function useFavoriteToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: favoritesQueryKeyRoot }),
  });
}
