import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { isServerErrorPath } from "../../lib/app-config.ts";
import { switchLanguage } from "../../lib/i18n/i18n.ts";
import { parseLocalePath } from "../../lib/locale-routing.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useFocusHeadingOnNavigation } from "../../lib/use-return-focus.ts";
import { ErrorBoundary, ServerErrorPage } from "../pages/error-pages.tsx";
import { PageLoader } from "../pages/page-loader.tsx";
import { useUnauthorizedRedirect } from "../use-unauthorized-redirect.ts";
import classes from "./app-layout.module.css";
import { Banners } from "./banners.tsx";
import { Footer } from "./footer.tsx";
import { Navbar } from "./navbar.tsx";

// The real-time client loads after the first paint, as the notification bell's does.
const AccountLive = lazy(() => import("./account-live.tsx").then((module) => ({ default: module.AccountLive })));

/** Follows the URL's locale; a language not loaded yet is fetched first (a few kilobytes). */
function useLocaleFromUrl(): void {
  const { i18n } = useTranslation();
  const { locale } = parseLocalePath(useLocation().pathname);
  useEffect(() => {
    void switchLanguage(i18n, locale).then(() => {
      document.documentElement.lang = locale;
    });
  }, [i18n, locale]);
}

/** A new page starts at its top (or at its anchor); going back leaves the browser's position. */
function useScrollOnNavigation(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger, not an input.
  useEffect(() => {
    if (navigationType === "POP") return;
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}

export function AppLayout() {
  useLocaleFromUrl();
  useScrollOnNavigation();
  useUnauthorizedRedirect();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useFocusHeadingOnNavigation(pathname);
  const user = useCurrentUser();
  return (
    <div className={classes.layout}>
      <a href="#main" className={classes.skipLink}>
        {t("common.skipToContent")}
      </a>
      <Navbar />
      {user ? (
        <Suspense fallback={null}>
          <AccountLive userId={user.id} />
        </Suspense>
      ) : null}
      <Banners user={user} />
      <main id="main" className={classes.main} tabIndex={-1}>
        <ErrorBoundary resetKey={pathname} fallback={(error) => <ServerErrorPage error={error} />}>
          {isServerErrorPath(pathname) ? (
            <ServerErrorPage />
          ) : (
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          )}
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
