import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { setAppConfig } from "../lib/app-config.ts";
import { createI18n } from "../lib/i18n/i18n.ts";
import { parseLocalePath } from "../lib/locale-routing.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { seedSession } from "../lib/session.ts";
import { readSiteThemeCookie } from "./color-scheme-manager.ts";
import { loadPageData } from "./page-data.ts";
import { AppProviders } from "./providers.tsx";
import { createAppRouter } from "./router.ts";

/** Reads page data, seeds the session and renders the app into `container`. */
export async function startApp(container: HTMLElement): Promise<void> {
  const pageData = await loadPageData();
  const queryClient = createQueryClient();
  seedSession(queryClient, pageData.currentUser, pageData.csrfToken);
  setAppConfig(pageData.config, pageData.featureFlags);

  const i18n = createI18n(parseLocalePath(window.location.pathname).locale);
  const router = createAppRouter(queryClient);
  const defaultColorScheme = readSiteThemeCookie() ?? pageData.currentUser?.siteTheme ?? "light";

  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} i18n={i18n} defaultColorScheme={defaultColorScheme}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
