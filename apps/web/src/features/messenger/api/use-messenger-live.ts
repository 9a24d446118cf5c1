import { MESSENGER_MESSAGE_EVENT, MESSENGER_READ_EVENT, USER_CHANNEL_PREFIX } from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeChannel } from "../../../lib/use-realtime-channel.ts";
import { messengerKeys } from "./messenger-api.ts";

const EVENTS = [MESSENGER_MESSAGE_EVENT, MESSENGER_READ_EVENT];

/**
 * Follows `user.<id>` for the messenger: a message to or from the user, or a read mark from
 * another tab, refetches the conversations and the open conversation; so does a reconnection.
 */
export function useMessengerLive(userId: number) {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: messengerKeys.all });
  useRealtimeChannel(`${USER_CHANNEL_PREFIX}.${userId}`, { events: EVENTS, onEvent: refetch, onResync: refetch });
}
