import { TRADE_CHANNEL_PREFIX } from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeChannel } from "../../../lib/use-realtime-channel.ts";
import { tradeKeys } from "./trade-api.ts";

/**
 * Follows `trade.<idHashed>`: every event is a hint, so the trade, its chat and its feedback are
 * refetched; a reconnection refetches too (events may have been missed). `onEvent` hears the name.
 */
export function useTradeLive(id: string, onEvent?: (name: string) => void) {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: tradeKeys.all(id) });
  useRealtimeChannel(`${TRADE_CHANNEL_PREFIX}.${id}`, {
    onEvent: (event) => {
      refetch();
      onEvent?.(event.name);
    },
    onResync: refetch,
  });
}
