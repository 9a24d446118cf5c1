import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { createOffer, createTrader, fund } from "../../test/races/trade-fixtures.ts";
import { buildApp } from "../app.ts";
import { createSession, SESSION_COOKIE } from "../platform/index.ts";

// The web app's server bundle, built from the sources as `npm run build` builds it, beside a page
// template shaped as the browser build's index.html.
const webRoot = path.resolve(import.meta.dirname, "../../../web");
const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta name="description" content="Souk" /><!--souk-page-data--></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

let test: TestApp;
let web: FastifyInstance;
let buildDir: string;

beforeAll(async () => {
  test = await createTestApp();
  buildDir = await mkdtemp(path.join(os.tmpdir(), "souk-ssr-"));
  await mkdir(path.join(buildDir, "dist"));
  await writeFile(path.join(buildDir, "dist", "index.html"), TEMPLATE);
  // The browser build's manifest, for the two page modules rendered here.
  await mkdir(path.join(buildDir, "dist", ".vite"));
  const manifest = {
    "src/features/landing/pages/home-page.tsx": { file: "assets/home-page.js", css: ["assets/home-page.css"] },
    "src/app/pages/marketplace-page.tsx": { file: "assets/marketplace-page.js", css: ["assets/marketplace-page.css"] },
    "src/app/signed-in-pages.ts": { file: "assets/signed-in-pages.js" },
  };
  await writeFile(path.join(buildDir, "dist", ".vite", "manifest.json"), JSON.stringify(manifest));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, "vite.config.ts"),
    logLevel: "silent",
    build: { ssr: "src/entry-server.tsx", outDir: path.join(buildDir, "dist-ssr"), emptyOutDir: true },
  });
  const seller = await createTrader(test, { roles: ["user", "vendor"] });
  await fund(test.db, seller.id, "USDT", "1000000");
  await createOffer(seller);
  web = await buildApp({
    config: { ...test.config, SOUK_WEB_DIST: path.join(buildDir, "dist") },
    db: test.db,
    logger: false,
  });
  // Building the server bundle takes a while on a busy machine.
}, 300_000);

afterAll(async () => {
  await web?.close();
  await test.close();
  await rm(buildDir, { recursive: true, force: true });
});

function rootOf(html: string): string {
  return /<div id="root">([\s\S]*)<\/div><script type="module"/.exec(html)?.[1] ?? "";
}

function queryStateOf(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } | null {
  const match = /window\.__SOUK_QUERY_STATE__ = (.*?);<\/script>/.exec(html);
  return match ? JSON.parse(match[1] ?? "null") : null;
}

function nonceOf(response: { headers: Record<string, unknown> }): string {
  return /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1] ?? "";
}

/** The page without its page data script (which carries the nonce and the visitor's own CSRF token). */
function withoutPageData(html: string): string {
  return html.replace(/<script nonce="[^"]+">[\s\S]*?<\/script>/, "");
}

