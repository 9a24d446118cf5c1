import type { CryptoCurrencyView } from "@souk/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "./api.ts";

/**
 * The coins offers are listed in (docs/product.md#reference-data), for the pages that filter offers
 * by coin
 * (the marketplace, a profile's offers). One query key, so they share one cached list, kept an hour.
 */
export function cryptoCurrenciesQueryOptions() {
  return queryOptions({
    queryKey: ["reference", "crypto-currencies"],
    queryFn: async ({ signal }): Promise<CryptoCurrencyView[]> => {
      const { cryptoCurrencyListResponseSchema } = await import("./reference-schemas.ts");
      return (
        await apiClient.get("/rest/v2/wallet/crypto-currencies", { schema: cryptoCurrencyListResponseSchema, signal })
      ).data;
    },
    staleTime: 60 * 60 * 1000,
  });
}
