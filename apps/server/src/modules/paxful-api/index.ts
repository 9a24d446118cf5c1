/**
 * The Paxful-compatible API's door: /paxful/v1 (thin adapters over the other modules' doors)
 * and Paxful-format webhooks for API clients (docs/decisions/073-paxful-compatible-api.md).
 */
import type { SoukModule } from "../../platform/index.ts";
import { stopFeedPolling } from "../webhooks/index.ts";
import { paxfulActions } from "./paxful.actions.ts";
import { registerPaxfulRoutes } from "./paxful.routes.ts";
import { loadWebhookSigner } from "./webhooks/signing.ts";
import { webhookJobs } from "./webhooks/webhooks.jobs.ts";
import { registerWebhookRoutes } from "./webhooks/webhooks.routes.ts";

export const paxfulApiModule: SoukModule = {
  name: "paxful-api",
  publicRoutes: async (app, deps) => {
    await registerPaxfulRoutes(app, deps, {
      actions: paxfulActions,
      rateLimitPerMinute: deps.config.PAXFUL_API_RATE_LIMIT_PER_MINUTE,
    });
    // The signing key is made at the first start and kept in the database (never returned or logged).
    await registerWebhookRoutes(app, deps, await loadWebhookSigner(deps.db));
    app.addHook("onClose", async () => stopFeedPolling());
  },
  jobs: webhookJobs,
};
