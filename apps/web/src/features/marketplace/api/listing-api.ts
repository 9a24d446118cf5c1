import type { OfferListingItem } from "@souk/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";
import type { QueryValue } from "../../../lib/api-client.ts";
import { LISTING_QUERY_KEY_ROOT } from "../../../lib/listing-query-key.ts";
import { LISTING_PAGE_SIZE } from "../listing-constants.ts";
import type { ListingFilters } from "../listing-filters.ts";

/** Every listing query starts with this key: a favourite toggle invalidates them all at once. */
export const listingQueryKeyRoot = LISTING_QUERY_KEY_ROOT;

export interface ListingPage {
  offers: OfferListingItem[];
  page: number;
  perPage: number;
  hasMore: boolean;
  ratesAsOf: string | null;
}

/**
 * GET /rest/v1/offers query for a set of resolved filters (docs/product.md#listing-filters). `type`
 * is the
 * visitor's side; flags are sent only when set; the page becomes an offset of the default size.
 */
function listingQuery(filters: ListingFilters): Record<string, QueryValue> {
  const flag = (value: boolean) => (value ? "true" : undefined);
  return {
    type: filters.side,
    cryptoCurrencyCode: filters.crypto ?? undefined,
    paymentMethod: filters.paymentMethod ?? undefined,
    group: filters.group ?? undefined,
    currencyCode: filters.currencyCode ?? undefined,
    "fiat-min": filters.fiatMin ?? undefined,
    convertFromUSD: filters.fiatMin ? flag(filters.convertFromUSD) : undefined,
    countryIso: filters.countryIso ?? undefined,
    usersCountryIso: filters.usersCountryIso ?? undefined,
    isVerifiedOffers: flag(filters.isVerifiedOffers),
    isVerifiedUsers: flag(filters.isVerifiedUsers),
    onlineUsers: flag(filters.onlineUsers),
    acceptableOnly: flag(filters.acceptableOnly),
    tags: filters.tags.length > 0 ? filters.tags.join(",") : undefined,
    binCode: filters.binCode ?? undefined,
    cardRegion: filters.cardRegion ?? undefined,
    sortType: filters.sortType === "default" ? undefined : filters.sortType,
    tab: filters.tab,
    flowType: filters.flowType ?? undefined,
    limit: LISTING_PAGE_SIZE,
    offset: (filters.page - 1) * LISTING_PAGE_SIZE,
  };
}

export function listingQueryOptions(filters: ListingFilters) {
  const query = listingQuery(filters);
  return queryOptions({
    queryKey: [...listingQueryKeyRoot, query],
    queryFn: async ({ signal }): Promise<ListingPage> => {
      const { offerListResponseSchema } = await import("./schemas.ts");
      const answer = await apiClient.get("/rest/v1/offers", { query, schema: offerListResponseSchema, signal });
      return {
        offers: answer.data,
        page: answer.meta.currentPage,
        perPage: answer.meta.perPage,
        hasMore: answer.meta.hasMore,
        ratesAsOf: answer.meta.ratesAsOf,
      };
    },
    // The previous page stays on screen, dimmed, while the next filters load.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
