/**
 * The webhooks module's door: the account webhooks of the spec (Standard Webhooks signing, a
 * delivery log, retries; docs/decisions/098-account-webhooks.md) and the outbound parts every kind
 * of webhook shares: the committed-event feed reader and the trade facts it finds. The address
 * guard and the HTTP sender they post with are the platform's (web push uses them too).
 */
import { parseFeatureFlags, type SoukModule } from "../../platform/index.ts";
import { listOverdueDeliveryIds } from "./account-webhooks.deliveries.repo.ts";
import { ACCOUNT_DELIVER_JOB, runAccountDeliveryJob } from "./account-webhooks.delivery.ts";
import { fanOutAccountWebhooks } from "./account-webhooks.fanout.ts";
import { registerAccountWebhookRoutes } from "./account-webhooks.routes.ts";
import { pollFeed, stopFeedPolling } from "./outbound/feed-poll.ts";

export { countWebhookFailuresSince } from "./outbound/delivery-failures.ts";
export { readFeed } from "./outbound/event-feed.ts";
export { pollFeed, stopFeedPolling } from "./outbound/feed-poll.ts";
export { chatMessageRecipients, tradeStatusFact } from "./outbound/trade-facts.ts";

export const webhooksModule: SoukModule = {
  name: "webhooks",
  privateRoutes: (app, deps) => {
    registerAccountWebhookRoutes(app, deps);
    app.addHook("onClose", async () => stopFeedPolling());
  },
  jobs: [
    {
      name: "webhooks.feed",
      schedule: "* * * * *",
      // At a worker's start too, as the notifications' poll: a restart does not wait for the minute.
      isQueuedAtStart: true,
      handler: (_data, context) =>
        pollFeed(context, {
          fanOut: (job) =>
            fanOutAccountWebhooks({
              db: job.db,
              config: job.config,
              features: parseFeatureFlags(job.config.SOUK_FEATURE_FLAGS),
            }),
          overdue: (job) => listOverdueDeliveryIds(job.db, 50),
          deliverJob: ACCOUNT_DELIVER_JOB,
        }),
    },
    { name: ACCOUNT_DELIVER_JOB, handler: runAccountDeliveryJob },
  ],
};
