import {
  NOTIFICATION_CREATED_EVENT,
  NOTIFICATION_READ_EVENT,
  notificationSchema,
  USER_CHANNEL_PREFIX,
} from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeChannel } from "../../../lib/use-realtime-channel.ts";
import { notificationKeys } from "./notifications-api.ts";

const createdHintSchema = notificationSchema.pick({ id: true, event: true, subjectId: true });
const EVENTS = [NOTIFICATION_CREATED_EVENT, NOTIFICATION_READ_EVENT];

/**
 * Follows `user.<id>` for notifications: a new one refetches the bell and the list and is handed
 * to `onCreated` (the toast and the tab alert); a read mark from any tab refetches. A reconnection
 * refetches too (events may have been missed).
 */
export function useNotificationsLive(
  userId: number,
  onCreated: (hint: { id: string; event: string; subjectId: string }) => void,
) {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useRealtimeChannel(`${USER_CHANNEL_PREFIX}.${userId}`, {
    events: EVENTS,
    onEvent: (event) => {
      refetch();
      if (event.name !== NOTIFICATION_CREATED_EVENT) return;
      const hint = createdHintSchema.safeParse(event.payload);
      if (hint.success) onCreated(hint.data);
    },
    onResync: refetch,
  });
}
