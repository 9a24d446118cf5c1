import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support.ts";

/**
 * What a crawler and a slow phone see besides the pages themselves: a clean console under the
 * content security policy, compressed HTML and JSON, ETags on reference data, a real robots.txt and
 * sitemap.xml, and a meta description per page.
 */

test("the landing page and the marketplace load with no content security policy violation", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  page.on("pageerror", (error) => problems.push(error.message));
  // Server-rendered pages are hydrated: a mismatch between the server's HTML and the browser's
  // first render is logged as an error, in either theme and language.
  for (const theme of ["light", "dark"]) {
    await page.context().addCookies([{ name: "site_theme", value: theme, domain: "127.0.0.1", path: "/" }]);
    for (const path of ["/", "/buy", "/fr", "/fr/buy"]) {
      await page.goto(path);
      await expect(page.locator("main h1").first()).toBeVisible();
      await waitForHydration(page);
      if (path.endsWith("buy")) await expect(page.getByTestId("offer-row").first()).toBeVisible();
      expect(await page.locator("html").getAttribute("data-mantine-color-scheme"), `${path} in ${theme}`).toBe(theme);
    }
  }
  expect(problems).toEqual([]);
});

test("a visitor's landing page and marketplace arrive rendered, with the data they were rendered from", async ({
  request,
}) => {
  const landing = await (await request.get("/")).text();
  expect(landing).toMatch(/<div id="root">.*<h1[^>]*>/s);
  const market = await (await request.get("/buy")).text();
  expect(market).toContain('data-testid="offer-row"');
  expect(market).toContain("window.__SOUK_QUERY_STATE__ = ");
  // Filters in the address are the browser's to render.
  expect(await (await request.get("/buy?tab=shop")).text()).toContain('<div id="root"></div>');
});

test("pages and API answers are compressed by Accept-Encoding; reference data carries an ETag", async ({ request }) => {
  for (const encoding of ["br", "gzip"]) {
    const page = await request.get("/buy", { headers: { "accept-encoding": encoding } });
    expect(page.headers()["content-encoding"], `/buy with ${encoding}`).toBe(encoding);
    expect(await page.text()).toContain('<div id="root">');
    const offers = await request.get("/rest/v1/offers?type=buy", { headers: { "accept-encoding": encoding } });
    expect(offers.headers()["content-encoding"], `offers with ${encoding}`).toBe(encoding);
    expect(((await offers.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  }
  const first = await request.get("/rest/v2/payment-methods", { headers: { "accept-encoding": "br" } });
  const etag = first.headers().etag ?? "";
  expect(etag).toMatch(/^W\/".+"$/);
  const again = await request.get("/rest/v2/payment-methods", { headers: { "if-none-match": etag } });
  expect(again.status()).toBe(304);
});

test("robots.txt and sitemap.xml are real, and each public page has its own description", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toContain("text/plain");
  const robotsText = await robots.text();
  expect(robotsText).toContain("User-agent: *");
  expect(robotsText).toMatch(/^Sitemap: http.+\/sitemap\.xml$/m);

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "").pathname,
  );
  expect(locations).toEqual(expect.arrayContaining(["/", "/buy", "/sell", "/fr/buy"]));
  for (const path of locations) expect((await request.get(path)).status(), path).toBe(200);

  const descriptions = new Set<string>();
  for (const path of ["/", "/buy", "/sell", "/login", "/fr/buy"]) {
    const html = await (await request.get(path)).text();
    const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(description.length, path).toBeGreaterThan(30);
    descriptions.add(description);
  }
  expect(descriptions.size).toBe(5);
});