describe("server-rendered pages for visitors", () => {
  it("renders the marketplace with the first page of offers and embeds the data it was rendered from", async () => {
    const response = await web.inject({ method: "GET", url: "/buy" });
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).toMatch(/<h1[^>]*>Buy crypto/);
    expect(root).toContain('data-testid="offer-row"');
    // The page's own styles are in the head: the HTML is drawn before its scripts arrive.
    expect(response.body).toMatch(
      /<link rel="stylesheet" crossorigin href="\/assets\/marketplace-page.css">.*<\/head>/s,
    );
    const listing = queryStateOf(response.body)?.queries.find((query) => query.queryKey[1] === "listing");
    expect(listing?.queryKey.slice(0, 2)).toEqual(["offers", "listing"]);
    expect((listing?.state.data as { offers: unknown[] } | undefined)?.offers.length).toBeGreaterThan(0);
    // No inline script but the page data's, which carries the policy's nonce.
    expect(response.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(response.body).not.toMatch(/<script(?![^>]*nonce=)(?![^>]*src=)[^>]*>/);
  });

  it("renders the landing page, and both pages in French under /fr", async () => {
    const landing = await web.inject({ method: "GET", url: "/" });
    expect(rootOf(landing.body)).toMatch(/<h1[^>]*>Trade crypto directly with people/);
    expect(queryStateOf(landing.body)).not.toBeNull();
    const french = await web.inject({ method: "GET", url: "/fr/buy" });
    expect(rootOf(french.body)).toMatch(/<h1[^>]*>Acheter/);
    expect(rootOf(french.body)).toContain('data-testid="offer-row"');
  });

  it("sets the visitor's theme on the page before any script runs", async () => {
    const dark = await web.inject({ method: "GET", url: "/buy", headers: { cookie: "site_theme=dark" } });
    expect(dark.body).toMatch(/<html data-mantine-color-scheme="dark"/);
    const light = await web.inject({ method: "GET", url: "/buy" });
    expect(light.body).toMatch(/<html data-mantine-color-scheme="light"/);
  });

  it("sends a page drawn before again, with a fresh nonce for each answer", async () => {
    const first = await web.inject({ method: "GET", url: "/buy" });
    const second = await web.inject({ method: "GET", url: "/buy" });
    const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
    expect(firstNonce).not.toBe(secondNonce);
    expect(second.body).toContain(`<script nonce="${secondNonce}">`);
    expect(second.body).not.toContain(firstNonce);
    // The same page, drawn once: the same HTML around the page data, the same query state (its
    // times included: a second drawing would have read the data again).
    expect(withoutPageData(second.body)).toBe(withoutPageData(first.body));
    expect(rootOf(second.body)).toContain('data-testid="offer-row"');
    expect(queryStateOf(second.body)).toEqual(queryStateOf(first.body));
  });

  it("shows an offer in the page as soon as the listing API shows it", async () => {
    const before = await web.inject({ method: "GET", url: "/buy" });
    const seller = await createTrader(test, { roles: ["user", "vendor"] });
    await fund(test.db, seller.id, "USDT", "1000000");
    const idHashed = await createOffer(seller);
    expect(rootOf(before.body)).not.toContain(idHashed);
    // The listing the page reads, asked of the API: it shows the new offer.
    const listing = queryStateOf(before.body)?.queries.find((query) => query.queryKey[1] === "listing");
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries((listing?.queryKey[2] ?? {}) as Record<string, unknown>)) {
      if (value !== undefined) query.set(key, String(value));
    }
    const api = await web.inject({ method: "GET", url: `/rest/v1/offers?${query}` });
    expect(api.statusCode).toBe(200);
    expect(api.body).toContain(idHashed);

    const after = await web.inject({ method: "GET", url: "/buy" });
    expect(rootOf(after.body)).toContain(`data-offer-id="${idHashed}"`);
  });

  it("leaves filtered listings, other pages and signed-in users to the browser", async () => {
    const client = await test.signUp();
    const session = await createSession(test.db, {
      userId: client.user?.id ?? 0,
      ttlHours: 1,
      ip: null,
      userAgent: "test",
    });
    const cookie = `${SESSION_COOKIE}=${session.token}`;
    const signedIn = await web.inject({ method: "GET", url: "/buy", headers: { cookie } });
    for (const response of [
      signedIn,
      await web.inject({ method: "GET", url: "/buy?tab=shop" }),
      await web.inject({ method: "GET", url: "/login" }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(rootOf(response.body)).toBe("");
      expect(queryStateOf(response.body)).toBeNull();
    }
    // A signed-in person's pages load through the table of signed-in pages: fetched with the entry.
    const signedInTable = '<link rel="modulepreload" crossorigin href="/assets/signed-in-pages.js">';
    expect(signedIn.body).toMatch(new RegExp(`${signedInTable}</head>`));
    expect((await web.inject({ method: "GET", url: "/login" })).body).not.toContain(signedInTable);
  });
});
