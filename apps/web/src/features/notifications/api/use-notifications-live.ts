import {
  NOTIFICATION_CREATED_EVENT,
  NOTIFICATION_READ_EVENT,
  notificationSchema,
  USER_CHANNEL_PREFIX,
} from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { sharedRealtime } from "../../../lib/realtime.ts";
import { notificationKeys } from "./notifications-api.ts";

const createdHintSchema = notificationSchema.pick({ id: true, event: true, subjectId: true });

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
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  useEffect(() => {
    const client = sharedRealtime();
    const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const unsubscribe = client.subscribe(`${USER_CHANNEL_PREFIX}.${userId}`, {
      events: [NOTIFICATION_CREATED_EVENT, NOTIFICATION_READ_EVENT],
      onEvent: (event) => {
        refetch();
        if (event.name !== NOTIFICATION_CREATED_EVENT) return;
        const hint = createdHintSchema.safeParse(event.payload);
        if (hint.success) onCreatedRef.current(hint.data);
      },
      onSubscribed: ({ isHistoryTruncated }) => {
        if (isHistoryTruncated) refetch();
      },
    });
    const off = client.on("connection_on", refetch);
    return () => {
      unsubscribe();
      off();
    };
  }, [userId, queryClient]);
}
