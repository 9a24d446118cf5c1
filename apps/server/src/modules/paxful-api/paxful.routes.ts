import {
  CHAT_ATTACHMENT_MAX_BYTES,
  PaxfulErrorCode,
  paxfulErrorResponseSchema,
  paxfulInputs,
  paxfulScopeOf,
  paxfulSuccessSchema,
} from "@souk/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  type AppDeps,
  acceptFormBodies,
  acceptMultipart,
  answerRouterErrorsUnder,
  fileStorageFor,
  parseFormBody,
  readMultipart,
  type SoukRoutes,
  type UploadedFile,
} from "../../platform/index.ts";
import { type ApiCaller, authenticateAccessToken } from "../api-clients/index.ts";
import type { ActionContext, PaxfulAction } from "./paxful.action.ts";
import { BinaryAnswer, errorBody, successBody } from "./paxful.envelope.ts";
import {
  endpointNotFound,
  invalidParameters,
  invalidScope,
  isDomainError,
  PaxfulError,
  tooManyRequests,
  toPaxfulError,
} from "./paxful.errors.ts";
import { ClientRateLimiter } from "./paxful.rate-limit.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Who a /paxful/v1 or /webhook/v1 call acts for, from its bearer token. */
    apiCaller: ApiCaller | null;
  }
  interface FastifyContextConfig {
    /** A Paxful action that also answers without a token. */
    paxfulPublic?: boolean;
    /** The scope the route needs, `paxful:<group>:<action>`. */
    paxfulScope?: string;
  }
}

function sendError(reply: FastifyReply, error: PaxfulError): FastifyReply {
  return reply.code(error.status).header("cache-control", "no-store").send(errorBody(error.code, error.message));
}

/** 401 with Paxful's envelope: the one answer that makes the SDK refresh its token. */
export function sendUnauthorized(reply: FastifyReply): FastifyReply {
  return reply
    .code(401)
    .header("www-authenticate", 'Bearer error="invalid_token"')
    .send(errorBody(401, "Unauthorized: the access token is missing, invalid or expired"));
}

async function readInput(
  request: FastifyRequest,
  action: PaxfulAction,
): Promise<{ raw: unknown; files: UploadedFile[] }> {
  if (request.method === "GET") {
    const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "";
    return { raw: parseFormBody(query), files: [] };
  }
  if (request.isMultipart()) {
    const upload = await readMultipart(request, {
      fileBytes: CHAT_ATTACHMENT_MAX_BYTES,
      files: action.isUpload ? 1 : 0,
      fields: 20,
      fieldBytes: 10_000,
    });
    return { raw: Object.fromEntries(upload.fields), files: upload.files };
  }
  return { raw: request.body ?? {}, files: [] };
}

export interface PaxfulRouteOptions {
  actions: readonly PaxfulAction[];
  rateLimitPerMinute: number;
}

/**
 * The scope of /paxful/v1 (docs/decisions/073-paxful-compatible-api.md): forms and multipart
 * bodies, the bearer check with its scope, the per-client rate limit, and Paxful's envelope for
 * every answer, refusals included. Each action is served on POST and on GET.
 */
