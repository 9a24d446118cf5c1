import { sql } from "kysely";
import type { Registry } from "prom-client";
import { z } from "zod";
import type { Db } from "../db/pool.ts";
import type { SoukRoutes } from "./module.ts";

const statusSchema = z.object({ data: z.object({ status: z.string() }), meta: z.null() });

/** Liveness, readiness, metrics and the OpenAPI document: open to everyone, no session needed. */
export function registerSystemRoutes(app: SoukRoutes, deps: { db: Db; metrics: Registry }): void {
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

  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    reply.header("content-type", deps.metrics.contentType);
    return deps.metrics.metrics();
  });

  app.get("/rest/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
