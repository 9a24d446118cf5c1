import { type CompanyReviewDecision, companyReviewItemSchema, envelopeSchema } from "@souk/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

/** The company applications' review calls (docs/decisions/122-verification-queue-screen.md). */

const companyKeys = { all: ["admin", "company-applications"] as const };
const base = "/rest/v1/moderation/company-applications";
const itemAnswer = envelopeSchema(companyReviewItemSchema);

/** The open applications (sent or in review), oldest first. */
export function companyQueueQueryOptions() {
  return queryOptions({
    queryKey: [...companyKeys.all, "list"],
    queryFn: async ({ signal }) =>
      (await apiClient.get(base, { schema: envelopeSchema(z.array(companyReviewItemSchema)), signal })).data,
    refetchInterval: 60_000,
  });
}

export function companyItemQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...companyKeys.all, "item", id],
    queryFn: async ({ signal }) =>
      (await apiClient.get(`${base}/${encodeURIComponent(id)}`, { schema: itemAnswer, signal })).data,
  });
}

/** Where a reviewer's browser opens a document of an application; the server records each opening. */
export function companyDocumentUrl(applicationId: string, documentId: string): string {
  return `${base}/${encodeURIComponent(applicationId)}/documents/${encodeURIComponent(documentId)}`;
}

type CompanyAction = { type: "take" } | ({ type: "decide" } & CompanyReviewDecision);

/** Taking an application into review, or deciding it; the answer is the application as it now stands. */
export function useCompanyReviewMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: CompanyAction) => {
      const path = `${base}/${encodeURIComponent(id)}/${action.type === "take" ? "take" : "decision"}`;
      const body = action.type === "take" ? {} : { decision: action.decision, reason: action.reason };
      return (await apiClient.post(path, body, { schema: itemAnswer })).data;
    },
    onSuccess: (item) => {
      queryClient.setQueryData(companyItemQueryOptions(id).queryKey, item);
      void queryClient.invalidateQueries({ queryKey: [...companyKeys.all, "list"] });
    },
    // A refusal may mean another moderator took or decided it meanwhile: show it as it stands.
    onError: () => void queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
