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
    /** false exempts a state-changing route from the CSRF check (inbound provider webhooks only). */
    csrf?: boolean;
    /** true makes the route honour Idempotency-Key. */
    idempotent?: boolean;
  }
}
