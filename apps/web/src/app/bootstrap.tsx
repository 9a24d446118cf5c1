import { hydrate } from "@tanstack/react-query";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { markServerErrorPath, setAppConfig } from "../lib/app-config.ts";
import { createI18n } from "../lib/i18n/i18n.ts";
import { parseLocalePath } from "../lib/locale-routing.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { currentUserQueryKey, seedSession } from "../lib/session.ts";
import { appTree } from "./app-tree.tsx";
import { readSiteThemeCookie } from "./color-scheme-manager.ts";
import { fetchPageData, readEmbeddedPageData, readEmbeddedQueryState, verifyPageData } from "./page-data.ts";
import { preloadPageOf } from "./routes.tsx";

/**
 * Reads page data, seeds the session and renders the app into `container`, or hydrates the HTML
 * the server rendered there (docs/decisions/148-server-rendered-first-paint.md).
 */
export async function startApp(container: HTMLElement): Promise<void> {
  const embeddedPageData = readEmbeddedPageData();
  const pageData = embeddedPageData ?? (await fetchPageData());
  const queryClient = createQueryClient();
  // The server rendered this page's HTML from these queries: the first render reads the same data.
  const queryState = readEmbeddedQueryState();
  if (queryState) hydrate(queryClient, queryState);
  seedSession(queryClient, pageData.currentUser, pageData.csrfToken);
  setAppConfig(pageData.config, pageData.featureFlags);
  if (pageData.serverError) markServerErrorPath(window.location.pathname);

  const i18n = await createI18n(parseLocalePath(window.location.pathname).locale);
  const defaultColorScheme = readSiteThemeCookie() ?? pageData.currentUser?.siteTheme ?? "light";

  const tree = appTree({
    queryClient,
    i18n,
    defaultColorScheme,
    router: (app) => <BrowserRouter>{app}</BrowserRouter>,
  });
  if (queryState && container.firstElementChild) {
    // Without its code, the page would stay as the server drew it until the chunk arrives; a
    // failed load leaves that to the lazy page's own retry.
    await preloadPageOf(window.location.pathname).catch(() => {});
    hydrateRoot(container, tree);
  } else {
    createRoot(container).render(tree);
  }

  // The full check is of the user the page data carries: a visitor's carries none, and its outline
  // was checked above, so a visitor's page does not load the schema code (zod) for it.
  if (embeddedPageData?.currentUser) {
    void verifyPageData(embeddedPageData, () => {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    });
  }
}
