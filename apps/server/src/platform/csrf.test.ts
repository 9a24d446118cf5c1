import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { assertCsrf, isTokenOfSession } from "./csrf.ts";

function request(headers: Record<string, string>, cookies: Record<string, string> = {}): FastifyRequest {
  return { method: "POST", headers, cookies, routeOptions: { config: {} } } as unknown as FastifyRequest;
}

describe("the CSRF check", () => {
  it("lets a bearer-token call without the session cookie through: it carries no ambient credential", () => {
    expect(() => assertCsrf(request({ authorization: "Bearer abc.def" }))).not.toThrow();
  });

  it("still checks a bearer-token call that also carries the session cookie", () => {
    expect(() => assertCsrf(request({ authorization: "Bearer abc.def" }, { souk_session: "s" }))).toThrow(/CSRF/);
  });

  it("still checks a cookie-less call without a bearer token", () => {
    expect(() => assertCsrf(request({}))).toThrow(/CSRF/);
    expect(() => assertCsrf(request({ authorization: "Basic dXNlcjpwdw==" }))).toThrow(/CSRF/);
  });
});

// A token as issueCsrfToken makes it: `<nonce>.<HMAC-SHA256 of the nonce keyed by the session token>`.
async function tokenFor(sessionToken: string, nonce = "n0nce-value-for-tests"): Promise<string> {
  const { createHmac } = await import("node:crypto");
  return `${nonce}.${createHmac("sha256", sessionToken).update(nonce).digest("base64url")}`;
}

describe("CSRF tokens bound to the session", () => {
  it("holds for the session it was made for, and for no other", async () => {
    const token = await tokenFor("session-a");
    expect(isTokenOfSession(token, "session-a")).toBe(true);
    expect(isTokenOfSession(token, "session-b")).toBe(false);
    expect(isTokenOfSession(token, "")).toBe(false);
  });

  it("refuses a value someone chose, a visitor's token for a session, and malformed tokens", async () => {
    expect(isTokenOfSession("attacker-chosen", "session-a")).toBe(false);
    expect(isTokenOfSession(await tokenFor(""), "session-a")).toBe(false);
    expect(isTokenOfSession(await tokenFor(""), "")).toBe(true);
    for (const token of ["", ".", "a.", ".b", "a.b.c", `${await tokenFor("session-a")}x`]) {
      expect(isTokenOfSession(token, "session-a"), token).toBe(false);
    }
  });
});
