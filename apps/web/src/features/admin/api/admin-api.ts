import {
  adminOfferSchema,
  adminUserDetailsSchema,
  adminUserSchema,
  adminUserSummarySchema,
  auditEntrySchema,
  type BlockedKycAction,
  type DISPUTE_LIST_STATUSES,
  disputeSummarySchema,
  envelopeSchema,
  type GrantableRole,
  type OfferModerationFilter,
  pageMetaSchema,
  type RestrictionKind,
} from "@souk/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

/** The operator console's calls: users, restrictions, roles and the audit log (docs/product.md#operator-console). */

const adminKeys = { all: ["admin"] as const };

const usersAnswer = envelopeSchema(z.array(adminUserSummarySchema), pageMetaSchema);
const userAnswer = envelopeSchema(adminUserSchema);
const auditAnswer = envelopeSchema(z.array(auditEntrySchema), pageMetaSchema);
const disputesAnswer = envelopeSchema(z.array(disputeSummarySchema), pageMetaSchema);

export function adminUsersQueryOptions(q: string, page: number) {
  return queryOptions({
    queryKey: [...adminKeys.all, "users", q, page],
    queryFn: async ({ signal }) =>
      apiClient.get("/rest/v1/admin/users", { schema: usersAnswer, signal, query: { q, page, perPage: 20 } }),
    placeholderData: keepPreviousData,
  });
}

export function adminUserQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...adminKeys.all, "user", username],
    queryFn: async ({ signal }) =>
      (await apiClient.get(`/rest/v1/admin/users/${encodeURIComponent(username)}`, { schema: userAnswer, signal }))
        .data,
  });
}

/** The sections of a user's page: balances, latest trades, offers and sessions. */
export function adminUserDetailsQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...adminKeys.all, "user-details", username],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get(`/rest/v1/admin/users/${encodeURIComponent(username)}/details`, {
          schema: envelopeSchema(adminUserDetailsSchema),
          signal,
        })
      ).data,
  });
}

export function auditQueryOptions(q: string, page: number, perPage = 25) {
  return queryOptions({
    queryKey: [...adminKeys.all, "audit", q, page, perPage],
    queryFn: async ({ signal }) =>
      apiClient.get("/rest/v1/admin/audit", { schema: auditAnswer, signal, query: { q, page, perPage } }),
    placeholderData: keepPreviousData,
  });
}

/** How many disputes wait in a tab: the list's total, one row fetched. */
export function disputeCountQueryOptions(status: (typeof DISPUTE_LIST_STATUSES)[number]) {
  return queryOptions({
    queryKey: [...adminKeys.all, "dispute-count", status],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/disputes", { schema: disputesAnswer, signal, query: { status, perPage: 1 } })).meta
        .total,
    refetchInterval: 60_000,
  });
}

type UserAction =
  | { type: "restrict"; kind: RestrictionKind; reason: string; until: string | null }
  | { type: "lift"; kind: RestrictionKind; reason: string }
  | { type: "grant"; role: GrantableRole; reason: string }
  | { type: "revoke"; role: GrantableRole; reason: string }
  | { type: "block"; action: BlockedKycAction; reason: string }
  | { type: "unblock"; action: BlockedKycAction; reason: string };

function requestOf(username: string, action: UserAction): { path: string; body: object } {
  const base = `/rest/v1/admin/users/${encodeURIComponent(username)}`;
  switch (action.type) {
    case "restrict":
      return { path: `${base}/restrictions`, body: { kind: action.kind, reason: action.reason, until: action.until } };
    case "lift":
      return { path: `${base}/restrictions/${action.kind}/lift`, body: { reason: action.reason } };
    case "grant":
      return { path: `${base}/roles`, body: { role: action.role, reason: action.reason } };
    case "revoke":
      return { path: `${base}/roles/${action.role}/revoke`, body: { reason: action.reason } };
    case "block":
      return { path: `${base}/blocked-actions`, body: { action: action.action, reason: action.reason } };
    case "unblock":
      return { path: `${base}/blocked-actions/${action.action}/lift`, body: { reason: action.reason } };
  }
}

/** One staff action on an account; the answer is the account as it now stands. */
export function useUserActionMutation(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: UserAction) => {
      const { path, body } = requestOf(username, action);
      return (await apiClient.post(path, body, { schema: userAnswer })).data;
    },
    onSuccess: (user) => {
      queryClient.setQueryData(adminUserQueryOptions(username).queryKey, user);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

const offersAnswer = envelopeSchema(z.array(adminOfferSchema), pageMetaSchema);
const offerAnswer = envelopeSchema(adminOfferSchema);

/** The moderators' offers by moderation status (docs/decisions/130-offer-moderation.md). */
export function adminOffersQueryOptions(status: OfferModerationFilter, q: string, page: number) {
  return queryOptions({
    queryKey: [...adminKeys.all, "offers", status, q, page],
    queryFn: async ({ signal }) =>
      apiClient.get("/rest/v1/admin/offers", { schema: offersAnswer, signal, query: { status, q, page, perPage: 20 } }),
    placeholderData: keepPreviousData,
  });
}

export type OfferModerationAction = "reject" | "approve" | "feature" | "unfeature" | "sticky" | "unsticky";

/** The route and body of one step: a mark (feature, sticky) is switched on or off with `isOn`. */
function moderationRequestOf(idHashed: string, action: OfferModerationAction, reason: string) {
  const base = `/rest/v1/admin/offers/${encodeURIComponent(idHashed)}`;
  if (action === "reject" || action === "approve") return { path: `${base}/${action}`, body: { reason } };
  const isOn = !action.startsWith("un");
  return { path: `${base}/${isOn ? action : action.slice(2)}`, body: { isOn, reason } };
}

/** One staff step on an offer, with its reason; the answer is the offer as it now stands. */
export function useOfferModerationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      idHashed,
      action,
      reason,
    }: {
      idHashed: string;
      action: OfferModerationAction;
      reason: string;
    }) => {
      const { path, body } = moderationRequestOf(idHashed, action, reason);
      return (await apiClient.post(path, body, { schema: offerAnswer })).data;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, "offers"] }),
  });
}
