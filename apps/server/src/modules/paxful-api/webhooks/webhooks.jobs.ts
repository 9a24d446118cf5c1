import type { Db } from "../../../db/pool.ts";
import type { JobContext, JobDefinition } from "../../../platform/index.ts";
import { loadWebhookSigner, type WebhookSigner } from "./signing.ts";
import { fanOutWebhooks } from "./webhooks.fanout.ts";
import * as repo from "./webhooks.repo.ts";
import { DELIVER_JOB, runDeliveryJob } from "./webhooks.service.ts";

const signers = new WeakMap<Db, Promise<WebhookSigner>>();

function signerFor(db: Db): Promise<WebhookSigner> {
  let signer = signers.get(db);
  if (!signer) {
    signer = loadWebhookSigner(db);
    signers.set(db, signer);
  }
  return signer;
}

const POLL_FOR_MS = 50_000;
const POLL_EVERY_MS = 2_000;

/**
 * Set when this process shuts down (the app's onClose, before the job runtime stops): the poll
 * returns at once instead of running on against a closing database.
 */
let isStopping = false;
export function stopWebhookPolling(): void {
  isStopping = true;
}

/**
 * Started every minute, it reads the feed every two seconds for most of that minute (so a trade
 * event reaches its webhook within seconds) and queues one delivery job per new delivery after
 * the fan-out commits. It also re-sends deliveries whose job was lost. Two of them at once are
 * harmless: the cursor is read by one at a time, and a delivery is claimed before it is sent.
 */
async function pollFeed(context: JobContext): Promise<void> {
  const until = Date.now() + POLL_FOR_MS;
  while (!isStopping) {
    const queued = await fanOutWebhooks(context.db);
    const overdue = await repo.listOverdueDeliveryIds(context.db, 50);
    for (const id of new Set([...queued, ...overdue])) await context.send(DELIVER_JOB, { deliveryId: id });
    if (Date.now() + POLL_EVERY_MS > until) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
}

export const webhookJobs: JobDefinition[] = [
  { name: "paxful-api.webhook-feed", schedule: "* * * * *", handler: (_data, context) => pollFeed(context) },
  {
    name: DELIVER_JOB,
    handler: async (data, context) =>
      runDeliveryJob(data, context, {
        db: context.db,
        signer: await signerFor(context.db),
        allowPrivate: context.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      }),
  },
];
