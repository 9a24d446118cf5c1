import fastifyWebsocket from "@fastify/websocket";
import {
  envelopeSchema,
  REALTIME_PATH,
  REAUTH_PUSH_SUBSCRIPTION_PATH,
  reAuthPushSubscriptionAnswerSchema,
  reAuthPushSubscriptionRequestSchema,
} from "@souk/contracts";
import type { AppDeps, SoukRoutes } from "../platform/index.ts";
import { envelope } from "../platform/index.ts";
import type { RealtimeGateway } from "./realtime.gateway.ts";
import { issueChannelKey, type KeyIssuer } from "./realtime.service.ts";

/** The WebSocket layer refuses frames over this outright (close 1009); smaller oversized ones get bad_message. */
const MAX_FRAME_BYTES = 64 * 1024;

/**
 * Public on purpose: the `market` channel is open to visitors. Every channel family decides for
 * itself, with the viewer or null, whether a key may be handed out. CSRF applies as to any POST.
 */
export function registerReAuthRoute(app: SoukRoutes, issuer: KeyIssuer): void {
  app.post(
    REAUTH_PUSH_SUBSCRIPTION_PATH,
    {
      config: { rateLimit: { max: 300, timeWindow: "1 minute" } },
      schema: {
        tags: ["realtime"],
        summary: "A short-lived key for one real-time channel",
        body: reAuthPushSubscriptionRequestSchema,
        response: { 200: envelopeSchema(reAuthPushSubscriptionAnswerSchema) },
      },
    },
    async (request) => {
      const [channel] = request.body.channels as [string];
      return envelope({ channels: [await issueChannelKey(issuer, request.viewer, channel)] });
    },
  );
}

export async function registerSocketRoute(app: SoukRoutes, _deps: AppDeps, gateway: RealtimeGateway): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  app.get(REALTIME_PATH, { websocket: true, schema: { hide: true } }, (socket) => gateway.accept(socket));
}
