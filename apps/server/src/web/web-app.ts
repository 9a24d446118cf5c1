import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import {
  DEFAULT_FIAT_CURRENCY_CODE,
  DEFAULT_LOCALE,
  PAGE_DATA_GLOBAL,
  type PageData,
  pageOfPath,
  QUERY_STATE_GLOBAL,
  SUPPORTED_LOCALES,
} from "@souk/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { APP_VERSION } from "../app-version.ts";
import { listingCacheLifetimeMs } from "../modules/offers/index.ts";
import { getCurrentUser } from "../modules/users/index.ts";
import { type AppDeps, deviceIdOf, issueCsrfToken, notFound } from "../platform/index.ts";
import { robotsTxt, sitemapXml } from "./crawler-files.ts";
import { localeOfPath, withPageMeta } from "./page-meta.ts";
import { createVisitorRendering, pageAssetLinks, readBuildManifest, withHeadLinks } from "./server-render.ts";

const PLACEHOLDER = "<!--souk-page-data-->";
/**
 * The web app's table of the pages only a signed-in person can use (apps/web/src/app/signed-in-pages.ts):
 * their pages load through it, so it is fetched beside the entry chunk
 * (docs/decisions/151-lighter-first-load-and-kept-pages.md).
 */
const SIGNED_IN_PAGES_MODULE = "src/app/signed-in-pages.ts";
// Paths that belong to the API or the platform: an unknown one is a JSON 404, never the SPA.
const NON_PAGE_PREFIXES = [
  "/rest/",
  "/paxful/",
  "/oauth2/",
  "/webhook/",
  "/account/re-auth",
  "/realtime",
  "/docs",
  "/metrics",
  "/healthz",
  "/readyz",
  "/assets/",
  "/offer-manager/toggle",
  "/wallet/",
  "/proxy/",
  "/auth/",
];

/** JSON that is safe inside a <script> element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Mantine writes style attributes and <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Serves the built web app: hashed assets as static files, and index.html for every page route
 * with the page data (current user, CSRF token, feature flags, config) bootstrapped into it.
 */
export async function registerWebApp(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config } = deps;
  const distDir = config.SOUK_WEB_DIST
    ? path.resolve(config.SOUK_WEB_DIST)
    : path.join(config.rootDir, "apps/web/dist");
  const indexFile = path.join(distDir, "index.html");
  const template = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : null;
  const featureFlags = deps.features;
  const secure = config.COOKIE_SECURE || config.NODE_ENV === "production";
  // A rendered page is kept no longer than the listing it shows
  // (docs/decisions/151-lighter-first-load-and-kept-pages.md).
  const renderForVisitor = await createVisitorRendering(app, template ? distDir : null, listingCacheLifetimeMs);
  const manifest = template ? readBuildManifest(distDir) : null;
  const signedInLinks =
    template && manifest?.[SIGNED_IN_PAGES_MODULE] ? pageAssetLinks(manifest, [SIGNED_IN_PAGES_MODULE], template) : "";

  if (template) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: "/",
      index: false,
      wildcard: false,
      // The build writes .br and .gz next to each asset; clients that accept them get those.
      preCompressed: true,
      // Cache headers are ours (setHeaders): immutable for hashed assets, revalidate for the rest.
      cacheControl: false,
      // Vite hashes asset names, so they never change under one URL.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.setHeader("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }

  /** What every page carries; the user and the CSRF token are added per request. */
  const basePageData: Omit<PageData, "currentUser" | "csrfToken"> = {
    featureFlags,
    config: {
      environment: config.SOUK_ENV,
      defaultLocale: DEFAULT_LOCALE,
      locales: [...SUPPORTED_LOCALES],
      defaultFiatCurrencyCode: DEFAULT_FIAT_CURRENCY_CODE,
      version: APP_VERSION,
    },
  };

  function sendPage(
    reply: FastifyReply,
    status: number,
    pageData: PageData,
    html: string,
    rendered: { queryState: unknown } | null = null,
  ) {
    const nonce = randomBytes(16).toString("base64");
    const queryState = rendered ? ` window.${QUERY_STATE_GLOBAL} = ${scriptSafeJson(rendered.queryState)};` : "";
    const script = `<script nonce="${nonce}">window.${PAGE_DATA_GLOBAL} = ${scriptSafeJson(pageData)};${queryState}</script>`;
    return reply
      .code(status)
      .header("content-security-policy", contentSecurityPolicy(nonce))
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(html.replace(PLACEHOLDER, script));
  }

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split("?")[0] ?? "/";
    if (NON_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) throw notFound(`No route GET ${pathname}.`);
    if (!template) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built. Run `npm run build` (npm start does it for you).");
    }
    deviceIdOf(request, reply, { secure });
    const csrfToken = issueCsrfToken(request, reply, { secure });
    let currentUser: PageData["currentUser"];
    try {
      currentUser = request.viewer ? await getCurrentUser(deps.db, request.viewer.userId) : null;
    } catch (error) {
      // The page data could not be read (the database is away, say): the app's error page with
      // status 500, rather than a JSON error where a person expects a page.
      request.log.error({ err: error }, "page data could not be read");
      return sendPage(reply, 500, { ...basePageData, currentUser: null, csrfToken, serverError: true }, template);
    }
    // The app's page answers every address, with the status a crawler or a monitor should see:
    // 404 where the app shows its "not found" page (one route table decides both).
    const page = pageOfPath(pathname);
    const html = withHeadLinks(withPageMeta(template, page, localeOfPath(pathname)), currentUser ? signedInLinks : "");
    const pageData: PageData = { ...basePageData, currentUser, csrfToken };
    const rendered = page === null ? null : await renderForVisitor(request, pageData, html);
    if (!rendered) return sendPage(reply, page === null ? 404 : 200, pageData, html);
    return sendPage(reply, 200, pageData, rendered.html, rendered);
  }

  /** The address crawlers are told: PUBLIC_URL when set, else the one this request came to. */
  const originOf = (request: FastifyRequest) =>
    config.PUBLIC_URL?.replace(/\/+$/, "") ?? `${request.protocol}://${request.host}`;
  app.get("/robots.txt", { schema: { hide: true } }, async (request, reply) =>
    reply
      .header("cache-control", "public, max-age=3600")
      .type("text/plain; charset=utf-8")
      .send(robotsTxt(originOf(request))),
  );
  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) =>
    reply
      .header("cache-control", "public, max-age=3600")
      .type("application/xml; charset=utf-8")
      .send(sitemapXml(originOf(request))),
  );

  app.get("/", { schema: { hide: true } }, servePage);
  app.get("/*", { schema: { hide: true } }, servePage);
}