export async function registerPaxfulRoutes(app: SoukRoutes, deps: AppDeps, options: PaxfulRouteOptions): Promise<void> {
  const { features } = deps;
  const storage = fileStorageFor(deps.config);
  const limiter = new ClientRateLimiter(options.rateLimitPerMinute);
  answerRouterErrorsUnder("/paxful/v1/", (status, message) =>
    errorBody(PaxfulErrorCode.VALIDATION_FAILED, `${message} (HTTP ${status})`),
  );

  await app.register(
    async (scope) => {
      acceptFormBodies(scope);
      await acceptMultipart(scope);
      // Fields are checked by each action (1003 for a missing one, 1004 for a wrong one); the
      // schemas on the routes document them in the OpenAPI document.
      scope.setValidatorCompiler(() => (data) => ({ value: data }));
      scope.setSerializerCompiler(() => (data) => JSON.stringify(data));
      scope.decorateRequest("apiCaller", null);

      scope.addHook("onRequest", async (request, reply) => {
        const config = request.routeOptions.config;
        if (!config?.paxfulScope) return;
        const authorization = request.headers.authorization;
        const caller = await authenticateAccessToken(deps.db, authorization);
        if (!caller && (authorization !== undefined || !config.paxfulPublic)) return sendUnauthorized(reply);
        request.apiCaller = caller;
        const usage = limiter.take(caller ? `client:${caller.clientId}` : `ip:${request.ip}`);
        reply.header("x-ratelimit-limit", String(limiter.limit));
        reply.header("x-ratelimit-remaining", String(Math.max(0, usage.remaining)));
        if (usage.remaining < 0) {
          reply.header("retry-after", String(usage.resetSeconds));
          return sendError(reply, tooManyRequests());
        }
        if (caller && !caller.scopes.includes(config.paxfulScope))
          return sendError(reply, invalidScope(config.paxfulScope));
      });

      scope.setErrorHandler((error, request, reply) => {
        if (error instanceof PaxfulError) return sendError(reply, error);
        if (isDomainError(error)) {
          const action = (request.routeOptions.config as { paxfulNotFoundAs?: PaxfulAction["notFoundAs"] })
            .paxfulNotFoundAs;
          return sendError(reply, toPaxfulError(error, action ?? "plain"));
        }
        const status = (error as { statusCode?: number }).statusCode;
        if (typeof status === "number" && status >= 400 && status < 500) {
          return sendError(reply, invalidParameters(["body"]));
        }
        request.log.error({ err: error }, "paxful api error");
        return sendError(reply, new PaxfulError(1005, 500, "Unknown server error"));
      });
      scope.setNotFoundHandler((_request, reply) => sendError(reply, endpointNotFound()));

      for (const action of options.actions) registerAction(scope, deps, action, { features, storage });
    },
    { prefix: "/paxful/v1" },
  );
}

function registerAction(
  scope: SoukRoutes,
  deps: AppDeps,
  action: PaxfulAction,
  shared: Pick<ActionContext, "features" | "storage">,
): void {
  const schema = paxfulInputs[action.path];
  const requiredScope = paxfulScopeOf(action.path);
  const config = {
    // These routes act only on bearer tokens, never on the session cookie: a forged cross-site
    // request has nothing to borrow, so the CSRF check does not apply (even to token-less calls).
    csrf: false,
    keepsKeys: true,
    paxfulScope: requiredScope,
    paxfulPublic: action.isPublic ?? false,
    paxfulNotFoundAs: action.notFoundAs ?? "plain",
  };
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { raw, files } = await readInput(request, action);
    const context: ActionContext = {
      db: deps.db,
      readDb: deps.readDb,
      deps,
      ...shared,
      caller: request.apiCaller,
      files,
      headers: request.headers,
    };
    const data = await action.run(context, raw);
    if (data instanceof BinaryAnswer) {
      return reply
        .header("content-type", data.contentType)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, max-age=3600")
        .send(data.bytes);
    }
    return reply.header("cache-control", "no-store").send(successBody(data));
  };
  const responses = {
    200: paxfulSuccessSchema(z.unknown()),
    400: paxfulErrorResponseSchema,
    401: paxfulErrorResponseSchema,
    403: paxfulErrorResponseSchema,
    404: paxfulErrorResponseSchema,
    409: paxfulErrorResponseSchema,
    429: paxfulErrorResponseSchema,
  };
  scope.post(
    `/${action.path}`,
    {
      config,
      schema: {
        tags: ["paxful"],
        summary: action.summary,
        description: `Scope ${requiredScope}.${action.isPublic ? " Also answers without a token." : ""} Also served on GET with the fields in the query string.`,
        security: action.isPublic ? [{ oauth2: [requiredScope] }, {}] : [{ oauth2: [requiredScope] }],
        consumes: action.isUpload
          ? ["multipart/form-data"]
          : ["application/x-www-form-urlencoded", "application/json", "multipart/form-data"],
        body: schema,
        response: responses,
      },
    },
    handler,
  );
  scope.get(`/${action.path}`, { config, schema: { hide: true } }, handler);
}
