import { DEFAULT_LOCALE, type Locale, PAGE_PATHS, type PageName, SUPPORTED_LOCALES } from "@souk/contracts";

/** The public pages a search engine should list: the marketplace and the pages about Souk. */
const SITEMAP_PAGES = [
  "home",
  "marketplaceBuy",
  "marketplaceSell",
  "giftCardsLanding",
  "about",
  "fees",
  "developers",
  "termsOfService",
  "privacyPolicy",
] as const satisfies readonly PageName[];

/** Areas behind a log-in, one person's trades, and the API: nothing a search engine should list. */
const PRIVATE_PREFIXES = [
  "/dashboard",
  "/account",
  "/wallet",
  "/trade/",
  "/offer-manager",
  "/admin",
  "/messenger",
  "/rest/",
  "/paxful/",
  "/oauth2/",
];

function localized(path: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** robots.txt: everything public may be crawled, the private areas not; where the sitemap is. */
export function robotsTxt(origin: string): string {
  const disallowed = SUPPORTED_LOCALES.flatMap((locale) => PRIVATE_PREFIXES.map((prefix) => localized(prefix, locale)));
  const unique = [...new Set(disallowed)];
  return [
    "User-agent: *",
    "Allow: /",
    ...unique.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/** sitemap.xml: each public page in each locale, with its other-language versions (hreflang). */
export function sitemapXml(origin: string): string {
  const urls = SITEMAP_PAGES.flatMap((page) =>
    SUPPORTED_LOCALES.map((locale) => {
      const alternates = SUPPORTED_LOCALES.map(
        (other) =>
          `    <xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(origin + localized(PAGE_PATHS[page], other))}"/>`,
      );
      return [
        "  <url>",
        `    <loc>${escapeXml(origin + localized(PAGE_PATHS[page], locale))}</loc>`,
        ...alternates,
        "  </url>",
      ].join("\n");
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
