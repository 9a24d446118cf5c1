import { randomBytes, timingSafeEqual } from "node:crypto";
import { CSRF_HEADER, ErrorCode, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@souk/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { DomainError } from "./errors.ts";
import { SESSION_COOKIE } from "./session.ts";

export const CSRF_COOKIE = "souk_csrf";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function newToken(): string {
  return randomBytes(24).toString("base64url");
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The CSRF token is a random value kept in an httpOnly cookie and handed to the page (page data,
 * GET /rest/v1/csrf). A state-changing call must echo it in X-CSRF-Token and carry
 * X-Requested-With: a cross-site page can send the cookie but can read neither value.
 */
export function issueCsrfToken(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { rotate?: boolean; secure: boolean },
): string {
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && !options.rotate) return existing;
  const token = newToken();
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
    sameToken(header, cookie);
  if (!isValid) {
    throw new DomainError(ErrorCode.CSRF, "forbidden", "The request is missing a valid CSRF token.");
  }
}
