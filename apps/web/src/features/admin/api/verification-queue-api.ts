import { envelopeSchema, reviewItemSchema, reviewQueueSchema, type VerificationStatus } from "@souk/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

/** The verification review queue's calls (docs/decisions/122-verification-queue-screen.md). */

const queueKeys = { all: ["admin", "verifications"] as const };
const base = "/rest/v1/admin/verifications";
const queueAnswer = envelopeSchema(reviewQueueSchema);
const itemAnswer = envelopeSchema(reviewItemSchema);

/** The submissions of a status, oldest first (the server sends at most its page of 100). */
export function reviewQueueQueryOptions(status: VerificationStatus) {
  return queryOptions({
    queryKey: [...queueKeys.all, "list", status],
    queryFn: async ({ signal }) => (await apiClient.get(base, { schema: queueAnswer, signal, query: { status } })).data,
    refetchInterval: 60_000,
  });
}

export function reviewItemQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queueKeys.all, "item", id],
    queryFn: async ({ signal }) =>
      (await apiClient.get(`${base}/${encodeURIComponent(id)}`, { schema: itemAnswer, signal })).data,
  });
}

/** Where a reviewer's browser opens a document of a submission; the server records each opening. */
export function reviewDocumentUrl(submissionId: string, documentId: string): string {
  return `${base}/${encodeURIComponent(submissionId)}/documents/${encodeURIComponent(documentId)}`;
}

export type ReviewDecision = { action: "approve" } | { action: "reject" | "request-resubmission"; reason: string };

/** One decision on a submission; the answer is the submission as it now stands. */
export function useReviewDecisionMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: ReviewDecision) => {
      const path = `${base}/${encodeURIComponent(id)}/${decision.action}`;
      const body = decision.action === "approve" ? {} : { reason: decision.reason };
      return (await apiClient.post(path, body, { schema: itemAnswer })).data;
    },
    onSuccess: (item) => {
      queryClient.setQueryData(reviewItemQueryOptions(id).queryKey, item);
      void queryClient.invalidateQueries({ queryKey: [...queueKeys.all, "list"] });
    },
    // A refusal may mean another moderator decided it meanwhile: show the submission as it stands.
    onError: () => void queryClient.invalidateQueries({ queryKey: queueKeys.all }),
  });
}
