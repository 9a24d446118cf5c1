import { randomBytes } from "node:crypto";
import { PAXFUL_CHALLENGE_HEADER, PAXFUL_SIGNATURE_HEADER, type PaxfulWebhookEvent } from "@souk/contracts";
import { type Db, withTx } from "../../../db/pool.ts";
import { type JobContext, postWebhook, urlProblem } from "../../../platform/index.ts";
import { signedMessageOf, type WebhookSigner } from "./signing.ts";
import * as repo from "./webhooks.repo.ts";

/** The delivery job's queue name. */
export const DELIVER_JOB = "paxful-api.deliver-webhook";
/** Seconds before attempt n+1 after attempt n failed; after the last, the delivery has failed. */
const RETRY_DELAYS_SECONDS = [10, 60, 300, 1800, 7200, 21_600];

function retryDelaySeconds(attempt: number): number {
  return RETRY_DELAYS_SECONDS[Math.min(attempt - 1, RETRY_DELAYS_SECONDS.length - 1)] ?? 21_600;
}

export class WebhookRefused extends Error {
  constructor(
    readonly field: (string | number)[],
    message: string,
  ) {
    super(message);
    this.name = "WebhookRefused";
  }
}

/**
 * Paxful's URL check: a request with a random X-Paxful-Request-Challenge and no event, which the
 * receiver must answer 2xx with the same header and value.
 */
async function challengeEndpoint(url: string, allowPrivate: boolean): Promise<string | null> {
  const problem = urlProblem(url, allowPrivate);
  if (problem) return problem;
  const challenge = randomBytes(24).toString("base64url");
  const outcome = await postWebhook(url, "", { [PAXFUL_CHALLENGE_HEADER]: challenge }, { allowPrivate });
  if (outcome.error) return `The URL could not be reached: ${outcome.error}`;
  if (outcome.status === null || outcome.status < 200 || outcome.status > 299)
    return `The URL answered ${outcome.status}.`;
  if (outcome.headers[PAXFUL_CHALLENGE_HEADER] !== challenge)
    return `The answer did not echo ${PAXFUL_CHALLENGE_HEADER}.`;
  return null;
}

export async function saveWebhook(
  db: Db,
  owner: repo.WebhookOwner,
  input: { tag?: string | undefined; endpoints: { event_type: PaxfulWebhookEvent; url: string; enabled: boolean }[] },
  allowPrivate: boolean,
): Promise<repo.WebhookRow> {
  for (const [index, endpoint] of input.endpoints.entries()) {
    const problem = await challengeEndpoint(endpoint.url, allowPrivate);
    if (problem) throw new WebhookRefused(["body", "endpoints", index, "url"], problem);
  }
  const id = await withTx(db, (tx) =>
    repo.insertWebhook(tx, owner, {
      tag: input.tag ?? null,
      endpoints: input.endpoints.map((endpoint) => ({
        eventType: endpoint.event_type,
        url: endpoint.url,
        enabled: endpoint.enabled,
      })),
    }),
  );
  const [saved] = await repo.listWebhooks(db, owner, id);
  if (!saved) throw new Error("the saved webhook could not be read back");
  return saved;
}

export interface DeliveryContext {
  db: Db;
  signer: WebhookSigner;
  allowPrivate: boolean;
}

export interface AttemptResult {
  result: "delivered" | "retry" | "failed" | "skipped";
  /** When to try again, for a retry. */
  retryAfterSeconds: number;
}

/**
 * One attempt of one delivery, signed at sending time. Idempotent as a job must be: a delivery
 * that is not pending or not due is left alone.
 */
export async function deliverWebhook(context: DeliveryContext, deliveryId: number): Promise<AttemptResult> {
  const delivery = await repo.claimDelivery(context.db, deliveryId, retryDelaySeconds);
  if (!delivery) return { result: "skipped", retryAfterSeconds: 0 };
  const signature = context.signer.sign(signedMessageOf(delivery.url, delivery.body));
  const outcome = await postWebhook(
    delivery.url,
    delivery.body,
    { [PAXFUL_SIGNATURE_HEADER]: signature },
    { allowPrivate: context.allowPrivate },
  );
  const isDelivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const isFinal = !isDelivered && delivery.attempts >= RETRY_DELAYS_SECONDS.length;
  await repo.recordAttempt(context.db, delivery, {
    isDelivered,
    isFinal,
    status: outcome.status,
    error: outcome.error,
    responseBody: outcome.body,
  });
  const result = isDelivered ? "delivered" : isFinal ? "failed" : "retry";
  return { result, retryAfterSeconds: retryDelaySeconds(delivery.attempts) };
}

/** The delivery job: one attempt, and the next one queued with its back-off when it failed. */
export async function runDeliveryJob(
  data: Record<string, unknown>,
  context: JobContext,
  delivery: DeliveryContext,
): Promise<void> {
  const id = Number(data.deliveryId);
  if (!Number.isSafeInteger(id)) return;
  const attempt = await deliverWebhook(delivery, id);
  if (attempt.result === "retry") {
    await context.send(DELIVER_JOB, { deliveryId: id }, { startAfterSeconds: attempt.retryAfterSeconds });
  }
}
