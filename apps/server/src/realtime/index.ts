/**
 * The real-time channel's door. Modules announce committed changes with `publishEvent` inside
 * their own transaction and name channels with `channelFor`; app.ts mounts the gateway with
 * `registerRealtime`. See docs/decisions/014-realtime-events-after-commit.md to 021.
 */
import type { AppDeps, SoukModule, SoukRoutes } from "../platform/index.ts";
import { announcerFor } from "./realtime.announce.ts";
import { channelAuthorizer, collectChannels, marketChannel, userChannel } from "./realtime.channels.ts";
import { RealtimeGateway } from "./realtime.gateway.ts";
import { EventListener } from "./realtime.listener.ts";
import { registerReAuthRoute, registerSocketRoute } from "./realtime.routes.ts";
import { loadSigningKey, pruneOldEvents } from "./realtime.service.ts";

export { accountEventOf, announceAccountEvent, announceOncePerSubject } from "./realtime.account-events.ts";
export { channelFor } from "./realtime.channels.ts";
export { publishEvent, publishEvents } from "./realtime.publish.ts";
export { findNewestEventId, listEventsSince, type RealtimeEventRow } from "./realtime.repo.ts";

/**
 * The built-in channel families (`user.<id>`, `market`) and the retention job. Modules that own
 * other families (trades: `trade.<id>`) declare them in their own `channels`.
 */
export const realtimeModule: SoukModule = {
  name: "realtime",
  channels: [userChannel, marketChannel],
  jobs: [
    {
      name: "realtime.prune-events",
      schedule: "23 3 * * *",
      handler: async (_data, context) => {
        const deleted = await pruneOldEvents(context.db);
        if (deleted > 0) context.log.info({ deleted }, "old real-time events pruned");
      },
    },
  ],
};

export interface RealtimeOptions {
  /** Every module, from the registry: their `channels` decide who may follow what. */
  modules: readonly SoukModule[];
  /**
   * Where the process's one LISTEN connection goes (it runs as souk_app like the pool). Defaults
   * to DATABASE_URL; main.ts passes the embedded cluster's address when that is unset.
   */
  databaseUrl?: string;
}

/**
 * Mounts `POST /account/re-auth-push-subscription` and the WebSocket at `/realtime`, and starts the
 * LISTEN connection when the app is ready; both stop when the app closes.
 */
export async function registerRealtime(app: SoukRoutes, deps: AppDeps, options: RealtimeOptions): Promise<void> {
  const databaseUrl = options.databaseUrl ?? deps.config.DATABASE_URL;
  if (!databaseUrl) throw new Error("the real-time gateway needs a database URL to listen for events");
  const modules = options.modules.includes(realtimeModule) ? options.modules : [realtimeModule, ...options.modules];
  const authorize = channelAuthorizer(collectChannels(modules));
  const signingKey = await loadSigningKey(deps.db, deps.config.SOUK_SECRET);
  const gateway = new RealtimeGateway({ db: deps.db, signingKey, log: deps.log });
  const listener = new EventListener({
    databaseUrl,
    log: deps.log,
    hasSubscribers: (channel) => gateway.hasSubscribers(channel),
    subscribedChannels: () => gateway.subscribedChannels(),
    deliver: (rows) => gateway.deliver(rows),
  });

  await app.register(async (scope) => {
    registerReAuthRoute(scope, { db: deps.db, signingKey, authorize });
    await registerSocketRoute(scope, deps, gateway);
  });
  const announcer = announcerFor(deps.db);
  announcer.localDelivery = (rows) => listener.acceptLocal(rows);
  announcer.onError = (error) =>
    deps.log.warn({ error: error.message }, "real-time NOTIFY failed; the listeners' sweep will deliver");
  app.addHook("onReady", async () => listener.start());
  app.addHook("onClose", async () => {
    announcer.localDelivery = null;
    gateway.close();
    await listener.close();
  });
}
