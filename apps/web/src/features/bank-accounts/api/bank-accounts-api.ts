import {
  BANK_LIST_LIMIT,
  type BankAccount,
  bankAccountDeletedResponseSchema,
  bankAccountResponseSchema,
  banksResponseSchema,
} from "@souk/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";
import { ownBankAccountsQueryOptions } from "../../../lib/own-bank-accounts.ts";

const ACCOUNTS_KEY = ["bank-accounts"];

/** The viewer's accounts: the one query every screen listing them shares (its key is ACCOUNTS_KEY). */
export const bankAccountsQueryOptions = ownBankAccountsQueryOptions;

export function bankAccountQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...ACCOUNTS_KEY, id],
    queryFn: async ({ signal }) =>
      (await apiClient.get(`/rest/v1/bankaccounts/${id}`, { schema: bankAccountResponseSchema, signal })).data,
  });
}

/** The banks of a country (the bank directory), for the bank picker. */
export function banksQueryOptions(countryId: number | null) {
  return queryOptions({
    queryKey: ["banks", countryId],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get("/rest/v1/banks", {
          query: { country_id: String(countryId), limit: String(BANK_LIST_LIMIT) },
          schema: banksResponseSchema,
          signal,
        })
      ).data,
    enabled: countryId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Saves an account (a new one without id); the list is read again after. */
export function useSaveBankAccount(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: Record<string, unknown>): Promise<BankAccount> =>
      (id === null
        ? await apiClient.post("/rest/v1/bankaccounts", payload, { schema: bankAccountResponseSchema })
        : await apiClient.put(`/rest/v1/bankaccounts/${id}`, payload, { schema: bankAccountResponseSchema })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
  });
}

export function useDeleteBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiClient.delete(`/rest/v1/bankaccounts/${id}`, { schema: bankAccountDeletedResponseSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
  });
}
