import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { CSRF_HEADER, ErrorCode, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@souk/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "./errors.ts";
import { SESSION_COOKIE } from "./session.ts";

export const CSRF_COOKIE = "souk_csrf";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A token is `<nonce>.<mac>`, the mac an HMAC of the nonce keyed by the session token the request
 * carries (empty for a visitor). Only the session's holder knows that key, so a token is good for
 * one session: a pair of cookie and header planted by someone else (a sibling subdomain can set
 * cookies) fails as soon as the victim is logged in, and a token does not outlive its session.
 * Keying by the session token rather than a server secret keeps every server copy in agreement
 * with no shared configuration.
 */
function macOf(nonce: string, sessionToken: string): string {
  return createHmac("sha256", sessionToken).update(nonce).digest("base64url");
}

/** A new token for the session with this token ("" for a visitor). */
export function newCsrfToken(sessionToken: string): string {
  const nonce = randomBytes(18).toString("base64url");
  return `${nonce}.${macOf(nonce, sessionToken)}`;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether a token was made for this session (or, with "", for a visitor). */
export function isTokenOfSession(token: string, sessionToken: string): boolean {
  const [nonce, mac, ...rest] = token.split(".");
  if (!nonce || !mac || rest.length > 0) return false;
  return sameText(mac, macOf(nonce, sessionToken));
}

/**
 * The CSRF token is kept in an httpOnly cookie and handed to the page (page data,
 * GET /rest/v1/csrf). A state-changing call must echo it in X-CSRF-Token and carry
 * X-Requested-With: a cross-site page can send the cookie but can read neither value.
 * `sessionToken` names the session the token is for when it is not the request's own (log-in
 * issues one for the session it just made).
 */
export function issueCsrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { rotate?: boolean; secure: boolean; sessionToken?: string },
): string {
  const sessionToken = options.sessionToken ?? request.sessionToken ?? "";
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && !options.rotate && isTokenOfSession(existing, sessionToken)) return existing;
  const token = newCsrfToken(sessionToken);
  reply.setCookie(CSRF_COOKIE, token, { path: "/", httpOnly: true, sameSite: "lax", secure: options.secure });
  // Later reads in this same request (page data) see the new value.
  request.cookies[CSRF_COOKIE] = token;
  return token;
}

/**
 * A call that presents a bearer token and no session cookie carries no ambient credential: a
 * cross-site page cannot make a browser attach an Authorization header, so there is nothing to
 * forge. Such calls (API clients, docs/decisions/072-api-clients-and-oauth.md) skip the check;
 * any call with the session cookie is checked, whatever else it carries.
 */
function isBearerWithoutCookie(request: FastifyRequest): boolean {
  const authorization = request.headers.authorization;
  return (
    typeof authorization === "string" &&
    /^Bearer\s+\S/i.test(authorization) &&
    request.cookies[SESSION_COOKIE] === undefined
  );
}

export function assertCsrf(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.routeOptions.config?.csrf === false) return;
  if (isBearerWithoutCookie(request)) return;
  const marker = request.headers[REQUESTED_WITH_HEADER];
  const header = request.headers[CSRF_HEADER];
  const cookie = request.cookies[CSRF_COOKIE];
  const isValid =
    marker === REQUESTED_WITH_VALUE &&
    typeof header === "string" &&
    typeof cookie === "string" &&
    sameText(header, cookie) &&
    isTokenOfSession(header, request.sessionToken ?? "");
  if (!isValid) {
    throw new DomainError(ErrorCode.CSRF, "forbidden", "The request is missing a valid CSRF token.");
  }
}
