import {
  CHAT_ATTACHMENT_FIELD,
  CHAT_PAGE_SIZE,
  type ChargebackReportRequest,
  chargebackReportSchema,
  chatListResponseSchema,
  chatPostResponseSchema,
  chatShareBankAccountResponseSchema,
  disputeReasonSchema,
  envelopeSchema,
  feedbackGiveResponseSchema,
  type TRADE_REPORT_REASONS,
  TRADE_UPLOAD_FILE_FIELD,
  TRADE_UPLOAD_REQUIREMENT_FIELD,
  type TradeRequirementId,
  tradeFeedbackResponseSchema,
  tradeReportResponseSchema,
  tradeSchema,
  tradeUploadSchema,
} from "@souk/contracts";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

/** The trade, its chat and its feedback: one key prefix per trade so a hint refetches them all. */
export const tradeKeys = {
  all: (id: string) => ["trade", id] as const,
  trade: (id: string) => ["trade", id, "view"] as const,
  chat: (id: string) => ["trade", id, "chat"] as const,
  feedback: (id: string) => ["trade", id, "feedback"] as const,
  uploads: (id: string) => ["trade", id, "uploads"] as const,
  disputeReasons: ["trade", "dispute-reasons"] as const,
};

const tradeResponseSchema = envelopeSchema(tradeSchema);
const disputeReasonsResponseSchema = envelopeSchema(z.array(disputeReasonSchema));
const uploadsResponseSchema = envelopeSchema(z.array(tradeUploadSchema));
const chargebackResponseSchema = envelopeSchema(chargebackReportSchema);

export type TradeReportReason = (typeof TRADE_REPORT_REASONS)[number];

const path = (id: string, rest = "") => `/rest/v1/trade/${encodeURIComponent(id)}${rest}`;

export function tradeQueryOptions(id: string) {
  return queryOptions({
    queryKey: tradeKeys.trade(id),
    queryFn: async ({ signal }) => (await apiClient.get(path(id), { schema: tradeResponseSchema, signal })).data,
  });
}

type ChatPage = z.infer<typeof chatListResponseSchema>;

/** The cursor to page back from: the oldest user message of a page (system lines carry no message id). */
function olderPageCursor(page: ChatPage): number | undefined {
  if (!page.meta.hasMoreBefore) return undefined;
  for (const item of page.data) if (item.kind !== "system") return item.messageId;
  return undefined;
}

/**
 * The chat, newest page first; each further page goes back in time with `before`. A real-time
 * hint refetches every loaded page from the newest, so the pages stay contiguous.
 */
export function chatQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: tradeKeys.chat(id),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ signal, pageParam }) =>
      apiClient.get(path(id, "/chat"), {
        schema: chatListResponseSchema,
        signal,
        query: { limit: CHAT_PAGE_SIZE, before: pageParam },
      }),
    getNextPageParam: olderPageCursor,
  });
}

export function uploadsQueryOptions(id: string) {
  return queryOptions({
    queryKey: tradeKeys.uploads(id),
    queryFn: async ({ signal }) =>
      (await apiClient.get(path(id, "/uploads"), { schema: uploadsResponseSchema, signal })).data,
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
  | { kind: "requirement"; requirementId: TradeRequirementId; value: string }
  | { kind: "review"; requirementId: TradeRequirementId; decision: "approved" | "rejected" }
  | { kind: "appeal"; text: string };

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
    case "review":
      return { rest: "/requirement", body: { requirementId: command.requirementId, decision: command.decision } };
    case "appeal":
      return { rest: "/dispute/appeal", body: { text: command.text } };
  }
}

/**
 * A trade command (mark paid, release, cancel, dispute, resolve, appeal, a requirement's value or
 * review); the answer is the trade. Commands that move money carry an Idempotency-Key: the caller's
 * (one per intent, see useMoneyAction), or a new one.
 */
export function useTradeCommand(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (command: TradeCommand & { idempotencyKey?: string | null }) => {
      const { rest, body } = commandRequest(command);
      const moves = command.kind === "release" || command.kind === "resolve" || command.kind === "cancel";
      return (
        await apiClient.post(path(id, rest), body, {
          schema: tradeResponseSchema,
          ...(moves ? { idempotencyKey: command.idempotencyKey ?? (true as const) } : {}),
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

/** The seller shares one of their own bank accounts in the chat (a system event with a copy of it). */
export function useShareBankAccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bankAccountId: number) =>
      (
        await apiClient.post(
          path(id, "/chat/bank-account"),
          { bankAccountId },
          { schema: chatShareBankAccountResponseSchema },
        )
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tradeKeys.chat(id) }),
  });
}

/** Multipart upload of chat attachments with an optional message; answers the checked message. */
export function useSendAttachments(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, message }: { files: File[]; message: string }) => {
      const form = new FormData();
      if (message.trim()) form.append("message", message.trim());
      for (const file of files) form.append(CHAT_ATTACHMENT_FIELD, file, file.name);
      return (await apiClient.postMultipart(path(id, "/chat/attachments"), form, { schema: chatPostResponseSchema }))
        .data;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tradeKeys.chat(id) }),
  });
}

/**
 * POST /upload: the buyer's files for an upload requirement, as multipart (the requirement's id
 * and the files). The server checks each file by its content and keeps the checked one; the
 * answer is the trade, whose requirement then counts as uploaded.
 */
export function useUploadRequirement(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ requirementId, files }: { requirementId: TradeRequirementId; files: File[] }) => {
      const form = new FormData();
      form.append(TRADE_UPLOAD_REQUIREMENT_FIELD, requirementId);
      for (const file of files) form.append(TRADE_UPLOAD_FILE_FIELD, file, file.name);
      return (await apiClient.postMultipart(path(id, "/upload"), form, { schema: tradeResponseSchema })).data;
    },
    onSuccess: (trade) => {
      queryClient.setQueryData(tradeKeys.trade(id), trade);
      void queryClient.invalidateQueries({ queryKey: tradeKeys.all(id) });
    },
  });
}

/** Where an uploaded requirement file opens (images in the page, PDFs as a download). */
export function uploadFileUrl(id: string, uploadId: number): string {
  return path(id, `/uploads/${uploadId}`);
}

/** POST /rest/v1/trade/{id}/report: a party reports a problem; moderators read it. */
export function useReportTrade(id: string) {
  return useMutation({
    mutationFn: async (body: { reason: TradeReportReason; message: string }) =>
      (await apiClient.post(path(id, "/report"), body, { schema: tradeReportResponseSchema })).data,
  });
}

/** POST /rest/v1/user-reports/chargeback: the seller reports that the buyer took the payment back. */
export function useReportChargeback() {
  return useMutation({
    mutationFn: async (body: ChargebackReportRequest) =>
      (await apiClient.post("/rest/v1/user-reports/chargeback", body, { schema: chargebackResponseSchema })).data,
  });
}

export function useGiveFeedback(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { rating: "positive" | "negative"; message: string }) =>
      (
        await apiClient.post(`/rest/v1/feedback/${encodeURIComponent(id)}/give`, body, {
          schema: feedbackGiveResponseSchema,
        })
      ).data,
    // The answer is the trade's feedback as it now stands.
    onSuccess: (feedback) => queryClient.setQueryData(tradeKeys.feedback(id), feedback),
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
          { schema: feedbackGiveResponseSchema },
        )
      ).data,
    onSuccess: (feedback) => queryClient.setQueryData(tradeKeys.feedback(id), feedback),
  });
}
