import { z } from "zod";
import type { SiteTheme } from "./enums.ts";
import { currentUserSchema } from "./users.ts";

/** Feature flags of the spec, read by the web app from page data. */
export const FEATURE_FLAGS = [
  "offerCap",
  "offRamp",
  "onRamp",
  "manualEscrowFee",
  "offerBid",
  "feeDiscount",
  "disputeAppeal",
  "corporateAccount",
  "lightning",
  "virtualCard",
  "partnerProgram",
  "multiTierPartnerProgram",
  "bazaar",
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/**
 * What the server bootstraps into index.html as `window.__SOUK_PAGE_DATA__`, so the first paint
 * needs no extra call.
 */
export const pageDataSchema = z.object({
  currentUser: currentUserSchema.nullable(),
  csrfToken: z.string(),
  featureFlags: z.record(z.string(), z.boolean()),
  config: z.object({
    environment: z.string(),
    defaultLocale: z.string(),
    locales: z.array(z.string()),
    defaultFiatCurrencyCode: z.string(),
    version: z.string(),
  }),
  /** The server could not prepare this page (it answers 500): the app shows its error page. */
  serverError: z.boolean().optional(),
});
export type PageData = z.infer<typeof pageDataSchema>;
export const PAGE_DATA_GLOBAL = "__SOUK_PAGE_DATA__";

/**
 * What the server writes as `window.__SOUK_QUERY_STATE__` beside the page data when it rendered
 * the page's HTML itself: the query cache the HTML was rendered from, for the client to hydrate
 * with (docs/decisions/148-server-rendered-first-paint.md).
 */
export const QUERY_STATE_GLOBAL = "__SOUK_QUERY_STATE__";

/** A page the web app's server bundle rendered: the HTML inside the root element and its query cache. */
export interface ServerRenderedPage {
  html: string;
  queryState: unknown;
  /**
   * The source modules of the page's lazily loaded code, as the browser build's manifest names
   * them: the page links their styles (the HTML needs them at once) and preloads their scripts.
   */
  modules: string[];
}

/** What the web app's server bundle exports (loaded by the server at start when it was built). */
export interface VisitorPageRenderer {
  /**
   * Renders a page for a visitor (nobody signed in) with its first data, or null when the page is
   * not one rendered on the server or its data could not be read. `fetch` answers the app's own
   * API calls (the server's routes, without a network hop).
   */
  renderVisitorPage(input: {
    url: string;
    pageData: PageData;
    colorScheme: SiteTheme;
    fetch: (input: string, init?: RequestInit) => Promise<Response>;
  }): Promise<ServerRenderedPage | null>;
}
