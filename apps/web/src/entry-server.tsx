import type { Locale, SiteTheme, VisitorPageRenderer } from "@souk/contracts";
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { appTree } from "./app/app-tree.tsx";
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

/** The pages rendered on the server (paths without the locale prefix) and the data each reads first. */
const serverRenderedPages: Record<string, (queryClient: QueryClient) => Promise<void>> = {
  "/": async () => {},
  "/buy": (queryClient) => prefetchDefaultListing(queryClient, "buy"),
  "/sell": (queryClient) => prefetchDefaultListing(queryClient, "sell"),
};

export const renderVisitorPage: VisitorPageRenderer["renderVisitorPage"] = async ({
  url,
  pageData,
  colorScheme,
  fetch,
}) => {
  const { pathname, search } = new URL(url, "http://localhost");
  const { locale, path } = parseLocalePath(pathname);
  const prefetch = serverRenderedPages[path];
  // Filters in the query string: the browser renders those (the cached first page is the default one).
  if (!prefetch || search !== "" || pageData.currentUser !== null) return null;

  setApiFetch(fetch);
  setAppConfig(pageData.config, pageData.featureFlags);
  const queryClient = createQueryClient();
  // A visitor's session: no user, and no token needed for the reads below.
  seedSession(queryClient, null, "");
  await prefetch(queryClient);
  const html = await renderToHtml(pathname, queryClient, locale, colorScheme);
  return { html, queryState: dehydrate(queryClient) };
};

async function renderToHtml(
  pathname: string,
  queryClient: QueryClient,
  locale: Locale,
  colorScheme: SiteTheme,
): Promise<string> {
  const i18n = await createI18n(locale);
  const tree = appTree({
    queryClient,
    i18n,
    defaultColorScheme: colorScheme,
    router: (app) => <StaticRouter location={pathname}>{app}</StaticRouter>,
  });
  const errors: unknown[] = [];
  // prerender waits for every lazy part (the page's own chunk included), so the HTML is complete.
  const { prelude } = await prerender(tree, { onError: (error) => void errors.push(error) });
  const html = await new Response(prelude).text();
  // A part that failed would be left to the browser to render: the server sends no half page.
  if (errors.length > 0) throw errors[0];
  return html;
}
