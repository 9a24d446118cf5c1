import type { Locale, NotificationEvent, NotificationPayload, PushMessage } from "@souk/contracts";
import { amountsIn, headlineIn, timeLeftIn } from "./notifications.copy.ts";

/** How long a push service keeps a push for a browser that is offline (a day: trade alerts go stale). */
export const PUSH_TTL_SECONDS = 86_400;

/** The waits after the 1st, 2nd, 3rd and 4th failed attempt; a 5th failure gives up. */
export const PUSH_RETRY_DELAYS_MS = [5_000, 60_000, 5 * 60_000, 30 * 60_000] as const;

/** What one attempt's answer means for the push and its subscription. */
export type PushVerdict =
  | { kind: "delivered" }
  /** The push service says the subscription is gone (404, 410): it is removed. */
  | { kind: "gone" }
  | { kind: "retry"; afterMs: number }
  /** Nothing a retry would change (a 4xx, a refused address) or the retries are spent. */
  | { kind: "given_up" };

/**
 * Pure: the verdict on one attempt. 2xx delivered; 404 and 410 the subscription is gone; 429,
 * 5xx, a timeout or a failed connection retry after the next wait; anything else gives up.
 */
export function pushVerdictOf(
  answer: { status: number | null; failure: "address_refused" | "timeout" | "connection" | null },
  attemptsBefore: number,
): PushVerdict {
  const { status } = answer;
  if (status !== null && status >= 200 && status < 300) return { kind: "delivered" };
  if (status === 404 || status === 410) return { kind: "gone" };
  const isRetryable = status === null ? answer.failure !== "address_refused" : status === 429 || status >= 500;
  const wait = PUSH_RETRY_DELAYS_MS[attemptsBefore];
  if (!isRetryable || wait === undefined) return { kind: "given_up" };
  return { kind: "retry", afterMs: wait };
}

/**
 * Pure: what the service worker shows: the headline, the trade alert's details (amounts, payment
 * method, time left, a message's first words) and the page to open. One tag per subject, so a
 * newer push about a trade replaces the older one on the screen.
 */
export function pushMessageOf(
  notification: { event: NotificationEvent; subjectId: string; payload: NotificationPayload },
  locale: Locale,
  siteUrl: string,
  now: Date,
): PushMessage {
  const { event, payload } = notification;
  const lines = [amountsIn(locale, payload), timeLeftIn(locale, payload, now), payload.text ?? ""];
  return {
    title: headlineIn(locale, event, payload),
    body: lines.filter((line) => line !== "").join("\n"),
    link: `${siteUrl}${payload.link}`,
    tag: `trade-${notification.subjectId}`,
  };
}
