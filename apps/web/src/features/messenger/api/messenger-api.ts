import {
  CHAT_PAGE_SIZE,
  messengerConversationsResponseSchema,
  messengerListResponseSchema,
  messengerPostResponseSchema,
  messengerReadResponseSchema,
} from "@souk/contracts";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

/** One key prefix for the whole messenger, so a real-time hint refetches what is on screen. */
export const messengerKeys = {
  all: ["messenger"] as const,
  conversations: ["messenger", "conversations"] as const,
  conversation: (username: string) => ["messenger", "conversation", username.toLowerCase()] as const,
};

const path = (username: string, rest = "") => `/rest/v1/messenger/${encodeURIComponent(username)}${rest}`;

export type ConversationPage = z.infer<typeof messengerListResponseSchema>;

/**
 * The conversation with a user, newest page first; each further page goes back in time with
 * `before` (the oldest message id of the page before).
 */
export function conversationQueryOptions(username: string) {
  return infiniteQueryOptions({
    queryKey: messengerKeys.conversation(username),
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ signal, pageParam }) =>
      apiClient.get(path(username), {
        schema: messengerListResponseSchema,
        signal,
        query: { limit: CHAT_PAGE_SIZE, before: pageParam },
      }),
    getNextPageParam: (page: ConversationPage) => (page.meta.hasMoreBefore ? page.data[0]?.id : undefined),
  });
}

/** GET /rest/v1/messenger: the viewer's conversations with unread counts and their total. */
export function conversationsQueryOptions() {
  return queryOptions({
    queryKey: messengerKeys.conversations,
    queryFn: async ({ signal }) =>
      apiClient.get("/rest/v1/messenger", { schema: messengerConversationsResponseSchema, signal }),
  });
}

export function useSendDirectMessage(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: string) =>
      (await apiClient.post(path(username), { message }, { schema: messengerPostResponseSchema })).data,
    // A refusal too: the conversation's state and reason may have changed since it was loaded.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: messengerKeys.all }),
  });
}

/** Moves the viewer's read mark to the newest message shown; the unread counts refetch. */
export function useMarkRead(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lastReadId: number) =>
      (await apiClient.post(path(username, "/read"), { lastReadId }, { schema: messengerReadResponseSchema })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messengerKeys.all }),
  });
}
