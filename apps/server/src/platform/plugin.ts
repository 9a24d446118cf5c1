import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Histogram, Registry } from "prom-client";
import type { Config } from "../config.ts";
import type { Db } from "../db/pool.ts";
import { assertCsrf } from "./csrf.ts";
import { installErrorMapper } from "./error-mapper.ts";
import { claimIdempotencyKey, settleIdempotencyKey } from "./idempotency.ts";
import { toCamelKey, toSnakeKey, transformKeys } from "./key-case.ts";
import { findViewer, SESSION_COOKIE } from "./session.ts";

export interface PlatformOptions {
  config: Config;
  db: Db;
}

/**
 * The conventions every route shares, installed once on the root instance: cookies, the error
 * mapper, key casing, the viewer, CSRF, idempotency keys, slow-request logs and metrics.
 */
export async function installPlatform(app: FastifyInstance, { config, db }: PlatformOptions): Promise<Registry> {
  await app.register(fastifyCookie);
  installErrorMapper(app);

  app.decorateRequest("viewer", null);
  app.decorateRequest("wantsSnakeCase", false);
  app.decorateRequest("idempotency", null);
  app.decorateRequest("sessionToken", null);

  app.addHook("onRequest", async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    request.wantsSnakeCase = query?.keyCase === "snake_case" || query?.key_case === "snake_case";
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      request.viewer = await findViewer(db, token, { reuseForMs: config.SESSION_CACHE_MS });
      if (request.viewer) request.sessionToken = token;
    }
    assertCsrf(request);
  });

  // Requests may use snake_case or kebab-case keys; handlers and schemas see camelCase.
  app.addHook("preValidation", async (request) => {
    if (request.routeOptions.config?.keepsKeys) return;
    if (request.body && typeof request.body === "object") request.body = transformKeys(request.body, toCamelKey);
    if (request.query && typeof request.query === "object") {
      const { keyCase: _k, key_case: _kc, ...rest } = request.query as Record<string, unknown>;
      request.query = transformKeys(rest, toCamelKey);
    }
  });

  app.addHook("preHandler", async (request, reply) => {
    if (request.routeOptions.config?.idempotent) {
      const shouldRun = await claimIdempotencyKey(db, request, reply);
      if (!shouldRun) return reply;
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    let out = payload;
    const isJson = String(reply.getHeader("content-type") ?? "").includes("application/json");
    if (request.idempotency && typeof payload === "string" && reply.getHeader("idempotent-replayed") === undefined) {
      const claim = request.idempotency;
      request.idempotency = null;
      await settleIdempotencyKey(db, claim, reply.statusCode, payload);
    }
    if (request.wantsSnakeCase && isJson && typeof payload === "string" && payload.length > 0) {
      out = JSON.stringify(transformKeys(JSON.parse(payload), toSnakeKey));
    }
    return out;
  });

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: "souk_http_request_duration_seconds",
    help: "HTTP request duration by route and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });

  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    const line = { method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (reply.elapsedTime > config.SLOW_REQUEST_MS) request.log.warn(line, "slow request");
    else if (reply.statusCode >= 500) request.log.warn(line, "request failed");
    else request.log.debug(line, "request");
  });

  return registry;
}
