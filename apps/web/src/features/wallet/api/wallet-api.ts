import {
  type BondDepositRequest,
  type BondRetrieveRequest,
  bondStatusSchema,
  envelopeSchema,
  pageMetaSchema,
  type WalletSendRequest,
  type WalletTransactionType,
  walletAddressSchema,
  walletBalanceSchema,
  walletBalancesMetaSchema,
  walletDepositSchema,
  walletSendInfoSchema,
  walletSendResultSchema,
  walletTransactionSchema,
} from "@souk/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api.ts";
import { isApiError } from "../../../lib/api-client.ts";

/**
 * The wallet's calls (docs/product.md#wallet; the server's wallet module): query options for reads,
 * mutations for the calls that move money. Every answer is parsed with its contracts schema.
 */

const balancesAnswerSchema = envelopeSchema(z.array(walletBalanceSchema), walletBalancesMetaSchema);
const addressAnswerSchema = envelopeSchema(walletAddressSchema);
const depositsAnswerSchema = envelopeSchema(z.array(walletDepositSchema), pageMetaSchema);
const sendInfoAnswerSchema = envelopeSchema(walletSendInfoSchema);
const sendResultAnswerSchema = envelopeSchema(walletSendResultSchema);
const transactionsAnswerSchema = envelopeSchema(z.array(walletTransactionSchema), pageMetaSchema);
const bondAnswerSchema = envelopeSchema(bondStatusSchema);

/** While a deposit waits for confirmations, balances and deposits are looked at again this often. */
const PENDING_DEPOSIT_POLL_MS = 15_000;

export const walletKeys = {
  all: ["wallet"] as const,
  balances: () => ["wallet", "balances"] as const,
  address: (code: string) => ["wallet", "address", code] as const,
  pendingDeposits: (code: string) => ["wallet", "deposits", "pending", code] as const,
  sendInfo: (code: string) => ["wallet", "send-info", code] as const,
  transactions: (filters: TransactionFilters) => ["wallet", "transactions", filters] as const,
  bond: () => ["wallet", "bond"] as const,
};

// ---- balances and receiving ----------------------------------------------------------------

export function balancesQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.balances(),
    queryFn: ({ signal }) => apiClient.get("/rest/v2/wallet/balances", { schema: balancesAnswerSchema, signal }),
    refetchOnWindowFocus: true,
    // Incoming deposits turn into balance as their confirmations arrive.
    refetchInterval: (query) =>
      query.state.data?.data.some((balance) => /[1-9]/.test(balance.incomingAmount)) ? PENDING_DEPOSIT_POLL_MS : false,
  });
}

export function addressQueryOptions(code: string) {
  return queryOptions({
    queryKey: walletKeys.address(code),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get("/rest/v1/wallet/address", {
          query: { cryptoCurrencyCode: code },
          schema: addressAnswerSchema,
          signal,
        })
      ).data,
    // An address, once handed out, stays the user's.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function pendingDepositsQueryOptions(code: string) {
  return queryOptions({
    queryKey: walletKeys.pendingDeposits(code),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get("/rest/v1/wallet/deposits", {
          query: { cryptoCurrencyCode: code, status: "pending", perPage: 20 },
          schema: depositsAnswerSchema,
          signal,
        })
      ).data,
    refetchOnWindowFocus: true,
    // Shown on the receive screen, where someone may be waiting for a deposit they just sent:
    // look again while it is open, not only once something is already incoming.
    refetchInterval: PENDING_DEPOSIT_POLL_MS,
  });
}

// ---- sending -------------------------------------------------------------------------------

export function sendInfoQueryOptions(code: string) {
  return queryOptions({
    queryKey: walletKeys.sendInfo(code),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get("/rest/v1/wallet/send-info", {
          query: { cryptoCurrencyCode: code },
          schema: sendInfoAnswerSchema,
          signal,
        })
      ).data,
    enabled: code !== "",
  });
}

/**
 * Whether a username belongs to someone who can receive (their public profile answers), asked
 * while the sender types: true, false (no such user), or null when the answer is not known.
 * The server checks the recipient again when the send is confirmed.
 */
export function recipientQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...walletKeys.all, "recipient", username.toLowerCase()],
    queryFn: async ({ signal }): Promise<boolean | null> => {
      try {
        await apiClient.get(`/rest/v1/users/${encodeURIComponent(username)}`, {
          signal,
          skipUnauthorizedRedirect: true,
        });
        return true;
      } catch (error) {
        return isApiError(error) && error.status === 404 ? false : null;
      }
    },
    enabled: username !== "",
    staleTime: 60_000,
    retry: false,
  });
}

interface SendVariables {
  request: WalletSendRequest;
  /** One key per confirmed submission, kept when the same submission is tried again. */
  idempotencyKey: string;
}

async function sendCrypto({ request, idempotencyKey }: SendVariables) {
  return (await apiClient.post("/rest/v1/wallet/send", request, { schema: sendResultAnswerSchema, idempotencyKey }))
    .data;
}

/** After money moved, everything the wallet shows may have changed. */
function useInvalidateWallet() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: walletKeys.all, refetchType: "active" });
}

export function useSendMutation() {
  const invalidate = useInvalidateWallet();
  return useMutation({ mutationFn: sendCrypto, onSuccess: invalidate });
}

// ---- history -------------------------------------------------------------------------------

export interface TransactionFilters {
  cryptoCurrencyCode?: string;
  type?: WalletTransactionType;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  /** YYYY-MM-DD, inclusive. */
  to?: string;
  page: number;
  perPage: number;
}

export function transactionsQueryOptions(filters: TransactionFilters) {
  return queryOptions({
    queryKey: walletKeys.transactions(filters),
    queryFn: ({ signal }) =>
      apiClient.get("/rest/v1/wallet/transactions", {
        query: { ...filters },
        schema: transactionsAnswerSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    // A withdrawal moves from held to completed on the server's schedule.
    refetchInterval: (query) =>
      query.state.data?.data.some((item) => item.status === "held" || item.status === "broadcasting") ? 20_000 : false,
  });
}

// ---- bond ----------------------------------------------------------------------------------

export function bondQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.bond(),
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/wallet/bond", { schema: bondAnswerSchema, signal })).data,
  });
}

export function useDepositBondMutation() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: async ({ request, idempotencyKey }: { request: BondDepositRequest; idempotencyKey: string }) =>
      (await apiClient.post("/wallet/deposit-bond", request, { schema: bondAnswerSchema, idempotencyKey })).data,
    onSuccess: invalidate,
  });
}

export function useRetrieveBondMutation() {
  const invalidate = useInvalidateWallet();
  return useMutation({
    mutationFn: async ({ request, idempotencyKey }: { request: BondRetrieveRequest; idempotencyKey: string }) =>
      (await apiClient.post("/wallet/retrieve-bond", request, { schema: bondAnswerSchema, idempotencyKey })).data,
    onSuccess: invalidate,
  });
}
