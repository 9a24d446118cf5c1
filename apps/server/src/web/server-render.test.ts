import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { siteThemeOf, withRenderedApp } from "./server-render.ts";

const TEMPLATE = '<!doctype html><html lang="fr"><head></head><body><div id="root"></div></body></html>';

describe("withRenderedApp", () => {
  it("puts the rendered app in the root element and the theme on <html>", () => {
    const html = withRenderedApp(TEMPLATE, { html: "<main><h1>Acheter</h1></main>", queryState: {} }, "dark");

    expect(html).toBe(
      '<!doctype html><html data-mantine-color-scheme="dark" lang="fr"><head></head><body><div id="root"><main><h1>Acheter</h1></main></div></body></html>',
    );
  });

  it("inserts the rendered HTML as it is, even where it holds replacement patterns", () => {
    const html = withRenderedApp(TEMPLATE, { html: "<p>$& $1 $$</p>", queryState: {} }, "light");

    expect(html).toContain('<div id="root"><p>$& $1 $$</p></div>');
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
