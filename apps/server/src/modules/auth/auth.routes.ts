import {
  authSessionResponseSchema,
  csrfResponseSchema,
  envelopeSchema,
  loginRequestSchema,
  loginResponseSchema,
  passkeyLoginRequestSchema,
  passkeyOptionsResponseSchema,
  registerRequestSchema,
  twoFactorCodeRequestSchema,
} from "@souk/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Config } from "../../config.ts";
import {
  type AppDeps,
  deviceIdOf,
  envelope,
  issueCsrfToken,
  type NewSessionInfo,
  SESSION_COOKIE,
  type SoukRoutes,
} from "../../platform/index.ts";
import { sendEmailCode } from "../email-verification/index.ts";
import { PENDING_LOGIN_TTL_MS } from "../two-factor/index.ts";
import { getCurrentUser } from "../users/index.ts";
import {
  type ClientInfo,
  completeLogin,
  completeLoginWithPasskey,
  continueApprovedLogin,
  type LoggedIn,
  login,
  loginWithPasskey,
  logout,
  pendingLoginPasskeyOptions,
  register,
  type SecondFactorPending,
} from "./auth.service.ts";

/** The pending log-in of a right password whose second factor is still to come (decision 107). */
const PENDING_LOGIN_COOKIE = "souk_login_2fa";
const PENDING_LOGIN_PATH = "/rest/v1/auth/login";
/** The log-in waiting for the mailed approval of a new device (decision 092). */
const APPROVAL_WAIT_COOKIE = "souk_login_approval";

const sessionAnswer = authSessionResponseSchema;

function isSecure(config: Config): boolean {
  return config.COOKIE_SECURE || config.NODE_ENV === "production";
}

/** Who is logging in; a browser without a valid device id cookie gets one now (decision 091). */
function clientInfo(request: FastifyRequest, reply: FastifyReply, config: Config): ClientInfo {
  return {
    ip: request.ip ?? null,
    userAgent: request.headers["user-agent"] ?? null,
    previousToken: request.cookies[SESSION_COOKIE] ?? null,
    deviceId: deviceIdOf(request, reply, { secure: isSecure(config) }),
  };
}

/** Sets the new session cookie and rotates the CSRF token, bound to the new session: both change at every log-in. */
function startBrowserSession(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  session: NewSessionInfo,
): string {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecure(config),
    expires: session.expiresAt,
  });
  return issueCsrfToken(request, reply, { rotate: true, secure: isSecure(config), sessionToken: session.token });
}

/** A log-in's answer: the new session's cookie, its CSRF token, and the current user. */
async function sessionAnswerOf(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, result: LoggedIn) {
  const csrfToken = startBrowserSession(request, reply, deps.config, result.session);
  return envelope({ user: await getCurrentUser(deps.db, result.userId), csrfToken });
}

const approvalAnswer = (expiresAt: Date) => ({
  approvalRequired: true as const,
  status: "pending" as const,
  expiresAt: expiresAt.toISOString(),
});

