import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { markServerErrorPath, setAppConfig } from "../lib/app-config.ts";
import { createI18n } from "../lib/i18n/i18n.ts";
import { parseLocalePath } from "../lib/locale-routing.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { currentUserQueryKey, seedSession } from "../lib/session.ts";
import { App } from "./app.tsx";
import { readSiteThemeCookie } from "./color-scheme-manager.ts";
import { fetchPageData, readEmbeddedPageData, verifyPageData } from "./page-data.ts";
import { AppProviders } from "./providers.tsx";

/** Reads page data, seeds the session and renders the app into `container`. */
export async function startApp(container: HTMLElement): Promise<void> {
  const embeddedPageData = readEmbeddedPageData();
  const pageData = embeddedPageData ?? (await fetchPageData());
  const queryClient = createQueryClient();
  seedSession(queryClient, pageData.currentUser, pageData.csrfToken);
  setAppConfig(pageData.config, pageData.featureFlags);
  if (pageData.serverError) markServerErrorPath(window.location.pathname);

  const i18n = await createI18n(parseLocalePath(window.location.pathname).locale);
  const defaultColorScheme = readSiteThemeCookie() ?? pageData.currentUser?.siteTheme ?? "light";

  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} i18n={i18n} defaultColorScheme={defaultColorScheme}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );

  if (embeddedPageData) {
    void verifyPageData(embeddedPageData, () => {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    });
  }
}
