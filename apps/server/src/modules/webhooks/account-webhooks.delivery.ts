import type { Db } from "../../db/pool.ts";
import { withTx } from "../../db/pool.ts";
import { type JobContext, postWebhook } from "../../platform/index.ts";
import * as deliveries from "./account-webhooks.deliveries.repo.ts";
import { type AttemptVerdict, judgeAttempt } from "./account-webhooks.domain.ts";
import { signatureHeaders } from "./account-webhooks.signing.ts";

/** The delivery job's queue name. */
export const ACCOUNT_DELIVER_JOB = "webhooks.deliver";

/**
 * One attempt of one delivery, signed at sending time with the same webhook-id as every other
 * attempt. Idempotent as a job must be: a delivery that is not pending, not due, or whose webhook
 * is off is left alone (null).
 */
export async function deliverAccountWebhook(
  db: Db,
  deliveryId: number,
  allowPrivate: boolean,
): Promise<AttemptVerdict | null> {
  const delivery = await deliveries.claimDelivery(db, deliveryId);
  if (!delivery) return null;
  const headers = signatureHeaders(delivery.secret, {
    id: delivery.messageId,
    timestamp: Math.floor(Date.now() / 1000),
    body: delivery.body,
  });
  const outcome = await postWebhook(delivery.url, delivery.body, headers, { allowPrivate });
  const verdict = judgeAttempt({
    status: outcome.status,
    attempt: delivery.attempt,
    failingSince: delivery.failingSince,
    now: new Date(),
  });
  await withTx(db, (tx) =>
    deliveries.recordAttempt(tx, delivery, verdict, {
      statusCode: outcome.status,
      durationMs: outcome.durationMs,
      error: outcome.error,
    }),
  );
  return verdict;
}

/** The delivery job: one attempt, and the next one queued with its back-off when it failed. */
export async function runAccountDeliveryJob(data: Record<string, unknown>, context: JobContext): Promise<void> {
  const id = Number(data.deliveryId);
  if (!Number.isSafeInteger(id)) return;
  const verdict = await deliverAccountWebhook(context.db, id, context.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS);
  if (verdict?.state === "pending" && verdict.retryAfterSeconds !== null) {
    await context.send(ACCOUNT_DELIVER_JOB, { deliveryId: id }, { startAfterSeconds: verdict.retryAfterSeconds });
  }
}
