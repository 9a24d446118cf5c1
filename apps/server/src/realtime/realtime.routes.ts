import fastifyWebsocket from "@fastify/websocket";
import {
  envelopeSchema,
  REALTIME_PATH,
  REAUTH_PUSH_SUBSCRIPTION_PATH,
  reAuthPushSubscriptionAnswerSchema,
  reAuthPushSubscriptionRequestSchema,
} from "@souk/contracts";
import type { AppDeps, SoukRoutes } from "../platform/index.ts";
import { DomainError, envelope } from "../platform/index.ts";
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

/** Our code in the spec's style for a plain request to the socket's address (answered 400). */
const UPGRADE_REQUIRED_CODE = "ERROR_WEBSOCKET_UPGRADE_REQUIRED";

export async function registerSocketRoute(app: SoukRoutes, _deps: AppDeps, gateway: RealtimeGateway): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  // `wsHandler` rather than `websocket: true`: with the latter the plugin answers a request that is
  // not an upgrade with an empty 404 of its own. Here the upgrade goes to the gateway and a plain
  // request gets the error envelope through the error mapper like any refused call.
  app.route({
    method: "GET",
    url: REALTIME_PATH,
    schema: { hide: true },
    wsHandler: (socket) => gateway.accept(socket),
    handler: async (_request, reply) => {
      reply.header("upgrade", "websocket");
      throw new DomainError(
        UPGRADE_REQUIRED_CODE,
        "malformed",
        "This address speaks WebSocket only; open it with an upgrade.",
        {
          upgrade: "websocket",
        },
      );
    },
  });
}
