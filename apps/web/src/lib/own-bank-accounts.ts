import { bankAccountsResponseSchema } from "@souk/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "./api.ts";

/**
 * GET /rest/v1/bankaccounts: the viewer's own bank accounts, one cached copy for every screen that
 * lists them (the accounts page, the offer's account chooser, the wizard, the trade's share).
 */
export function ownBankAccountsQueryOptions() {
  return queryOptions({
    queryKey: ["bank-accounts"],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/bankaccounts", { schema: bankAccountsResponseSchema, signal })).data,
  });
}
