import type { Db } from "../../../db/pool.ts";
import type { JobDefinition } from "../../../platform/index.ts";
import { pollFeed } from "../../webhooks/index.ts";
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

export const webhookJobs: JobDefinition[] = [
  {
    name: "paxful-api.webhook-feed",
    schedule: "* * * * *",
    handler: (_data, context) =>
      pollFeed(context, {
        fanOut: (job) => fanOutWebhooks(job.db),
        overdue: (job) => repo.listOverdueDeliveryIds(job.db, 50),
        deliverJob: DELIVER_JOB,
      }),
  },
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
