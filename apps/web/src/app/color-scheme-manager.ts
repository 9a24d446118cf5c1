import type { MantineColorScheme, MantineColorSchemeManager } from "@mantine/core";
import { DARK_THEME_COOKIE_DAYS, type SiteTheme } from "@souk/contracts";
import { readCookie, writeCookie } from "../lib/cookies.ts";

/** The theme preference lives in the `site_theme` cookie for one month (docs/product.md#settings). */
const SITE_THEME_COOKIE = "site_theme";

function isSiteTheme(value: unknown): value is SiteTheme {
  return value === "light" || value === "dark";
}

export function readSiteThemeCookie(): SiteTheme | null {
  const value = readCookie(SITE_THEME_COOKIE);
  return isSiteTheme(value) ? value : null;
}

export function createCookieColorSchemeManager(): MantineColorSchemeManager {
  return {
    get: (defaultValue: MantineColorScheme) => readSiteThemeCookie() ?? defaultValue,
    set: (value: MantineColorScheme) => {
      if (isSiteTheme(value)) writeCookie(SITE_THEME_COOKIE, value, DARK_THEME_COOKIE_DAYS);
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => writeCookie(SITE_THEME_COOKIE, "", 0),
  };
}
