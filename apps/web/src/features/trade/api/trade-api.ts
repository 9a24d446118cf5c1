import {
  CHAT_ATTACHMENT_FIELD,
  CSRF_HEADER,
  chatListResponseSchema,
  chatPostResponseSchema,
  disputeReasonSchema,
  type ErrorBody,
  envelopeSchema,
  feedbackResponseSchema,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  tradeFeedbackResponseSchema,
  tradeSchema,
} from "@souk/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient, getCsrfToken } from "../../../lib/api.ts";
import { ApiError, isErrorBody } from "../../../lib/api-client.ts";

/** The trade, its chat and its feedback: one key prefix per trade so a hint refetches them all. */
export const tradeKeys = {
  all: (id: string) => ["trade", id] as const,
  trade: (id: string) => ["trade", id, "view"] as const,
  chat: (id: string) => ["trade", id, "chat"] as const,
  feedback: (id: string) => ["trade", id, "feedback"] as const,
  disputeReasons: ["trade", "dispute-reasons"] as const,
};

const tradeResponseSchema = envelopeSchema(tradeSchema);
const disputeReasonsResponseSchema = envelopeSchema(z.array(disputeReasonSchema));

const path = (id: string, rest = "") => `/rest/v1/trade/${encodeURIComponent(id)}${rest}`;

export function tradeQueryOptions(id: string) {
  return queryOptions({
    queryKey: tradeKeys.trade(id),
    queryFn: async ({ signal }) => (await apiClient.get(path(id), { schema: tradeResponseSchema, signal })).data,
  });
}

export function chatQueryOptions(id: string) {
  return queryOptions({
    queryKey: tradeKeys.chat(id),
    queryFn: async ({ signal }) =>
      apiClient.get(path(id, "/chat"), { schema: chatListResponseSchema, signal, query: { limit: 200 } }),
  });
}

export function feedbackQueryOptions(id: string, enabled: boolean) {
  return queryOptions({
    queryKey: tradeKeys.feedback(id),
    enabled,
    queryFn: async ({ signal }) =>
      (
        await apiClient.get(`/rest/v1/feedback/${encodeURIComponent(id)}`, {
          schema: tradeFeedbackResponseSchema,
          signal,
        })
      ).data,
  });
}

export function disputeReasonsQueryOptions() {
  return queryOptions({
    queryKey: tradeKeys.disputeReasons,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/dispute/reasons", { schema: disputeReasonsResponseSchema, signal })).data,
  });
}

export type TradeCommand =
  | { kind: "paid" }
  | { kind: "release"; code?: string }
  | { kind: "cancel" }
  | { kind: "dispute"; disputeReasonId: number; disputeReasonText: string }
  | { kind: "resolve"; outcome: "buyer" | "seller"; note: string }
  | { kind: "requirement"; requirementId: "payer_name"; value: string };

function commandRequest(command: TradeCommand): { rest: string; body: unknown } {
  switch (command.kind) {
    case "paid":
      return { rest: "/paid", body: {} };
    case "release":
      return { rest: "/release", body: command.code ? { code: command.code } : {} };
    case "cancel":
      return { rest: "/cancel", body: {} };
    case "dispute":
      return {
        rest: "/dispute",
        body: { disputeReasonId: command.disputeReasonId, disputeReasonText: command.disputeReasonText },
      };
    case "resolve":
      return { rest: "/dispute/resolve", body: { outcome: command.outcome, note: command.note } };
    case "requirement":
      return { rest: "/requirement", body: { requirementId: command.requirementId, value: command.value } };
  }
}

/** A trade command (mark paid, release, cancel, dispute, resolve, payer name); the answer is the trade. */
export function useTradeCommand(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (command: TradeCommand) => {
      const { rest, body } = commandRequest(command);
      const moves = command.kind === "release" || command.kind === "resolve" || command.kind === "cancel";
      return (
        await apiClient.post(path(id, rest), body, {
          schema: tradeResponseSchema,
          ...(moves ? { idempotencyKey: true as const } : {}),
        })
      ).data;
    },
    onSuccess: (trade) => {
      queryClient.setQueryData(tradeKeys.trade(id), trade);
      void queryClient.invalidateQueries({ queryKey: tradeKeys.all(id) });
    },
  });
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: string) =>
      (await apiClient.post(path(id, "/chat"), { message }, { schema: chatPostResponseSchema })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tradeKeys.chat(id) }),
  });
}

/** Multipart upload of chat attachments (the API client speaks JSON only). */
export function useSendAttachments(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, message }: { files: File[]; message: string }) => {
      const form = new FormData();
      if (message.trim()) form.append("message", message.trim());
      for (const file of files) form.append(CHAT_ATTACHMENT_FIELD, file, file.name);
      const url = `${path(id, "/chat/attachments")}?keyCase=camelCase`;
      const response = await fetch(url, {
        method: "POST",
        credentials: "same-origin",
        headers: {
          Accept: "application/json",
          [CSRF_HEADER]: getCsrfToken(),
          [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
        },
        body: form,
      });
      const answer: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const body: ErrorBody = isErrorBody(answer)
          ? answer
          : { errors: { message: response.statusText, code: "ERROR_UNKNOWN", details: null } };
        throw new ApiError(response.status, body, { method: "POST", url });
      }
      return answer;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tradeKeys.chat(id) }),
  });
}

export function useGiveFeedback(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { rating: "positive" | "negative"; message: string }) =>
      (
        await apiClient.post(`/rest/v1/feedback/${encodeURIComponent(id)}/give`, body, {
          schema: feedbackResponseSchema,
        })
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tradeKeys.feedback(id) }),
  });
}

export function useReplyFeedback(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: string) =>
      (
        await apiClient.post(
          `/rest/v1/feedback/${encodeURIComponent(id)}/reply`,
          { message },
          { schema: feedbackResponseSchema },
        )
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tradeKeys.feedback(id) }),
  });
}
