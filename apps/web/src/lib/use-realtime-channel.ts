import type { RealtimeEventMessage } from "@souk/contracts";
import { useEffect, useRef } from "react";
import { sharedRealtime } from "./realtime.ts";

export interface ChannelOptions {
  /** Only these event names (all when absent). */
  events?: string[];
  onEvent: (event: RealtimeEventMessage) => void;
  /** Events may have been missed (a reconnection, a truncated history): refetch everything. */
  onResync: () => void;
  /** The subscription stands, the channel's newest event being then `lastEventId`. */
  onSubscribed?: (lastEventId: number) => void;
}

/**
 * Follows one channel on the app's shared connection while mounted. The handlers may change on
 * every render; the subscription does not.
 */
export function useRealtimeChannel(channel: string, options: ChannelOptions) {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const eventsKey = options.events?.join(",") ?? "";
  useEffect(() => {
    const client = sharedRealtime();
    const resync = () => optionsRef.current.onResync();
    const unsubscribe = client.subscribe(channel, {
      ...(eventsKey ? { events: eventsKey.split(",") } : {}),
      onEvent: (event) => optionsRef.current.onEvent(event),
      onSubscribed: ({ lastEventId, isHistoryTruncated }) => {
        optionsRef.current.onSubscribed?.(lastEventId);
        if (isHistoryTruncated) resync();
      },
    });
    const off = client.on("connection_on", resync);
    return () => {
      unsubscribe();
      off();
    };
  }, [channel, eventsKey]);
}
