import { ACCOUNT_EVENT, accountEventFactSchema, USER_CHANNEL_PREFIX } from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeChannel } from "../../lib/use-realtime-channel.ts";

/**
 * The account facts after which much of what the app shows may have changed: the level and its
 * limits, the banners, the offers a user may take (docs/decisions/122-verification-queue-screen.md).
 */
const ACCOUNT_CHANGING_EVENTS: ReadonlySet<string> = new Set([
  "account.verification_decided",
  "account.company_verification_decided",
  // A moderator's decision on an offer: My offers and the edit page show its status and reason.
  "offer.moderation_decided",
]);

/** Whether a real-time `account.event` payload is a fact that changes the account's standing. */
export function changesAccount(payload: unknown): boolean {
  const fact = accountEventFactSchema.safeParse(payload);
  return fact.success && ACCOUNT_CHANGING_EVENTS.has(fact.data.event);
}

/**
 * Follows `user.<id>` for decisions on the account (a verification approved, a company verified):
 * every query on screen is refetched, so the verification hub, the banners, the limits and an
 * offer's requirements follow without a reload. A reconnection refetches too (a fact may have
 * been missed). Renders nothing.
 */
export function AccountLive({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const refetchAll = () => void queryClient.invalidateQueries();
  useRealtimeChannel(`${USER_CHANNEL_PREFIX}.${userId}`, {
    events: [ACCOUNT_EVENT],
    onEvent: (event) => {
      if (changesAccount(event.payload)) refetchAll();
    },
    onResync: refetchAll,
  });
  return null;
}
