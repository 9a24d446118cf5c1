import { timingSafeEqual } from "node:crypto";
import {
  apiClientCreatedSchema,
  apiClientCreateRequestSchema,
  apiClientParamsSchema,
  apiClientSchema,
  envelopeSchema,
  errorBodySchema,
  errorKinds,
  oauthAuthorizeQuerySchema,
  oauthConsentRequestSchema,
  oauthErrorSchema,
  oauthTokenRequestSchema,
  oauthTokenResponseSchema,
  oauthUserInfoSchema,
} from "@souk/contracts";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import {
  type AppDeps,
  acceptFormBodies,
  answerRouterErrorsUnder,
  CSRF_COOKIE,
  DomainError,
  envelope,
  issueCsrfToken,
  type SoukRoutes,
  viewerOf,
} from "../../platform/index.ts";
import { invalidToken, OAuthError } from "./api-clients.errors.ts";
import {
  authenticateAccessToken,
  createApiClient,
  decideConsent,
  describeConsent,
  exchangeToken,
  getUserInfo,
  listApiClients,
  revokeApiClient,
} from "./api-clients.service.ts";
import { renderConsentError, renderConsentPage } from "./consent-page.ts";

const tags = ["api-clients"];

/**
 * A 400 of the consent page: its HTML for a person, or OAuth2's JSON when the request itself does
 * not read (the scope's error handler). With the HTML alone here, the JSON failed to serialize
 * and became a 500.
 */
const consentRefusalSchema = z.union([z.string(), oauthErrorSchema]);

