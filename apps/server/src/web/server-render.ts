import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PageData, ServerRenderedPage, SiteTheme, VisitorPageRenderer } from "@souk/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type ApiRead, createRenderedPageCache } from "./rendered-page-cache.ts";

/**
 * Server rendering of the pages a visitor opens first (docs/decisions/148-server-rendered-first-paint.md).
 * The web build writes its server bundle to `dist-ssr` beside the browser's `dist`; without it
 * (a build from before, a test's own dist) every page is rendered by the browser alone.
 */
async function loadVisitorPageRenderer(distDir: string): Promise<VisitorPageRenderer | null> {
  const file = path.join(path.dirname(distDir), "dist-ssr", "entry-server.js");
  if (!existsSync(file)) return null;
  const bundle = (await import(pathToFileURL(file).href)) as Partial<VisitorPageRenderer>;
  return typeof bundle.renderVisitorPage === "function" ? { renderVisitorPage: bundle.renderVisitorPage } : null;
}

/** The theme a visitor chose (the `site_theme` cookie), as the browser's first render reads it. */
export function siteThemeOf(request: FastifyRequest): SiteTheme {
  return request.cookies?.site_theme === "dark" ? "dark" : "light";
}

const BODYLESS_STATUSES = new Set([204, 304]);

type InProcessAnswer = ApiRead & { contentType?: string };

/**
 * One of the app's own API reads, answered by the server's routes in process (no network hop, no
 * session: the page is a visitor's).
 */
function readInProcess(app: FastifyInstance) {
  return async (url: string): Promise<InProcessAnswer> => {
    const answer = await app.inject({ method: "GET", url, headers: { accept: "application/json" } });
    const contentType = answer.headers["content-type"];
    return {
      url,
      status: answer.statusCode,
      body: BODYLESS_STATUSES.has(answer.statusCode) ? "" : answer.body,
      ...(typeof contentType === "string" ? { contentType } : {}),
    };
  };
}

/**
 * The fetch a page is rendered with: its reads answered in process and noted in `reads` (what the
 * page was drawn from). Only reads: rendering never writes.
 */
function recordingFetch(read: (url: string) => Promise<InProcessAnswer>, reads: ApiRead[]) {
  return async (url: string, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? "GET";
    if (method !== "GET") throw new Error(`A server-rendered page may only read; it sent ${method} ${url}`);
    const { contentType, ...answer } = await read(url);
    reads.push(answer);
    return new Response(BODYLESS_STATUSES.has(answer.status) ? null : answer.body, {
      status: answer.status,
      headers: contentType ? { "content-type": contentType } : {},
    });
  };
}

/** An entry of the browser build's manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

export function readBuildManifest(distDir: string): BuildManifest | null {
  const file = path.join(distDir, ".vite", "manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as BuildManifest) : null;
}

/**
 * The `<link>`s a rendered page needs in its head: the styles of its lazily loaded modules (the
 * HTML is drawn with them before any script runs) and their scripts preloaded, with everything
 * they import. Files `html` already links are left out. Throws on a module the manifest lacks.
 */
export function pageAssetLinks(manifest: BuildManifest, modules: readonly string[], html: string): string {
  const styles = new Set<string>();
  const scripts = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no ${key}`);
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  const isNew = (file: string) => !html.includes(`"/${file}"`);
  return [
    ...[...styles].filter(isNew).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...scripts].filter(isNew).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join("");
}

/**
 * The page's HTML with the rendered app in its root element, its links in the head and the theme
 * set before any paint.
 */
export function withRenderedApp(html: string, rendered: ServerRenderedPage, theme: SiteTheme, links: string): string {
  return withHeadLinks(html, links)
    .replace(/<html\b/, `<html data-mantine-color-scheme="${theme}"`)
    .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`);
}

/** The page with `links` (from pageAssetLinks) at the end of its head. */
export function withHeadLinks(html: string, links: string): string {
  return links === "" ? html : html.replace("</head>", () => `${links}</head>`);
}

/** A visitor's page rendered here: the HTML to send and the query cache to embed beside the page data. */
export interface RenderedVisitorPage {
  html: string;
  queryState: unknown;
}

/** Pages kept at once: the rendered routes, in each locale and theme, with room to spare. */
const MAX_KEPT_PAGES = 64;

/**
 * How the server renders a visitor's page (docs/decisions/148-server-rendered-first-paint.md): null
 * when the page is left to the browser (a signed-in user, another page, no server bundle, or a
 * render that failed, which is logged). A page drawn before is sent again while what it was drawn
 * from is unchanged (docs/decisions/151-lighter-first-load-and-kept-pages.md); `keptFor` is how
 * long it may be kept.
 */
export async function createVisitorRendering(app: FastifyInstance, distDir: string | null, keptFor: () => number) {
  const renderer = distDir ? await loadVisitorPageRenderer(distDir) : null;
  const manifest = renderer && distDir ? readBuildManifest(distDir) : null;
  const read = readInProcess(app);
  const kept = createRenderedPageCache<RenderedVisitorPage>({ maxAgeMs: keptFor, maxEntries: MAX_KEPT_PAGES });
  return async (request: FastifyRequest, pageData: PageData, html: string): Promise<RenderedVisitorPage | null> => {
    if (!renderer || pageData.currentUser !== null) return null;
    const theme = siteThemeOf(request);
    // The address (the locale is in its path) and the theme are all a visitor's page depends on.
    const key = `${theme} ${request.url}`;
    try {
      const current = await kept.current(key, read);
      if (current) return current;
      const startedAt = Date.now();
      const reads: ApiRead[] = [];
      const page = await renderer.renderVisitorPage({
        url: request.url,
        pageData,
        colorScheme: theme,
        fetch: recordingFetch(read, reads),
      });
      if (!page) return null;
      const links = manifest ? pageAssetLinks(manifest, page.modules, html) : "";
      const rendered = { html: withRenderedApp(html, page, theme, links), queryState: page.queryState };
      kept.keep(key, rendered, reads, startedAt);
      return rendered;
    } catch (error) {
      // The browser renders the page as it would without a server bundle: a visitor sees no difference.
      request.log.warn({ err: error }, "server rendering failed; the browser renders the page");
      return null;
    }
  };
}
