import {
  type NotificationSetting,
  notificationSettingsResponseSchema,
  notificationsResponseSchema,
  notificationsUnreadSchema,
  telegramLinkResponseSchema,
  telegramStatusResponseSchema,
} from "@souk/contracts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

export const notificationKeys = {
  all: ["notifications"] as const,
  unread: ["notifications", "unread"] as const,
  list: (page: number, isUnreadOnly: boolean) => ["notifications", "list", page, isUnreadOnly] as const,
  settings: ["notification-settings"] as const,
  telegram: ["notification-settings", "telegram"] as const,
};

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/notifications/unread-count", { schema: notificationsUnreadSchema, signal })).data
        .unreadCount,
  });
}

export function notificationsQueryOptions(page: number, isUnreadOnly: boolean) {
  return queryOptions({
    queryKey: notificationKeys.list(page, isUnreadOnly),
    queryFn: async ({ signal }) =>
      apiClient.get(`/rest/v1/notifications?page=${page}&isUnreadOnly=${isUnreadOnly}`, {
        schema: notificationsResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Marks one notification read (an id) or all (null); the bell and the list follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string | null) =>
      (
        await apiClient.post(
          id === null ? "/rest/v1/notifications/read-all" : `/rest/v1/notifications/${id}/read`,
          {},
          { schema: notificationsUnreadSchema },
        )
      ).data.unreadCount,
    onSuccess: (unreadCount) => {
      queryClient.setQueryData(notificationKeys.unread, unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.settings,
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/notifications/settings", { schema: notificationSettingsResponseSchema, signal }))
        .data,
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: NotificationSetting[]) =>
      (
        await apiClient.post(
          "/rest/v1/notifications/settings",
          { settings },
          { schema: notificationSettingsResponseSchema },
        )
      ).data,
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.settings, data),
  });
}

export function telegramStatusQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.telegram,
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/notifications/telegram", { schema: telegramStatusResponseSchema, signal })).data,
  });
}

/** A one-time `/start` deep link for the bot. */
export function useTelegramLink() {
  return useMutation({
    mutationFn: async () =>
      (await apiClient.post("/rest/v1/notifications/telegram/link", {}, { schema: telegramLinkResponseSchema })).data,
  });
}

export function useTelegramUnlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.delete("/rest/v1/notifications/telegram", { schema: telegramStatusResponseSchema })).data,
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.telegram, data),
  });
}
