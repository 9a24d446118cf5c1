import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { type BuildManifest, pageAssetLinks, siteThemeOf, withRenderedApp } from "./server-render.ts";

const TEMPLATE = '<!doctype html><html lang="fr"><head></head><body><div id="root"></div></body></html>';
const page = (html: string) => ({ html, queryState: {}, modules: [] });

describe("withRenderedApp", () => {
  it("puts the rendered app in the root element, its links in the head and the theme on <html>", () => {
    const html = withRenderedApp(TEMPLATE, page("<main><h1>Acheter</h1></main>"), "dark", '<link rel="x">');

    expect(html).toBe(
      '<!doctype html><html data-mantine-color-scheme="dark" lang="fr"><head><link rel="x"></head><body><div id="root"><main><h1>Acheter</h1></main></div></body></html>',
    );
  });

  it("inserts the rendered HTML as it is, even where it holds replacement patterns", () => {
    const html = withRenderedApp(TEMPLATE, page("<p>$& $1 $$</p>"), "light", "");

    expect(html).toContain('<div id="root"><p>$& $1 $$</p></div>');
  });
});

describe("pageAssetLinks", () => {
  const manifest: BuildManifest = {
    "index.html": { file: "assets/index-1.js", css: ["assets/index-1.css"] },
    "src/app/pages/marketplace-page.tsx": {
      file: "assets/marketplace-page-2.js",
      css: ["assets/marketplace-page-2.css"],
      imports: ["index.html", "_offer-list-3.js"],
    },
    "_offer-list-3.js": { file: "assets/offer-list-3.js", css: ["assets/offer-list-3.css"], imports: ["index.html"] },
  };
  const html = '<link rel="stylesheet" crossorigin href="/assets/index-1.css"><script src="/assets/index-1.js">';

  it("links the styles of a page's modules and what they import, and preloads their scripts", () => {
    expect(pageAssetLinks(manifest, ["src/app/pages/marketplace-page.tsx"], html)).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/marketplace-page-2.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/offer-list-3.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/marketplace-page-2.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/offer-list-3.js">',
    );
  });

  it("fails on a module the build does not have", () => {
    expect(() => pageAssetLinks(manifest, ["src/app/pages/gone.tsx"], html)).toThrow(/no src\/app\/pages\/gone.tsx/);
  });
});

describe("siteThemeOf", () => {
  const requestWith = (cookies: Record<string, string>) => ({ cookies }) as unknown as FastifyRequest;

  it("reads the site_theme cookie, light unless it says dark", () => {
    expect(siteThemeOf(requestWith({ site_theme: "dark" }))).toBe("dark");
    expect(siteThemeOf(requestWith({ site_theme: "light" }))).toBe("light");
    expect(siteThemeOf(requestWith({ site_theme: "<script>" }))).toBe("light");
    expect(siteThemeOf(requestWith({}))).toBe("light");
  });
});
