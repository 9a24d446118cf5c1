import { type ApprovalKind, type ApprovalState, approvalSchema, envelopeSchema, pageMetaSchema } from "@souk/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

/** The approvals screen's calls (admins): the requests, and one decision at a time. */

const listAnswer = envelopeSchema(z.array(approvalSchema), pageMetaSchema);
const oneAnswer = envelopeSchema(approvalSchema);
const approvalsKey = ["admin", "approvals"] as const;

export function approvalsQueryOptions(state: ApprovalState, kind: ApprovalKind | null, page = 1) {
  return queryOptions({
    queryKey: [...approvalsKey, state, kind, page],
    queryFn: async ({ signal }) =>
      apiClient.get("/rest/v1/admin/approvals", {
        query: { state, page, ...(kind ? { kind } : {}) },
        schema: listAnswer,
        signal,
      }),
  });
}

export type ApprovalDecision =
  | { type: "approve"; id: number; reason: string }
  | { type: "reject"; id: number; reason: string }
  | { type: "reversal"; transferId: number; reason: string }
  | { type: "reset"; username: string; reason: string };

function send(decision: ApprovalDecision) {
  const options = { schema: oneAnswer };
  switch (decision.type) {
    case "approve":
      return apiClient.post(`/rest/v1/admin/approvals/${decision.id}/approve`, { reason: decision.reason }, options);
    case "reject":
      return apiClient.post(`/rest/v1/admin/approvals/${decision.id}/reject`, { reason: decision.reason }, options);
    case "reversal":
      return apiClient.post(
        `/rest/v1/admin/ledger/transfers/${decision.transferId}/reversal`,
        { reason: decision.reason },
        options,
      );
    case "reset":
      return apiClient.post(
        `/rest/v1/admin/users/${encodeURIComponent(decision.username)}/two-factor-reset`,
        { reason: decision.reason },
        options,
      );
  }
}

/** One decision or proposal; every list of requests (and the overview's count) is asked again. */
export function useApprovalMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: ApprovalDecision) => (await send(decision)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}
