import { DEFAULT_LOCALE, type Locale, SUPPORTED_LOCALES } from "@souk/contracts";

/**
 * Locale in the URL (docs/product.md#routes-and-locales): the default locale (en) is omitted, every
 * other
 * supported locale is the first path segment: `/login` is English, `/fr/login` is French.
 */

export const defaultLocale = DEFAULT_LOCALE as Locale;

function isLocale(value: string): value is Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

export interface LocalePath {
  locale: Locale;
  /** The path without the locale prefix, always starting with "/". */
  path: string;
}

function splitSuffix(path: string): { pathname: string; suffix: string } {
  const index = path.search(/[?#]/);
  return index === -1 ? { pathname: path, suffix: "" } : { pathname: path.slice(0, index), suffix: path.slice(index) };
}

/** Reads the locale prefix of a pathname; a missing or unknown prefix means the default locale. */
export function parseLocalePath(pathname: string): LocalePath {
  const segments = pathname.split("/");
  const first = segments[1] ?? "";
  if (first !== defaultLocale && isLocale(first)) {
    const rest = segments.slice(2).join("/");
    return { locale: first, path: `/${rest}` };
  }
  return { locale: defaultLocale, path: pathname === "" ? "/" : pathname };
}

/** Puts a path (with optional query and hash) under a locale; an existing prefix is replaced. */
export function localizePath(path: string, locale: Locale): string {
  const { pathname, suffix } = splitSuffix(path.startsWith("/") ? path : `/${path}`);
  const bare = parseLocalePath(pathname).path;
  if (locale === defaultLocale) return `${bare}${suffix}`;
  return `${bare === "/" ? `/${locale}` : `/${locale}${bare}`}${suffix}`;
}

/** The same page in another language: keeps the path, the query and the hash. */
export function switchLocalePath(
  location: { pathname: string; search?: string; hash?: string },
  locale: Locale,
): string {
  return localizePath(`${location.pathname}${location.search ?? ""}${location.hash ?? ""}`, locale);
}

/**
 * `/en/...` is not a URL the app hands out (the default locale is omitted); it redirects to the
 * bare path. Returns that path, or null when the pathname has no default-locale prefix.
 */
export function stripDefaultLocalePrefix(pathname: string): string | null {
  if (pathname === `/${defaultLocale}` || pathname === `/${defaultLocale}/`) return "/";
  if (pathname.startsWith(`/${defaultLocale}/`)) return pathname.slice(defaultLocale.length + 1);
  return null;
}

/**
 * A return path taken from the query string may only point inside this site: one leading slash,
 * no scheme, no protocol-relative `//host`.
 */
export function sanitizeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}
