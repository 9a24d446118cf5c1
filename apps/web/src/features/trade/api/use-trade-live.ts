import { TRADE_CHANNEL_PREFIX } from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { sharedRealtime } from "../../../lib/realtime.ts";
import { tradeKeys } from "./trade-api.ts";

/**
 * Follows `trade.<idHashed>`: every event is a hint, so the trade, its chat and its feedback are
 * refetched; a reconnection refetches too (events may have been missed). `onEvent` hears the name.
 */
export function useTradeLive(id: string, onEvent?: (name: string) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const client = sharedRealtime();
    const refetch = () => void queryClient.invalidateQueries({ queryKey: tradeKeys.all(id) });
    const unsubscribe = client.subscribe(`${TRADE_CHANNEL_PREFIX}.${id}`, {
      onEvent: (event) => {
        refetch();
        onEvent?.(event.name);
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
  }, [id, queryClient, onEvent]);
}
