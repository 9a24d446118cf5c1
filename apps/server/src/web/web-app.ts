import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import {
  DEFAULT_FIAT_CURRENCY_CODE,
  DEFAULT_LOCALE,
  PAGE_DATA_GLOBAL,
  type PageData,
  SUPPORTED_LOCALES,
} from "@souk/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { APP_VERSION } from "../app-version.ts";
import { getCurrentUser } from "../modules/users/index.ts";
import { type AppDeps, issueCsrfToken, notFound, parseFeatureFlags } from "../platform/index.ts";

const PLACEHOLDER = "<!--souk-page-data-->";
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
  const featureFlags = parseFeatureFlags(config.SOUK_FEATURE_FLAGS);
  const secure = config.COOKIE_SECURE || config.NODE_ENV === "production";

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

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split("?")[0] ?? "/";
    if (NON_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) throw notFound(`No route GET ${pathname}.`);
    if (!template) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built. Run `npm run build` (npm start does it for you).");
    }
    const pageData: PageData = {
      currentUser: request.viewer ? await getCurrentUser(deps.db, request.viewer.userId) : null,
      csrfToken: issueCsrfToken(request, reply, { secure }),
      featureFlags,
      config: {
        environment: config.SOUK_ENV,
        defaultLocale: DEFAULT_LOCALE,
        locales: [...SUPPORTED_LOCALES],
        defaultFiatCurrencyCode: DEFAULT_FIAT_CURRENCY_CODE,
        version: APP_VERSION,
      },
    };
    const nonce = randomBytes(16).toString("base64");
    const script = `<script nonce="${nonce}">window.${PAGE_DATA_GLOBAL} = ${scriptSafeJson(pageData)};</script>`;
    return reply
      .header("content-security-policy", contentSecurityPolicy(nonce))
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(template.replace(PLACEHOLDER, script));
  }

  app.get("/", { schema: { hide: true } }, servePage);
  app.get("/*", { schema: { hide: true } }, servePage);
}
