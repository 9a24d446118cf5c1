import {
  pushPublicKeyResponseSchema,
  pushSubscriptionSchema,
  pushSubscriptionStatusResponseSchema,
  pushUnsubscribeSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, refusals, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { getPushPublicKey, subscribePush, unsubscribePush } from "./push.service.ts";

const tags = ["notifications"];

/** Web push (the `app` channel): the server's public key, and a browser's subscribe and unsubscribe. */
export function registerPushRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/notifications/push/public-key",
    {
      schema: {
        tags,
        summary: "The server's VAPID public key, the applicationServerKey a browser subscribes with",
        response: { 200: pushPublicKeyResponseSchema, ...refusals },
      },
    },
    async () => envelope(await getPushPublicKey(deps.db)),
  );

  app.post(
    "/rest/v1/notifications/push/subscriptions",
    {
      schema: {
        tags,
        summary: "Push the viewer's notifications to this browser (its PushSubscription)",
        body: pushSubscriptionSchema,
        response: { 200: pushSubscriptionStatusResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await subscribePush(deps.db, deps.config, viewerOf(request), request.body)),
  );

  app.post(
    "/rest/v1/notifications/push/unsubscribe",
    {
      schema: {
        tags,
        summary: "Stop pushing to this browser (its endpoint)",
        body: pushUnsubscribeSchema,
        response: { 200: pushSubscriptionStatusResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await unsubscribePush(deps.db, viewerOf(request), request.body)),
  );
}
