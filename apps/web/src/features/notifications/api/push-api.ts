import {
  type PushSubscriptionInput,
  pushPublicKeyResponseSchema,
  pushSubscriptionStatusResponseSchema,
} from "@souk/contracts";
import { apiClient } from "../../../lib/api.ts";

/** The server's VAPID public key (the applicationServerKey). */
export async function fetchPushPublicKey(): Promise<string> {
  return (await apiClient.get("/rest/v1/notifications/push/public-key", { schema: pushPublicKeyResponseSchema })).data
    .publicKey;
}

/** Hands the browser's subscription to the server (again is harmless: it updates the keys). */
export async function saveBrowserSubscription(subscription: PushSubscriptionInput): Promise<void> {
  await apiClient.post("/rest/v1/notifications/push/subscriptions", subscription, {
    schema: pushSubscriptionStatusResponseSchema,
  });
}

export async function forgetBrowserSubscription(endpoint: string): Promise<void> {
  await apiClient.post(
    "/rest/v1/notifications/push/unsubscribe",
    { endpoint },
    { schema: pushSubscriptionStatusResponseSchema },
  );
}
