import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { buildApp } from "../app.ts";
import { createSession, SESSION_COOKIE } from "../platform/index.ts";

// Reading the current user is what a page needs from the database; a test makes it fail once.
const failure = vi.hoisted(() => ({ isOn: false }));
vi.mock("../modules/users/index.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("../modules/users/index.ts")>();
  return {
    ...original,
    getCurrentUser: (...args: Parameters<typeof original.getCurrentUser>) =>
      failure.isOn ? Promise.reject(new Error("database away")) : original.getCurrentUser(...args),
  };
});

const TEMPLATE = `<!doctype html><html lang="en"><head><meta name="description" content="Souk" /><!--souk-page-data--></head><body>app${" ".repeat(2048)}</body></html>`;

let test: TestApp;
let web: FastifyInstance;
let distDir: string;

beforeAll(async () => {
  test = await createTestApp();
  distDir = await mkdtemp(path.join(os.tmpdir(), "souk-web-"));
  await writeFile(path.join(distDir, "index.html"), TEMPLATE);
  web = await buildApp({ config: { ...test.config, SOUK_WEB_DIST: distDir }, db: test.db, logger: false });
});

afterAll(async () => {
  await web.close();
  await test.close();
  await rm(distDir, { recursive: true, force: true });
});

function pageDataOf(html: string): Record<string, unknown> {
  const match = /window\.__SOUK_PAGE_DATA__ = (.*?);<\/script>/.exec(html);
  return JSON.parse(match?.[1] ?? "null");
}

describe("the web app's pages", () => {
  it("answers a known page with 200 and the app", async () => {
    for (const url of ["/", "/dashboard/my-offers", "/fr/wallet", "/trade/abc123?x=1", "/trading/buy-bitcoin/paypal"]) {
      const response = await web.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("app");
    }
  });

  it("answers an unknown address with 404 and the app, which shows its not-found page", async () => {
    for (const url of ["/this-page-does-not-exist", "/fr/nope", "/dashboard/nothing", "/calculator/eth-to-usd"]) {
      const response = await web.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(pageDataOf(response.body).csrfToken).toEqual(expect.any(String));
    }
  });

  it("keeps unknown API addresses a JSON 404", async () => {
    const response = await web.inject({ method: "GET", url: "/rest/v1/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errors: { code: expect.any(String) } });
  });

  it("answers 500 with the app's error page when the page data cannot be read", async () => {
    const client = await test.signUp();
    const userId = client.user?.id ?? 0;
    const session = await createSession(test.db, { userId, ttlHours: 1, ip: null, userAgent: "test" });
    const cookie = `${SESSION_COOKIE}=${session.token}`;
    failure.isOn = true;
    try {
      const response = await web.inject({ method: "GET", url: "/wallet", headers: { cookie } });
      expect(response.statusCode).toBe(500);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(pageDataOf(response.body)).toMatchObject({ serverError: true, currentUser: null });
    } finally {
      failure.isOn = false;
    }
    const again = await web.inject({ method: "GET", url: "/wallet", headers: { cookie } });
    expect(again.statusCode).toBe(200);
    expect(pageDataOf(again.body)).toMatchObject({ currentUser: { username: client.user?.username } });
  });

  it("sends pages brotli- or gzip-compressed by Accept-Encoding, with the page's own description", async () => {
    const plain = await web.inject({ method: "GET", url: "/buy" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const encoding of ["br", "gzip"]) {
      const response = await web.inject({ method: "GET", url: "/buy", headers: { "accept-encoding": encoding } });
      expect(response.headers["content-encoding"], encoding).toBe(encoding);
      const html = (encoding === "br" ? brotliDecompressSync : gunzipSync)(response.rawPayload).toString("utf8");
      expect(pageDataOf(html).csrfToken).toEqual(expect.any(String));
      expect(html).toContain('<meta name="description" content="Offers to buy crypto from other people');
    }
  });

  it("answers reference data with an ETag, and 304 when the browser has it", async () => {
    const first = await web.inject({ method: "GET", url: "/rest/v2/currencies" });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const again = await web.inject({ method: "GET", url: "/rest/v2/currencies", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const offers = await web.inject({ method: "GET", url: "/rest/v1/offers" });
    expect(offers.headers.etag).toBeUndefined();
  });

  it("serves robots.txt and sitemap.xml, not the app", async () => {
    const robots = await web.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["content-type"]).toContain("text/plain");
    expect(robots.body).toContain("User-agent: *");
    const sitemap = await web.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain("<urlset");
  });
});
