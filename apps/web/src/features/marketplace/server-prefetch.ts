import type { QueryClient } from "@tanstack/react-query";
import { cryptoCurrenciesQueryOptions } from "../../lib/reference-queries.ts";
import { listingQueryOptions } from "./api/listing-api.ts";
import { type ListingSide, readPathSelection, readQueryFilters } from "./listing-filters.ts";
import { resolveSelection } from "./resolve-selection.ts";

/**
 * Fetches what the marketplace's first render reads for `/buy` or `/sell` with the default filters
 * (the coins and the first page of offers), with the same queries as the page, so the HTML the
 * server renders from them is the HTML the browser's first render makes. Throws when a query fails.
 */
export async function prefetchDefaultListing(queryClient: QueryClient, side: ListingSide): Promise<void> {
  const selection = readPathSelection({ kind: "marketplace", side });
  const cryptos = await queryClient.fetchQuery(cryptoCurrenciesQueryOptions());
  if (!selection) return;
  const resolution = resolveSelection(selection, readQueryFilters(new URLSearchParams()), {
    cryptos,
    methods: undefined,
    groups: undefined,
  });
  if (resolution.status === "ready") await queryClient.fetchQuery(listingQueryOptions(resolution.filters));
}
