import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerRenderedPage, SiteTheme, VisitorPageRenderer } from "@souk/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Server rendering of the pages a visitor opens first (docs/decisions/148-server-rendered-first-paint.md).
 * The web build writes its server bundle to `dist-ssr` beside the browser's `dist`; without it
 * (a build from before, a test's own dist) every page is rendered by the browser alone.
 */
export async function loadVisitorPageRenderer(distDir: string): Promise<VisitorPageRenderer | null> {
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

/**
 * The app's own API reads while a page is rendered, answered by the server's routes in process
 * (no network hop, no session: the page is a visitor's). Only reads: rendering never writes.
 */
export function inProcessFetch(app: FastifyInstance) {
  return async (url: string, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? "GET";
    if (method !== "GET") throw new Error(`A server-rendered page may only read; it sent ${method} ${url}`);
    const answer = await app.inject({ method: "GET", url, headers: { accept: "application/json" } });
    const contentType = answer.headers["content-type"];
    return new Response(BODYLESS_STATUSES.has(answer.statusCode) ? null : answer.body, {
      status: answer.statusCode,
      headers: typeof contentType === "string" ? { "content-type": contentType } : {},
    });
  };
}

/** The page's HTML with the rendered app in its root element and the theme set before any paint. */
export function withRenderedApp(html: string, rendered: ServerRenderedPage, theme: SiteTheme): string {
  return html
    .replace(/<html\b/, `<html data-mantine-color-scheme="${theme}"`)
    .replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`);
}
