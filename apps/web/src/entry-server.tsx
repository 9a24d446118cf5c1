import type { Locale, SiteTheme, VisitorPageRenderer } from "@souk/contracts";
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { appTree } from "./app/app-tree.tsx";
import { preloadPageOf } from "./app/routes.tsx";
import { prefetchSiteStatus } from "./app/shell/site-banners.tsx";
import { prefetchDefaultListing } from "./features/marketplace/server-prefetch.ts";
import { setApiFetch } from "./lib/api.ts";
import { setAppConfig } from "./lib/app-config.ts";
import { createI18n } from "./lib/i18n/i18n.ts";
import { parseLocalePath } from "./lib/locale-routing.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { seedSession } from "./lib/session.ts";

/**
 * The web app's server bundle (docs/decisions/148-server-rendered-first-paint.md): the pages a
 * visitor most often opens first, rendered to HTML with their first data, for the browser to
 * hydrate. Every other page, and every page of a signed-in user, is rendered by the browser alone.
 */

interface ServerRenderedRoute {
  /** The page's module as routes.tsx loads it (its path from the web app's root). */
  module: string;
  /** Fetches what the page's first render reads. */
  prefetch: (queryClient: QueryClient) => Promise<void>;
}

const LANDING_MODULE = "src/features/landing/pages/home-page.tsx";
const MARKETPLACE_MODULE = "src/app/pages/marketplace-page.tsx";

/** The pages rendered on the server, by path without the locale prefix. */
export const serverRenderedRoutes: Readonly<Record<string, ServerRenderedRoute>> = {
  "/": { module: LANDING_MODULE, prefetch: async () => {} },
  "/buy": { module: MARKETPLACE_MODULE, prefetch: (queryClient) => prefetchDefaultListing(queryClient, "buy") },
  "/sell": { module: MARKETPLACE_MODULE, prefetch: (queryClient) => prefetchDefaultListing(queryClient, "sell") },
};

export const renderVisitorPage: VisitorPageRenderer["renderVisitorPage"] = async ({
  url,
  pageData,
  colorScheme,
  fetch,
}) => {
  const { pathname, search } = new URL(url, "http://localhost");
  const { locale, path } = parseLocalePath(pathname);
  const route = serverRenderedRoutes[path];
  // Filters in the query string: the browser renders those (the cached first page is the default one).
  if (!route || search !== "" || pageData.currentUser !== null) return null;

  setApiFetch(fetch);
  setAppConfig(pageData.config, pageData.featureFlags);
  const queryClient = createQueryClient();
  // A visitor's session: no user, and no token needed for the reads below.
  seedSession(queryClient, null, "");
  // The page's own data, and the site's banners every page shows.
  await Promise.all([route.prefetch(queryClient), prefetchSiteStatus(queryClient)]);
  const html = await renderToHtml(pathname, queryClient, locale, colorScheme);
  return { html, queryState: dehydrate(queryClient), modules: [route.module] };
};

async function renderToHtml(
  pathname: string,
  queryClient: QueryClient,
  locale: Locale,
  colorScheme: SiteTheme,
): Promise<string> {
  const i18n = await createI18n(locale);
  // As the browser does before hydrating: the page's code first, so both draw the same tree.
  await preloadPageOf(pathname);
  const tree = appTree({
    queryClient,
    i18n,
    defaultColorScheme: colorScheme,
    router: (app) => <StaticRouter location={pathname}>{app}</StaticRouter>,
  });
  const errors: unknown[] = [];
  // prerender waits for every lazy part, so the HTML is complete. React sends a large Suspense
  // boundary's content apart, revealed by an inline script, unless the chunk size allows it inline.
  const { prelude } = await prerender(tree, {
    onError: (error) => void errors.push(error),
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  // A part that failed would be left to the browser to render: the server sends no half page.
  if (errors.length > 0) throw errors[0];
  // A part still waiting for its code when the rest was drawn comes with React's inline scripts,
  // which the page's content security policy blocks: the browser renders such a page alone.
  if (html.includes("<script")) throw new Error(`A part of ${pathname} was not ready when the page was drawn`);
  return html;
}
