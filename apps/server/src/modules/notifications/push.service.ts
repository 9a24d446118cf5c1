import { ECDH } from "node:crypto";
import {
  NOTIFICATION_GROUP_OF,
  type PushPublicKey,
  type PushSubscriptionInput,
  type PushSubscriptionStatus,
  type PushUnsubscribeInput,
} from "@souk/contracts";
import { type Config, publicUrlOf } from "../../config.ts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { inputError, urlProblem, type Viewer } from "../../platform/index.ts";
import { mailLocaleOf } from "../mail/index.ts";
import * as feedRepo from "./notifications.repo.ts";
import { pushMessageOf, pushVerdictOf } from "./push.domain.ts";
import { vapidKeysOf, vapidSubjectOf } from "./push.keys.ts";
import * as repo from "./push.repo.ts";
import { sendPush } from "./push.sender.ts";

const QUEUE_BATCH = 100;
const SEND_BATCH = 50;

/** GET /rest/v1/notifications/push/public-key: the applicationServerKey a browser subscribes with. */
export async function getPushPublicKey(db: Db): Promise<PushPublicKey> {
  return { publicKey: (await vapidKeysOf(db)).publicKey };
}

function isCurvePoint(p256dh: string): boolean {
  try {
    ECDH.convertKey(p256dh, "prime256v1", "base64url", "base64url", "uncompressed");
    return true;
  } catch {
    return false;
  }
}

/**
 * POST /rest/v1/notifications/push/subscriptions: this browser receives the viewer's pushes. The
 * endpoint is a URL the server will post to, so it meets the webhooks' address rules (https, no
 * private address) here and at every push.
 */
export async function subscribePush(
  db: Db,
  config: Config,
  viewer: Viewer,
  input: PushSubscriptionInput,
): Promise<PushSubscriptionStatus> {
  const problem = urlProblem(input.endpoint, config.WEBHOOK_ALLOW_PRIVATE_NETWORKS);
  if (problem) throw inputError({ endpoint: ["push_endpoint_refused"] }, problem);
  if (!isCurvePoint(input.keys.p256dh)) throw inputError({ "keys.p256dh": ["push_key_invalid"] });
  return withTx(db, async (tx) => {
    await repo.saveSubscription(tx, {
      userId: viewer.userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh.replace(/=+$/, ""),
      auth: input.keys.auth.replace(/=+$/, ""),
    });
    return { isSubscribed: true, subscriptionCount: await repo.countSubscriptions(tx, viewer.userId) };
  });
}

/** POST /rest/v1/notifications/push/unsubscribe: this browser stops; unsubscribing twice is harmless. */
export async function unsubscribePush(
  db: Db,
  viewer: Viewer,
  input: PushUnsubscribeInput,
): Promise<PushSubscriptionStatus> {
  await repo.deleteSubscription(db, viewer.userId, input.endpoint);
  return { isSubscribed: false, subscriptionCount: await repo.countSubscriptions(db, viewer.userId) };
}

/** The app channel's notifications become one push per browser of their user. */
async function queuePushes(db: Db): Promise<number> {
  return withTx(db, async (tx) => {
    const ids = (await feedRepo.claimPending(tx, "app", QUEUE_BATCH)).map((row) => row.id);
    const queued = await repo.queueDeliveries(tx, ids);
    await feedRepo.markHandled(tx, "app", ids);
    return queued;
  });
}

type Vapid = Parameters<typeof sendPush>[2];

async function attempt(config: Config, vapid: Vapid, delivery: repo.DueDelivery, now: Date) {
  const group = NOTIFICATION_GROUP_OF[delivery.event];
  const message = pushMessageOf(delivery, mailLocaleOf(delivery.locale), publicUrlOf(config), now);
  try {
    return await sendPush(delivery, message, vapid, {
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      urgency: group === "trades" || group === "disputes" ? "high" : "normal",
    });
  } catch (error) {
    // web-push refused the subscription's keys: no attempt would do better.
    return { status: 400, failure: null, error: (error as Error).message };
  }
}

async function settle(tx: Tx, delivery: repo.DueDelivery, answer: Awaited<ReturnType<typeof attempt>>) {
  const verdict = pushVerdictOf(answer, delivery.attempts);
  if (verdict.kind === "gone") await repo.deleteSubscriptionById(tx, delivery.subscriptionId);
  else if (verdict.kind === "retry") {
    await repo.scheduleRetry(tx, delivery, verdict.afterMs, answer.error ?? `status ${answer.status}`);
  } else await repo.deleteDelivery(tx, delivery);
  return verdict.kind;
}

/**
 * The app channel (docs/decisions/097-web-push.md): pending notifications become pushes to each
 * browser of their user, and due pushes are sent together. A gone subscription (404, 410) is
 * removed; 429, 5xx and network failures are tried again later; the rest give up. Returns what
 * became of this pass's pushes.
 */
export async function pushNotifications(db: Db, config: Config, now = new Date()) {
  await queuePushes(db);
  return withTx(db, async (tx) => {
    const tally = { delivered: 0, gone: 0, retry: 0, given_up: 0 };
    const due = await repo.claimDueDeliveries(tx, SEND_BATCH);
    if (due.length === 0) return tally;
    const vapid = { keys: await vapidKeysOf(db), subject: vapidSubjectOf(config) };
    const answers = await Promise.all(due.map((delivery) => attempt(config, vapid, delivery, now)));
    for (const [index, delivery] of due.entries()) {
      const answer = answers[index];
      if (answer) tally[await settle(tx, delivery, answer)] += 1;
    }
    return tally;
  });
}
