import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { parseLocalePath } from "../../lib/locale-routing.ts";
import { useCurrentUser } from "../../lib/session.ts";
import classes from "./app-layout.module.css";
import { Banners } from "./banners.tsx";
import { Footer } from "./footer.tsx";
import { Navbar } from "./navbar.tsx";
import { NavigationProgress } from "./navigation-progress.tsx";

/** Follows the URL's locale: the language is switched before the browser paints the new page. */
function useLocaleFromUrl(): void {
  const { i18n } = useTranslation();
  const { locale } = parseLocalePath(useLocation().pathname);
  useLayoutEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  }, [i18n, locale]);
}

export function AppLayout() {
  useLocaleFromUrl();
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <div className={classes.layout}>
      <a href="#main" className={classes.skipLink}>
        {t("common.skipToContent")}
      </a>
      <NavigationProgress />
      <Navbar />
      <Banners user={user} />
      <main id="main" className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
