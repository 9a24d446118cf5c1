import {
  ACCOUNT_WEBHOOK_EVENTS,
  type AccountWebhook,
  type AccountWebhookEvent,
  WEBHOOK_ERROR_KEYS,
  type WebhookErrorKey,
} from "@souk/contracts";

/**
 * The pure rules of a user's webhook (docs/decisions/098-account-webhooks.md): what a challenge's
 * answer means, when a failed delivery is tried again, when a failing webhook is turned off, and
 * how a stored row reads.
 */

/** Seconds before attempt n+1 after attempt n failed: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
/** A passed challenge is good for saving this long. */
const VERIFICATION_VALID_MS = 30 * 60_000;
/** A webhook whose every attempt failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 24 * 3_600_000;
/** Where the webhooks and their error keys are explained. */
export const WEBHOOKS_KNOWLEDGE_LINK = "/developers#account-webhooks";

/** What came back from a request to the URL, as the sender tells it. */
export interface Answer {
  status: number | null;
  failure: "address_refused" | "timeout" | "connection" | null;
  /** The challenge header of the answer, when there was one. */
  echoedChallenge: string | string[] | undefined;
}

const isSuccess = (status: number | null): boolean => status !== null && status >= 200 && status < 300;

/** Why a verification failed, or null when the receiver echoed the challenge with a 2xx. */
export function challengeErrorKey(answer: Answer, challenge: string): WebhookErrorKey | null {
  if (answer.failure === "address_refused") return "address_refused";
  if (answer.failure === "timeout") return "timeout";
  if (answer.failure !== null || answer.status === null) return "unreachable";
  if (!isSuccess(answer.status)) return "bad_status";
  if (answer.echoedChallenge !== challenge) return "challenge_mismatch";
  return null;
}

export interface AttemptFacts {
  status: number | null;
  /** This attempt's number (1 for the first). */
  attempt: number;
  /** Since when the webhook's attempts all failed, before this one. */
  failingSince: Date | null;
  now: Date;
}

export interface AttemptVerdict {
  state: "delivered" | "pending" | "failed";
  /** Seconds until the next attempt, for a pending delivery. */
  retryAfterSeconds: number | null;
  /** The webhook's failing-since after this attempt. */
  failingSince: Date | null;
  /** The webhook has failed for a day: it is disabled. */
  isDisabling: boolean;
}

/** What one attempt's answer does to the delivery and its webhook. */
export function judgeAttempt(facts: AttemptFacts): AttemptVerdict {
  if (isSuccess(facts.status)) {
    return { state: "delivered", retryAfterSeconds: null, failingSince: null, isDisabling: false };
  }
  const failingSince = facts.failingSince ?? facts.now;
  const isDisabling = facts.now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
  const delay = RETRY_DELAYS_SECONDS[facts.attempt - 1];
  if (delay === undefined || isDisabling) {
    return { state: "failed", retryAfterSeconds: null, failingSince, isDisabling };
  }
  return { state: "pending", retryAfterSeconds: delay, failingSince, isDisabling };
}

/** The stored webhook, as the rules read it. */
export interface WebhookFacts {
  url: string | null;
  status: "verification" | "enabled" | "disabled";
  errorKey: string | null;
  verifiedUrl: string | null;
  verifiedAt: Date | null;
  events: string[];
}

/** Saving needs a recent passed challenge of the very URL saved. */
export function isVerifiedFor(webhook: WebhookFacts | null, url: string, now: Date): boolean {
  if (!webhook?.verifiedAt || webhook.verifiedUrl !== url) return false;
  return now.getTime() - webhook.verifiedAt.getTime() <= VERIFICATION_VALID_MS;
}

function errorKeyOf(value: string | null): WebhookErrorKey | null {
  return (WEBHOOK_ERROR_KEYS as readonly string[]).includes(value ?? "") ? (value as WebhookErrorKey) : null;
}

/** The webhook as GET /rest/v1/webhooks answers it; no row is the initial state. */
export function webhookView(webhook: WebhookFacts | null, secret: string | null): AccountWebhook {
  if (!webhook) {
    return {
      url: null,
      enabled: false,
      events: ACCOUNT_WEBHOOK_EVENTS.map((name) => ({ name, checked: true })),
      status: "initial",
      notificationType: null,
      errorKey: null,
      knowledgeLink: null,
      secret: null,
    };
  }
  const errorKey = webhook.status === "disabled" ? errorKeyOf(webhook.errorKey) : null;
  return {
    // While a new URL awaits its save, the screen shows that one.
    url: webhook.status === "verification" ? webhook.verifiedUrl : (webhook.url ?? webhook.verifiedUrl),
    enabled: webhook.status === "enabled",
    events: ACCOUNT_WEBHOOK_EVENTS.map((name) => ({ name, checked: webhook.events.includes(name) })),
    status: webhook.status,
    notificationType: errorKey ? "failed" : webhook.verifiedAt ? "passed" : null,
    errorKey,
    knowledgeLink: errorKey ? WEBHOOKS_KNOWLEDGE_LINK : null,
    secret,
  };
}

/** The events a webhook receives, in the catalogue's order. */
export function orderedEvents(selected: readonly AccountWebhookEvent[]): AccountWebhookEvent[] {
  return ACCOUNT_WEBHOOK_EVENTS.filter((name) => selected.includes(name));
}
