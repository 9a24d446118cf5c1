import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { assertCsrf } from "./csrf.ts";

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
