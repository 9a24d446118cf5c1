import { z } from "zod";
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
