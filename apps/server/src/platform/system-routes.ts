import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "../db/pool.ts";
import { notFound } from "./errors.ts";
import { type Metrics, mayReadMetrics } from "./metrics.ts";
import type { SoukRoutes } from "./module.ts";

const statusSchema = z.object({ data: z.object({ status: z.string() }), meta: z.null() });

/**
 * Liveness, readiness, metrics and the OpenAPI document. Health and the document are open to
 * everyone; metrics only to a scraper holding METRICS_TOKEN (see mayReadMetrics).
 */
export function registerSystemRoutes(
  app: SoukRoutes,
  deps: { db: Db; metrics: Metrics; metricsToken: string | undefined },
): void {
  app.get("/healthz", { schema: { hide: true, response: { 200: statusSchema } } }, async () => ({
    data: { status: "ok" },
    meta: null,
  }));

  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`SELECT 1`.execute(deps.db);
      return { data: { status: "ready" }, meta: null };
    } catch {
      return reply
        .code(503)
        .send({ errors: { message: "The database is not reachable.", code: "ERROR_SERVICE_BUSY", details: null } });
    }
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    // Without the token the answer is the one an unknown address gets: nothing says metrics exist.
    if (!mayReadMetrics(request.headers.authorization, deps.metricsToken)) throw notFound("No route GET /metrics.");
    reply.header("content-type", deps.metrics.registry.contentType);
    return deps.metrics.registry.metrics();
  });

  app.get("/rest/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