export function registerAuthPublicRoutes(app: SoukRoutes, deps: AppDeps): void {
  const { config, db } = deps;

  /** A log-in that passed the password (and the device check): the second factor's step, or the session. */
  async function answerLogIn(request: FastifyRequest, reply: FastifyReply, result: LoggedIn | SecondFactorPending) {
    if ("pending" in result) {
      reply.setCookie(PENDING_LOGIN_COOKIE, result.pending.token, {
        path: PENDING_LOGIN_PATH,
        httpOnly: true,
        sameSite: "strict",
        secure: isSecure(config),
        maxAge: PENDING_LOGIN_TTL_MS / 1000,
      });
      const { type, passkey } = result.pending;
      return envelope({ twoFactorRequired: true as const, type, passkey });
    }
    return sessionAnswerOf(request, reply, deps, result);
  }

  app.get(
    "/rest/v1/csrf",
    {
      schema: {
        tags: ["auth"],
        summary: "The CSRF token for state-changing calls",
        response: { 200: csrfResponseSchema },
      },
    },
    async (request, reply) => {
      deviceIdOf(request, reply, { secure: isSecure(config) });
      return envelope({ csrfToken: issueCsrfToken(request, reply, { secure: isSecure(config) }) });
    },
  );

  app.post(
    "/rest/v1/auth/register",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags: ["auth"],
        summary: "Create an account and log in",
        body: registerRequestSchema,
        response: { 201: sessionAnswer },
      },
    },
    async (request, reply) => {
      const result = await register(db, deps, request.body, clientInfo(request, reply, config));
      // The account exists either way; a lost first code is one resend-code away.
      await sendEmailCode(db, deps.jobs, result.userId);
      reply.code(201);
      return sessionAnswerOf(request, reply, deps, result);
    },
  );

  app.post(
    "/rest/v1/auth/login",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: ["auth"],
        summary: "Log in with e-mail or username",
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await login(db, deps, request.body, clientInfo(request, reply, config));
      if ("approval" in result) {
        reply.setCookie(APPROVAL_WAIT_COOKIE, result.approval.token, {
          path: PENDING_LOGIN_PATH,
          httpOnly: true,
          sameSite: "strict",
          secure: isSecure(config),
          expires: result.approval.expiresAt,
        });
        return envelope(approvalAnswer(result.approval.expiresAt));
      }
      return answerLogIn(request, reply, result);
    },
  );

  app.post(
    "/rest/v1/auth/login/approval",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: ["auth"],
        summary: "Ask again for a log-in waiting for the mailed approval of a new device",
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const waitToken = request.cookies[APPROVAL_WAIT_COOKIE] ?? null;
      const result = await continueApprovedLogin(db, deps, waitToken, clientInfo(request, reply, config));
      if ("waitUntil" in result) return envelope(approvalAnswer(result.waitUntil));
      reply.clearCookie(APPROVAL_WAIT_COOKIE, { path: PENDING_LOGIN_PATH });
      return answerLogIn(request, reply, result);
    },
  );

  app.post(
    "/rest/v1/auth/login/two-factor",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["auth"],
        summary: "Complete a log-in with the second factor's code (or a recovery code)",
        body: twoFactorCodeRequestSchema,
        response: { 200: sessionAnswer },
      },
    },
    async (request, reply) => {
      const pendingToken = request.cookies[PENDING_LOGIN_COOKIE] ?? null;
      const result = await completeLogin(db, deps, pendingToken, request.body.code, clientInfo(request, reply, config));
      reply.clearCookie(PENDING_LOGIN_COOKIE, { path: PENDING_LOGIN_PATH });
      return sessionAnswerOf(request, reply, deps, result);
    },
  );

  app.post(
    "/rest/v1/auth/login/two-factor/passkey/options",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["auth"],
        summary: "Options for answering a pending log-in's second step with one of the user's passkeys",
        response: { 200: passkeyOptionsResponseSchema },
      },
    },
    async (request) => {
      const pendingToken = request.cookies[PENDING_LOGIN_COOKIE] ?? null;
      const options: object = await pendingLoginPasskeyOptions(db, deps, pendingToken);
      return envelope(options as Record<string, unknown>);
    },
  );

  app.post(
    "/rest/v1/auth/login/two-factor/passkey",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["auth"],
        summary: "Complete a log-in's second step with a passkey (the answer of the options above)",
        body: passkeyLoginRequestSchema,
        response: { 200: sessionAnswer },
      },
    },
    async (request, reply) => {
      const pendingToken = request.cookies[PENDING_LOGIN_COOKIE] ?? null;
      const client = clientInfo(request, reply, config);
      const result = await completeLoginWithPasskey(db, deps, pendingToken, request.body.response, client);
      reply.clearCookie(PENDING_LOGIN_COOKIE, { path: PENDING_LOGIN_PATH });
      return sessionAnswerOf(request, reply, deps, result);
    },
  );

  app.post(
    "/rest/v1/auth/passkey/login",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["auth"],
        summary: "Log in with a passkey (the answer of the options from auth/passkey/options)",
        body: passkeyLoginRequestSchema,
        response: { 200: sessionAnswer },
      },
    },
    async (request, reply) => {
      const result = await loginWithPasskey(db, deps, request.body.response, clientInfo(request, reply, config));
      return sessionAnswerOf(request, reply, deps, result);
    },
  );
}

export function registerAuthPrivateRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.post(
    "/rest/v1/auth/logout",
    { schema: { tags: ["auth"], summary: "End this session", response: { 200: envelopeSchema(z.null()) } } },
    async (request, reply) => {
      await logout(deps.db, request.sessionToken);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return envelope(null);
    },
  );
}
