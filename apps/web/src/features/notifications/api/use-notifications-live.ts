import {
  NOTIFICATION_CREATED_EVENT,
  NOTIFICATION_READ_EVENT,
  notificationSchema,
  USER_CHANNEL_PREFIX,
} from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useRealtimeChannel } from "../../../lib/use-realtime-channel.ts";
import { isNews } from "../model/toast-plan.ts";
import { notificationKeys } from "./notifications-api.ts";

const createdHintSchema = notificationSchema.pick({ id: true, event: true, subjectId: true });
const EVENTS = [NOTIFICATION_CREATED_EVENT, NOTIFICATION_READ_EVENT];

/**
 * Follows `user.<id>` for notifications: a new one refetches the bell and the list and, when it
 * is news (created since this page began listening), is handed to `onCreated` (the toast and the
 * tab alert); a read mark from any tab refetches. A reconnection refetches too (events may have
 * been missed); those it replays happened while the page was open, so they are news.
 */
export function useNotificationsLive(
  userId: number,
  onCreated: (hint: { id: string; event: string; subjectId: string }) => void,
) {
  const queryClient = useQueryClient();
  const listeningFrom = useRef<number | null>(null);
  const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useRealtimeChannel(`${USER_CHANNEL_PREFIX}.${userId}`, {
    events: EVENTS,
    onSubscribed: (lastEventId) => {
      listeningFrom.current ??= lastEventId;
    },
    onEvent: (event) => {
      refetch();
      if (event.name !== NOTIFICATION_CREATED_EVENT || !isNews(event.id, listeningFrom.current)) return;
      const hint = createdHintSchema.safeParse(event.payload);
      if (hint.success) onCreated(hint.data);
    },
    onResync: refetch,
  });
}
