import type { RealtimeEventMessage } from "@souk/contracts";
import { useEffect, useRef } from "react";
import { sharedRealtime } from "./realtime.ts";

export interface ChannelOptions {
  /** Only these event names (all when absent). */
  events?: string[];
  onEvent: (event: RealtimeEventMessage) => void;
  /** Events may have been missed (the first subscription, a reconnection, a truncated history): refetch everything. */
  onResync: () => void;
  /** The subscription stands, the channel's newest event being then `lastEventId`. */
  onSubscribed?: (lastEventId: number) => void;
}

/**
 * Follows one channel on the app's shared connection while mounted. The handlers may change on
 * every render; the subscription does not.
 *
 * Once the subscription first stands, `onResync` runs as after a reconnection: the page read its
 * data before, and an event committed in between is pushed to no one (a first subscription asks
 * for no history: docs/decisions/150-realtime-subscriptions-start-where-asked.md). A channel with
 * no event yet has nothing to catch up.
 */
export function useRealtimeChannel(channel: string, options: ChannelOptions) {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const eventsKey = options.events?.join(",") ?? "";
  useEffect(() => {
    const client = sharedRealtime();
    const resync = () => optionsRef.current.onResync();
    let isFirst = true;
    const unsubscribe = client.subscribe(channel, {
      ...(eventsKey ? { events: eventsKey.split(",") } : {}),
      onEvent: (event) => optionsRef.current.onEvent(event),
      onSubscribed: ({ lastEventId, isHistoryTruncated }) => {
        optionsRef.current.onSubscribed?.(lastEventId);
        if (isHistoryTruncated || (isFirst && lastEventId > 0)) resync();
        isFirst = false;
      },
    });
    const off = client.on("connection_on", resync);
    return () => {
      unsubscribe();
      off();
    };
  }, [channel, eventsKey]);
}
