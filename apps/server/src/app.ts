import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { API_CLIENT_SCOPES } from "@souk/contracts";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { APP_VERSION } from "./app-version.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/pool.ts";
import { approvalActions, ledgerChecks, modules } from "./modules/registry.ts";
import {
  type AppDeps,
  answerClientError,
  answerFrameworkError,
  disconnectedJobQueue,
  installPlatform,
  type JobQueue,
  JSON_BODY_LIMIT_BYTES,
  parseFeatureFlags,
  registerResponseCompression,
  requireSession,
} from "./platform/index.ts";
import { registerSystemRoutes } from "./platform/system-routes.ts";
import { registerRealtime } from "./realtime/index.ts";
import { registerWebApp } from "./web/web-app.ts";

const apiScopeDescriptions = Object.fromEntries(API_CLIENT_SCOPES.map((scope) => [scope, scope]));

export interface BuildAppOptions {
  config: Config;
  db: Db;
  readDb?: Db;
  logger?: FastifyServerOptions["logger"];
  /** Address for the real-time gateway's LISTEN connection; DATABASE_URL when absent. */
  databaseUrl?: string;
  /** Serve the built web app (off in API tests that do not need it). */
  serveWeb?: boolean;
  /**
   * The job runtime's queue (main.ts). Without it requests queue nothing and the modules' sweeps,
   * run by whichever copy works jobs, pick the work up within their schedule (a minute).
   */
  jobs?: JobQueue;
}

/**
 * The API pages load only their own scripts, styles and the OpenAPI document (Swagger UI has no
 * inline script), so nothing injected into a described text can run there. The one style element
 * Swagger UI adds at run time is allowed by its hash; if an upgrade changes it, only that style is
 * lost (the browser console names the new hash).
 */
const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; connect-src 'self'; font-src 'self' data:; form-action 'self'; " +
  "frame-ancestors 'none'; img-src 'self' data:; object-src 'none'; script-src 'self'; " +
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/** Builds the whole application without listening; main.ts listens, tests use app.inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    // Only forwarded addresses from known proxy hops count; otherwise anyone could pick the
    // address that per-address throttling sees.
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
    // One line per request is written by the platform's onResponse hook instead of two.
    disableRequestLogging: true,
    // JSON bodies are small; the upload routes read multipart with limits of their own.
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Answers the router and Node's parser give before any hook runs use the envelope too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Request ids appear in every log line of a request.
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The SPA sets its own content security policy with a per-response nonce (web/web-app.ts).
  await app.register(fastifyHelmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Souk API", version: APP_VERSION, description: "Peer-to-peer crypto marketplace." },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "souk_session" },
          csrf: { type: "apiKey", in: "header", name: "X-CSRF-Token" },
          // API clients (docs/decisions/072-api-clients-and-oauth.md): /paxful/v1 and /webhook/v1.
          oauth2: {
            type: "oauth2",
            flows: {
              clientCredentials: { tokenUrl: "/oauth2/token", scopes: apiScopeDescriptions },
              authorizationCode: {
                authorizationUrl: "/oauth2/authorize",
                tokenUrl: "/oauth2/token",
                refreshUrl: "/oauth2/token",
                scopes: apiScopeDescriptions,
              },
            },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (config.SOUK_API_DOCS) await app.register(fastifySwaggerUi, { routePrefix: "/docs", staticCSP: DOCS_CSP });

  const metrics = await installPlatform(app, { config, db });
  app.decorate("metrics", metrics);
  // After the platform's onSend hook (idempotency, key case), which reads the plain body.
  await registerResponseCompression(app);
  const deps: AppDeps = {
    config,
    db,
    readDb: options.readDb ?? db,
    log: app.log,
    jobs: options.jobs ?? disconnectedJobQueue,
    ledgerChecks,
    approvalActions,
    features: parseFeatureFlags(config.SOUK_FEATURE_FLAGS),
  };
  registerSystemRoutes(app, { db, metrics, metricsToken: config.METRICS_TOKEN });

  await app.register(async (scope) => {
    for (const module of modules) await module.publicRoutes?.(scope, deps);
  });
  await app.register(async (scope) => {
    // Before body parsing and validation: a caller without a session learns nothing but 401.
    scope.addHook("onRequest", requireSession);
    for (const module of modules) await module.privateRoutes?.(scope, deps);
  });
  await registerRealtime(app, deps, { modules, databaseUrl: options.databaseUrl });

  if (options.serveWeb !== false) await registerWebApp(app, deps);
  await app.ready();
  return app;
}