/** The API keys screen's calls: the logged-in user's own clients. */
export function registerApiClientsPrivateRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/api-clients",
    {
      schema: {
        tags,
        summary: "The viewer's API clients (secrets are never shown again)",
        response: { 200: envelopeSchema(z.array(apiClientSchema)) },
      },
    },
    async (request) => envelope(await listApiClients(deps.db, viewerOf(request).userId)),
  );

  app.post(
    "/rest/v1/api-clients",
    {
      schema: {
        tags,
        summary: "Create an API client; the answer carries its secret, shown this once",
        body: apiClientCreateRequestSchema,
        response: { 200: envelopeSchema(apiClientCreatedSchema), 409: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => envelope(await createApiClient(deps.db, viewerOf(request).userId, request.body)),
  );

  app.delete(
    "/rest/v1/api-clients/:clientId",
    {
      schema: {
        tags,
        summary: "Revoke an API client and every token it was given",
        params: apiClientParamsSchema,
        response: { 200: envelopeSchema(z.object({ revoked: z.literal(true) })), 404: errorBodySchema },
      },
    },
    async (request) => {
      await revokeApiClient(deps.db, viewerOf(request).userId, request.params.clientId);
      return envelope({ revoked: true as const });
    },
  );
}

function sendOAuthError(reply: FastifyReply, error: OAuthError): FastifyReply {
  if (error.status === 401) reply.header("www-authenticate", `Bearer error="${error.error}"`);
  return reply
    .code(error.status)
    .header("cache-control", "no-store")
    .send({ error: error.error, error_description: error.description });
}

function isSameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * OAuth2 (docs/decisions/072-api-clients-and-oauth.md): the token endpoint, the consent page and
 * user info. These answer in OAuth2's shapes, so they live in a scope with its own error handler.
 */
export async function registerOAuthRoutes(app: SoukRoutes, deps: AppDeps): Promise<void> {
  answerRouterErrorsUnder("/oauth2/", (_status, message) => ({ error: "invalid_request", error_description: message }));
  await app.register(async (plain) => {
    acceptFormBodies(plain);
    const scope = plain.withTypeProvider<import("fastify-type-provider-zod").ZodTypeProvider>();
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof OAuthError) return sendOAuthError(reply, error);
      const status =
        error instanceof DomainError ? errorKinds[error.kind] : (error as { statusCode?: number }).statusCode;
      // Too many calls stays 429 (the rate limiter has set Retry-After), busy stays 503: a client
      // must wait, not fix its request.
      if (status === 429)
        return sendOAuthError(reply, new OAuthError(429, "rate_limited", "Too many requests; try again later."));
      if (status === 503)
        return sendOAuthError(reply, new OAuthError(503, "temporarily_unavailable", "Try again in a moment."));
      // The platform's input guard (control characters, nesting, size) and the rest of the platform
      // refuse with a DomainError, which carries a kind rather than a statusCode; a refusal of the
      // request is OAuth2's invalid_request here, in OAuth2's shape.
      if (error instanceof DomainError && typeof status === "number" && status < 500) {
        return sendOAuthError(reply, new OAuthError(400, "invalid_request", error.message));
      }
      if (typeof status === "number" && status >= 400 && status < 500) {
        return sendOAuthError(reply, new OAuthError(400, "invalid_request", "The request could not be read."));
      }
      request.log.error({ err: error }, "oauth error");
      return reply.code(500).send({ error: "server_error", error_description: "Something went wrong on our side." });
    });

    scope.post(
      "/oauth2/token",
      {
        // Credentials travel in the body and no cookie is read: nothing here for a forged request to use.
        config: { csrf: false, keepsKeys: true, rateLimit: { max: 60, timeWindow: "1 minute" } },
        schema: {
          tags: ["oauth2"],
          summary: "OAuth2 token endpoint: client_credentials, authorization_code or refresh_token (form body)",
          consumes: ["application/x-www-form-urlencoded"],
          body: oauthTokenRequestSchema,
          response: { 200: oauthTokenResponseSchema, 400: oauthErrorSchema, 401: oauthErrorSchema },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return exchangeToken(deps.db, request.body ?? {});
      },
    );

    scope.get(
      "/oauth2/userinfo",
      {
        schema: {
          tags: ["oauth2"],
          summary: "OpenID user info of the token's user (profile and email by scope)",
          security: [{ oauth2: ["profile", "email"] }],
          response: { 200: oauthUserInfoSchema, 401: oauthErrorSchema },
        },
      },
      async (request) => {
        const caller = await authenticateAccessToken(deps.db, request.headers.authorization);
        if (!caller) throw invalidToken();
        return getUserInfo(deps.db, caller);
      },
    );

    scope.get(
      "/oauth2/authorize",
      {
        schema: {
          tags: ["oauth2"],
          summary: "Consent page of the authorization-code flow (HTML)",
          querystring: oauthAuthorizeQuerySchema,
          response: { 200: z.string(), 302: z.null(), 400: consentRefusalSchema },
        },
        config: { keepsKeys: true },
      },
      async (request, reply) => {
        reply.header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store");
        const query = request.query;
        const viewer = request.viewer;
        if (!viewer) return reply.redirect(`/login?returnTo=${encodeURIComponent(request.url)}`);
        try {
          const consent = await describeConsent(deps.db, {
            clientId: query.client_id,
            redirectUri: query.redirect_uri,
            scope: query.scope,
            state: query.state,
            responseType: query.response_type,
          });
          const csrf = issueCsrfToken(request, reply, {
            secure: deps.config.COOKIE_SECURE || deps.config.NODE_ENV === "production",
          });
          return renderConsentPage(consent, csrf, viewer.username);
        } catch (error) {
          if (error instanceof OAuthError) return reply.code(400).send(renderConsentError(error.description));
          throw error;
        }
      },
    );

    scope.post(
      "/oauth2/authorize",
      {
        // A plain HTML form cannot send the CSRF header; it echoes the CSRF cookie's token in a
        // field instead (double submit), checked below before anything is decided.
        config: { csrf: false, keepsKeys: true },
        schema: {
          tags: ["oauth2"],
          summary: "The consent form's answer: redirects to the client with a code (or access_denied)",
          consumes: ["application/x-www-form-urlencoded"],
          body: oauthConsentRequestSchema.extend({ csrf_token: z.string().max(200) }),
          response: { 302: z.null(), 400: consentRefusalSchema, 401: z.string(), 403: z.string() },
        },
      },
      async (request, reply) => {
        const viewer = request.viewer;
        reply.header("content-type", "text/html; charset=utf-8");
        if (!viewer) return reply.code(401).send(renderConsentError("Log in first."));
        if (!isSameToken(request.body.csrf_token, request.cookies[CSRF_COOKIE])) {
          return reply.code(403).send(renderConsentError("The form expired; open the authorization link again."));
        }
        const body = request.body;
        try {
          const target = await decideConsent(
            deps.db,
            viewerOf(request).userId,
            {
              clientId: body.client_id,
              redirectUri: body.redirect_uri,
              scope: body.scope,
              state: body.state,
              responseType: body.response_type,
            },
            body.decision === "allow",
          );
          return reply.redirect(target);
        } catch (error) {
          if (error instanceof OAuthError) return reply.code(400).send(renderConsentError(error.description));
          throw error;
        }
      },
    );
  });
}
