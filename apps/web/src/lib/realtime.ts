import { apiClient } from "./api.ts";
import { RealtimeClient, requestChannelKeyWith } from "./realtime-client.ts";

let sharedClient: RealtimeClient | null = null;

/** The app's one real-time connection (trade screens, the bell), opened on first use. */
export function sharedRealtime(): RealtimeClient {
  sharedClient ??= new RealtimeClient({ requestKey: requestChannelKeyWith(apiClient) });
  return sharedClient;
}
