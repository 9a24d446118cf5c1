/**
 * The Paxful-compatible API's door: /paxful/v1 (thin adapters over the other modules' doors)
 * and Paxful-format webhooks for API clients (docs/decisions/073-paxful-compatible-api.md).
 */
import type { SoukModule } from "../../platform/index.ts";
import { paxfulActions } from "./paxful.actions.ts";
import { registerPaxfulRoutes } from "./paxful.routes.ts";

export const paxfulApiModule: SoukModule = {
  name: "paxful-api",
  publicRoutes: (app, deps) =>
    registerPaxfulRoutes(app, deps, {
      actions: paxfulActions,
      rateLimitPerMinute: deps.config.PAXFUL_API_RATE_LIMIT_PER_MINUTE,
    }),
};
