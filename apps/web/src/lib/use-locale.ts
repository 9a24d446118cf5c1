import type { Locale } from "@souk/contracts";
import { useCallback } from "react";
import { useLocation } from "react-router";
import { localizePath, parseLocalePath } from "./locale-routing.ts";
import { type PathName, pathTo } from "./paths.ts";

/** The locale of the current URL: the URL is the one source of truth for the language. */
export function useLocale(): Locale {
  return parseLocalePath(useLocation().pathname).locale;
}

/** Builds links in the current locale, by screen name or by plain path. */
export function useLocalizedPaths() {
  const locale = useLocale();
  const to = useCallback(
    (name: PathName, params?: Record<string, string>, query?: Record<string, string>) =>
      pathTo(name, locale, params, query),
    [locale],
  );
  const localize = useCallback((path: string) => localizePath(path, locale), [locale]);
  return { locale, to, localize };
}
