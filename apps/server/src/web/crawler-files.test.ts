import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "./crawler-files.ts";
import { localeOfPath, withPageMeta } from "./page-meta.ts";

describe("robots.txt", () => {
  it("lets crawlers in, keeps them out of private areas in every locale, and names the sitemap", () => {
    const text = robotsTxt("https://souk.example");
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ["/dashboard", "/fr/dashboard", "/wallet", "/fr/wallet", "/trade/", "/rest/"])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toContain("Disallow: /buy");
    expect(text).toContain("Sitemap: https://souk.example/sitemap.xml\n");
  });
});

describe("sitemap.xml", () => {
  it("lists each public page in each locale, with its language alternates", () => {
    const xml = sitemapXml("https://souk.example");
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(
      expect.arrayContaining([
        "https://souk.example/",
        "https://souk.example/fr",
        "https://souk.example/buy",
        "https://souk.example/fr/buy",
        "https://souk.example/sell",
      ]),
    );
    expect(locations.some((location) => location?.includes("/dashboard"))).toBe(false);
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://souk.example/fr/buy"/>');
  });
});

describe("page meta", () => {
  const template = '<html lang="en"><head><meta name="description" content="Default" /></head></html>';

  it("reads the locale from the path's prefix", () => {
    expect(localeOfPath("/fr/buy")).toBe("fr");
    expect(localeOfPath("/buy")).toBe("en");
    expect(localeOfPath("/france")).toBe("en");
  });

  it("gives each page its own description in the page's language, and the default to others", () => {
    const buy = withPageMeta(template, "marketplaceBuy", "en");
    const sell = withPageMeta(template, "marketplaceSell", "en");
    const frBuy = withPageMeta(template, "marketplaceBuy", "fr");
    const wallet = withPageMeta(template, "wallet", "en");
    const descriptionOf = (html: string) => /content="([^"]+)"/.exec(html)?.[1];
    expect(new Set([buy, sell, frBuy, wallet].map(descriptionOf)).size).toBe(4);
    expect(frBuy).toContain('<html lang="fr"');
    expect(descriptionOf(wallet)).toContain("Souk");
    expect(withPageMeta(template, null, "en")).toContain('name="description"');
  });
});
