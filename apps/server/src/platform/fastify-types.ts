import type { IdempotencyClaim } from "./idempotency.ts";
import type { Metrics } from "./metrics.ts";
import type { Viewer } from "./session.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The process's metrics (main.ts serves them on METRICS_PORT when one is set). */
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** The logged-in user, or null for a visitor. */
    viewer: Viewer | null;
    /** Answer keys in snake_case (`keyCase=snake_case`). */
    wantsSnakeCase: boolean;
    /** Set when this request claimed an Idempotency-Key. */
    idempotency: IdempotencyClaim | null;
    /** The session cookie value, when one was presented and valid. */
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /**
     * false exempts a state-changing route from the CSRF check: only for routes that never act on
     * the session cookie (inbound provider webhooks, the OAuth2 token endpoint, bearer-token APIs).
     */
    csrf?: boolean;
    /** true makes the route honour Idempotency-Key. */
    idempotent?: boolean;
    /**
     * true hands the body and query to the route with their keys as sent, not camelCased: for an
     * API whose own contract names its fields (the Paxful-compatible API's snake_case).
     */
    keepsKeys?: boolean;
    /** true answers GET with a weak ETag and 304 on a matching If-None-Match (reference data). */
    etag?: boolean;
  }
}
