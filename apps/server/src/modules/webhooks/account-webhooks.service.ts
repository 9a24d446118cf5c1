import { randomBytes } from "node:crypto";
import {
  ACCOUNT_WEBHOOK_EVENTS,
  type AccountWebhook,
  type AccountWebhookEvent,
  ErrorCode,
  WEBHOOK_CHALLENGE_HEADER,
  type WebhookDeliveryAttempt,
} from "@souk/contracts";
import { type Db, withTx } from "../../db/pool.ts";
import { DomainError, inputError, notFound, postWebhook, urlProblem } from "../../platform/index.ts";
import * as deliveries from "./account-webhooks.deliveries.repo.ts";
import { challengeErrorKey, isVerifiedFor, orderedEvents, webhookView } from "./account-webhooks.domain.ts";
import * as repo from "./account-webhooks.repo.ts";
import { newWebhookSecret } from "./account-webhooks.signing.ts";

/**
 * A user's webhook (docs/decisions/098-account-webhooks.md): verify a URL with a challenge, save
 * it once verified, choose its events, rotate its secret, read its delivery log, replay.
 */
const webhookNotFound = () => notFound("No webhook is saved.", ErrorCode.WEBHOOK_NOT_FOUND);
const webhookNotVerified = () =>
  new DomainError(ErrorCode.WEBHOOK_NOT_VERIFIED, "validation", "Verify this URL before saving it.", {
    url: ["webhook_not_verified"],
  });

/** A URL that can never be a webhook (not a URL, not https, a private address written in it). */
function assertUsableUrl(url: string, allowPrivate: boolean): void {
  const problem = urlProblem(url, allowPrivate);
  if (problem) throw inputError({ url: ["webhook_url_refused"] }, problem);
}

export async function getWebhook(db: Db, userId: number): Promise<AccountWebhook> {
  const webhook = await repo.findWebhook(db, userId);
  return webhookView(webhook, webhook ? await repo.takeSecretOnce(db, userId) : null);
}

/**
 * Sends the URL a request carrying a random challenge; the receiver must answer 2xx echoing it.
 * A pass lets the URL be saved; a failure disables the webhook with its error key.
 */
export async function verifyWebhook(
  db: Db,
  userId: number,
  url: string,
  allowPrivate: boolean,
): Promise<AccountWebhook> {
  assertUsableUrl(url, allowPrivate);
  const challenge = randomBytes(24).toString("base64url");
  const outcome = await postWebhook(url, "", { [WEBHOOK_CHALLENGE_HEADER]: challenge }, { allowPrivate });
  const errorKey = challengeErrorKey(
    { status: outcome.status, failure: outcome.failure, echoedChallenge: outcome.headers[WEBHOOK_CHALLENGE_HEADER] },
    challenge,
  );
  await repo.recordVerification(db, userId, { url, errorKey });
  return getWebhook(db, userId);
}

/** Saves a URL whose challenge passed in the last half hour, and turns the webhook on. */
export async function saveWebhook(db: Db, userId: number, url: string, allowPrivate: boolean): Promise<AccountWebhook> {
  assertUsableUrl(url, allowPrivate);
  await withTx(db, async (tx) => {
    const webhook = await repo.findWebhook(tx, userId);
    if (!isVerifiedFor(webhook, url, new Date())) throw webhookNotVerified();
    await repo.enableWebhook(tx, userId, {
      url,
      allEvents: [...ACCOUNT_WEBHOOK_EVENTS],
      newSecret: newWebhookSecret(),
    });
  });
  return getWebhook(db, userId);
}

/** Removes the webhook and its log: back to the initial state. */
export async function deleteWebhook(db: Db, userId: number): Promise<void> {
  const isDeleted = await withTx(db, (tx) => repo.deleteWebhook(tx, userId));
  if (!isDeleted) throw webhookNotFound();
}

export async function selectEvents(
  db: Db,
  userId: number,
  events: readonly AccountWebhookEvent[],
): Promise<AccountWebhook> {
  if (!(await repo.setEvents(db, userId, orderedEvents(events)))) throw webhookNotFound();
  return getWebhook(db, userId);
}

/** A new secret, shown once by the answer; the old one stops signing at once. */
export async function rotateSecret(db: Db, userId: number): Promise<AccountWebhook> {
  if (!(await repo.replaceSecret(db, userId, newWebhookSecret()))) throw webhookNotFound();
  return getWebhook(db, userId);
}

const LOG_SIZE = 50;

export async function listDeliveryLog(db: Db, userId: number): Promise<WebhookDeliveryAttempt[]> {
  const rows = await deliveries.listLog(db, userId, LOG_SIZE);
  return rows.map((row) => ({
    deliveryId: row.deliveryId,
    webhookId: row.messageId,
    event: row.event as AccountWebhookEvent,
    attempt: row.attempt,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    error: row.error,
    attemptedAt: row.attemptedAt.toISOString(),
    state: row.state,
  }));
}

/** Makes a delivery due again (same webhook-id); the caller queues its job after this. */
export async function replayDelivery(db: Db, userId: number, deliveryId: number): Promise<void> {
  if (!(await deliveries.makeDueAgain(db, userId, deliveryId))) {
    throw notFound("No such delivery, or it is being sent.", ErrorCode.WEBHOOK_NOT_FOUND);
  }
}
