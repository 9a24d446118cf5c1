import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { submitSignUp, uniqueUsername, waitForHydration } from "./support.ts";
import { pickOffer, startTrade } from "./trade-steps.ts";

/**
 * axe-core over the main pages at a desktop and a phone size, in the light and the dark theme, and
 * over the marketplace's pickers and filters drawer while open: no critical or serious finding
 * against WCAG 2.2 A and AA. Then the keyboard alone: from the marketplace's first Tab to an
 * offer's page with Enter.
 */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const DESKTOP = { name: "desktop", viewport: { width: 1280, height: 800 } };
const PHONE = { name: "phone", viewport: { width: 375, height: 740 } };
type Size = typeof DESKTOP;
/** Both sizes in the light theme; the dark theme's colours are the same at any size: once. */
const LOOKS = [
  { theme: "light", size: DESKTOP },
  { theme: "light", size: PHONE },
  { theme: "dark", size: DESKTOP },
] as const;

/** The critical and serious findings on the page as it is now, one line each (rule, what, where). */
async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === "critical" || violation.impact === "serious")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.impact} ${violation.id}: ${node.target.join(" ")} — ${node.failureSummary ?? ""}`,
      ),
    );
}

async function expectClean(page: Page, what: string): Promise<void> {
  expect.soft(await seriousFindings(page), what).toEqual([]);
}

/** Pages whose parts load after the heading, and the part that shows they are there. */
const LOADED_PART: Record<string, string> = { "/account/verification": "verification-hub" };

/** Opens a page and waits until its heading is shown and nothing is loading. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("main h1").first()).toBeVisible();
  await waitForHydration(page);
  await expect(page.locator('[data-loading="true"], .mantine-Skeleton-root')).toHaveCount(0);
  const part = LOADED_PART[path];
  if (part) await expect(page.getByTestId(part)).toBeVisible();
}

async function contextFor(browser: Browser, size: Size, theme: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: size.viewport, reducedMotion: "reduce" });
  await context.addCookies([{ name: "site_theme", value: theme, domain: "127.0.0.1", path: "/" }]);
  return context;
}

test("the main pages have no critical or serious accessibility findings", async ({ browser, request }) => {
  test.setTimeout(480_000);
  const { offer, min } = await pickOffer(request);

  // A trader signed up for this test, with one trade under way.
  const setup = await browser.newContext();
  const trader = await setup.newPage();
  const username = uniqueUsername("a11y");
  await trader.goto("/register");
  await submitSignUp(trader, username);
  await expect(trader.getByTestId("navbar-username")).toHaveText(username);
  const tradePath = await startTrade(trader, offer.idHashed, min);
  const session = (await setup.cookies()).filter((cookie) => cookie.name !== "site_theme");
  await setup.close();

  const publicPages = ["/", "/buy", `/offer/${offer.idHashed}`, "/login"];
  const traderPages = [
    "/dashboard",
    "/wallet",
    "/dashboard/my-offers",
    tradePath,
    "/offer-manager/edit",
    "/account/settings",
    "/account/security",
    "/account/verification",
  ];
  for (const { theme, size } of LOOKS) {
    await test.step(`${theme} theme, ${size.name}`, async () => {
      const context = await contextFor(browser, size, theme);
      const page = await context.newPage();
      for (const path of publicPages) {
        await visit(page, path);
        await expectClean(page, `${path} (${theme}, ${size.name})`);
      }
      await context.addCookies(session);
      for (const path of traderPages) {
        await visit(page, path);
        await expectClean(page, `${path} (${theme}, ${size.name}, logged in)`);
      }
      await context.close();
    });
  }
});

test("the marketplace's pickers, filters drawer and phone menu have no critical or serious findings", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  for (const { theme, size } of LOOKS) {
    await test.step(`${theme} theme, ${size.name}`, async () => {
      const context = await contextFor(browser, size, theme);
      const page = await context.newPage();
      await visit(page, "/buy");
      const filters = page.getByTestId("listing-filters");
      for (const opener of ["Currency", "Payment method"]) {
        const trigger = filters.getByRole("button", { name: opener });
        await trigger.click();
        const dialog = page.getByRole("dialog");
        await expect(dialog.getByRole("option").nth(1)).toBeVisible();
        await expectClean(page, `${opener} picker (${theme}, ${size.name})`);
        // The search field is a combobox: the arrow keys move the active option.
        const search = dialog.getByRole("combobox");
        await expect(search).toBeFocused();
        const first = (await search.getAttribute("aria-activedescendant")) ?? "";
        await page.keyboard.press("ArrowDown");
        await expect(search).not.toHaveAttribute("aria-activedescendant", first);
        await page.keyboard.press("Escape");
        await expect(dialog).toHaveCount(0);
        // Focus goes back to the button that opened the picker.
        await expect(trigger).toBeFocused();
      }
      await filters.getByRole("button", { name: /More filters|Filters/ }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectClean(page, `filters drawer (${theme}, ${size.name})`);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      if (size.name === "phone") {
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await expectClean(page, `phone menu (${theme})`);
        // Closed, the menu gives focus back to the burger (the first opening loads the menu).
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await expect(page.getByTestId("navbar-burger")).toBeFocused();
      }
      await context.close();
    });
  }
});

test("the keyboard alone leads from the marketplace to an offer, and focus lands on each page's heading", async ({
  page,
}) => {
  await visit(page, "/buy");
  // Tab until an offer's link has focus (the skip link first, then the header, then the filters).
  let onOffer = false;
  for (let presses = 0; presses < 80 && !onOffer; presses += 1) {
    await page.keyboard.press("Tab");
    onOffer = await page.evaluate(() => {
      const active = document.activeElement;
      return active instanceof HTMLAnchorElement && /\/offer\/[A-Za-z0-9]+$/.test(active.pathname);
    });
  }
  expect(onOffer, "an offer's link is reached with Tab").toBe(true);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/offer\/[A-Za-z0-9]+$/);
  const heading = page.locator("main h1").first();
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
});
