import { z } from "zod";
import { offerBankAccountIdsSchema } from "./bank-accounts.ts";
import { MY_OFFERS_PAGE_SIZE } from "./constants.ts";
import { decimalInputSchema, digitsInputSchema, signedDecimalInputSchema } from "./decimal-input.ts";
import { OFFER_TYPES } from "./enums.ts";
import { DEFAULT_PAGE_SIZE, envelopeSchema } from "./envelope.ts";
import { queryBooleanSchema } from "./reference.ts";

/**
 * Offers and the marketplace (docs/product.md#offers, docs/product.md#listing-filters). An offer's
 * `type` is its OWNER's side;
 * the listing's `type` query is the VISITOR's side (`type=buy` lists offers whose owner sells).
 * Prices, limits and fees are decimal strings; nothing here is a float.
 */

// ---- vocabulary ----------------------------------------------------------------------------

export const OFFER_FLOW_TYPES = ["default", "gcc-auto", "lite", "bt-auto", "offramp", "bazaar"] as const;
export type OfferFlowType = (typeof OFFER_FLOW_TYPES)[number];

/** The listing's tabs: P2P (default) and SHOP (the automated families). */
export const OFFER_TABS = ["p2p", "shop"] as const;
export type OfferTab = (typeof OFFER_TABS)[number];
export const P2P_FLOW_TYPES = ["default", "lite"] as const satisfies readonly OfferFlowType[];
export const SHOP_FLOW_TYPES = ["gcc-auto", "bt-auto", "offramp"] as const satisfies readonly OfferFlowType[];

export const OFFER_RANGE_TYPES = ["min_max", "predefined"] as const;
export type OfferRangeType = (typeof OFFER_RANGE_TYPES)[number];

export const OFFER_PRICE_TYPES = ["margin", "fixed"] as const;
export type OfferPriceType = (typeof OFFER_PRICE_TYPES)[number];

/** Offer sort options (docs/product.md#listing-filters): default, crypto price and release time, each way. */
export const OFFER_SORT_TYPES = [
  "default",
  "price_asc",
  "price_desc",
  "release_time_asc",
  "release_time_desc",
] as const;
export type OfferSortType = (typeof OFFER_SORT_TYPES)[number];

export const OFFER_CHANGE_REASONS = ["offer_margin_changed", "offer_changed"] as const;
export type OfferChangeReason = (typeof OFFER_CHANGE_REASONS)[number];

/** Moderation status (docs/product.md#offer-fields). */
export const OfferModerationStatus = { approved: 1, rejected: 2, noAppeal: 3, appealed: 4 } as const;
export const OFFER_MODERATION_STATUS_NAMES = { 1: "approved", 2: "rejected", 3: "no_appeal", 4: "appealed" } as const;

/** The penalty message the spec splits out of an offer's messages. */
export const OFFER_PENALTY_MESSAGE = "offer_has_cancelled_by_system_penalty";

/** Reasons a visitor may give when reporting an offer (the spec's trade-problem reasons). */
export const OFFER_REPORT_REASONS = [
  "outside_escrow",
  "bad_offer_terms",
  "obvious_scam",
  "negotiation",
  "other",
] as const;

/** What the visitor typed on the offer page: an amount in crypto or in fiat. */
export const OFFER_SOURCE_TYPES = ["crypto", "fiat"] as const;

/** Margin bounds in percent, and the other numeric bounds the offer form enforces. */
export const OFFER_LIMITS = {
  marginMin: "-99",
  marginMax: "1000",
  paymentWindowMinutesMin: 15,
  paymentWindowMinutesMax: 360,
  predefinedAmountsMax: 10,
  tagsMax: 5,
  termsMaxLength: 5000,
  labelMaxLength: 25,
  requireMinPastTradesMax: 1000,
  /** Manual escrow fee in percent, two decimals at most. */
  manualEscrowFeeMin: "0",
  manualEscrowFeeMax: "10",
  binCodesMax: 50,
  /** Listing: most offers per page, and the deepest offset (deeper pages are refused). */
  listingLimitMax: 50,
  listingOffsetMax: 1000,
  /** An owner seen this recently counts as online. */
  onlineMinutes: 10,
} as const;

/** Tags (docs/product.md#offer-fields). `groups` limits a tag to payment method groups; empty means any. */
export const OFFER_TAGS = [
  { slug: "cash-only", name: "Cash only", description: "Only cash payments are accepted.", groups: ["cash-deposits"] },
  { slug: "no-id-needed", name: "No ID needed", description: "No identity documents are asked for.", groups: [] },
  { slug: "no-vpn", name: "No VPN", description: "Traders on a VPN or proxy are refused.", groups: [] },
  { slug: "guided-trade", name: "Guided trade", description: "The vendor walks first-timers through.", groups: [] },
  { slug: "receipt-required", name: "Receipt required", description: "A receipt is required.", groups: [] },
  {
    slug: "no-receipt-needed",
    name: "No receipt needed",
    description: "No receipt is needed.",
    groups: ["gift-cards", "cash-deposits"],
  },
  { slug: "physical-card", name: "Physical card", description: "Physical cards only.", groups: ["gift-cards"] },
  {
    slug: "e-code-accepted",
    name: "E-code accepted",
    description: "Digital codes are accepted.",
    groups: ["gift-cards"],
  },
  {
    slug: "no-third-party",
    name: "No third-party payments",
    description: "Pay from an account in your own name.",
    groups: ["bank-transfers", "online-transfers", "mobile-money"],
  },
  {
    slug: "same-bank-only",
    name: "Same bank only",
    description: "Transfers from the same bank only.",
    groups: ["bank-transfers"],
  },
  {
    slug: "friends-and-family",
    name: "Friends and family",
    description: "Send as friends and family.",
    groups: ["online-transfers"],
  },
  { slug: "invoice-required", name: "Invoice required", description: "An invoice is required.", groups: [] },
  { slug: "instant-release", name: "Instant release", description: "Released within minutes.", groups: [] },
  { slug: "beginner-friendly", name: "Beginner friendly", description: "Patient with new traders.", groups: [] },
] as const;
export type OfferTagSlug = (typeof OFFER_TAGS)[number]["slug"];
export const OFFER_TAG_SLUGS = OFFER_TAGS.map((tag) => tag.slug) as readonly string[];

/** Gift card regions (the offer's amazonGiftCardRegions). */
export const GIFT_CARD_REGIONS = [
  { id: "us", name: "United States" },
  { id: "uk", name: "United Kingdom" },
  { id: "ca", name: "Canada" },
  { id: "de", name: "Germany" },
  { id: "fr", name: "France" },
  { id: "it", name: "Italy" },
  { id: "es", name: "Spain" },
  { id: "au", name: "Australia" },
  { id: "jp", name: "Japan" },
  { id: "ae", name: "United Arab Emirates" },
  { id: "mx", name: "Mexico" },
  { id: "br", name: "Brazil" },
  { id: "in", name: "India" },
] as const;
export const GIFT_CARD_REGION_IDS = GIFT_CARD_REGIONS.map((region) => region.id) as readonly string[];

export const OfferErrorCode = {
  OFFER_NOT_FOUND: "ERROR_OFFER_NOT_FOUND",
  OFFER_ALREADY_REPORTED: "ERROR_OFFER_ALREADY_REPORTED",
  FEATURE_DISABLED: "ERROR_FEATURE_DISABLED",
} as const;

// ---- input primitives ----------------------------------------------------------------------

const decimalString = z.string().regex(/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/);
const timeOfDay = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/, { message: "time_invalid" });

/** One duty-hours window: day 1 (Monday) to 7 (Sunday), "HH:MM" times in the offer's time zone. */
export const dutyHourSchema = z.object({
  day: z.number().int().min(1, { message: "day_invalid" }).max(7, { message: "day_invalid" }),
  startTime: timeOfDay,
  endTime: timeOfDay,
  active: z.boolean(),
});
export type DutyHour = z.infer<typeof dutyHourSchema>;

export const offerCapInputSchema = z.object({
  amount: digitsInputSchema.nullable(),
  active: z.boolean(),
});

export const offerLocationSchema = z.object({
  city: z.string().trim().max(100).nullable().optional(),
  subdivision: z.string().trim().max(100).nullable().optional(),
  countryIso: z.string().max(2).nullable().optional(),
});

/**
 * The offer wizard's payload. Every field is optional here: creation fills defaults and then
 * requires what an offer needs, an edit (PUT) changes only what it sends. Cross-field rules and
 * reference data are checked by the server, each refusal keyed by its field.
 */
export const offerInputSchema = z.object({
  type: z.enum(OFFER_TYPES, { message: "type_invalid" }),
  cryptoCurrencyCode: z.string().trim().min(1).max(10),
  fiatCurrencyCode: z.string().trim().min(1).max(8),
  paymentMethodSlug: z.string().trim().min(1).max(100),
  flowType: z.enum(OFFER_FLOW_TYPES, { message: "flow_type_invalid" }),
  priceType: z.enum(OFFER_PRICE_TYPES, { message: "price_type_invalid" }),
  /** Percent over the market rate, -99 to 1000, two decimals at most. */
  margin: signedDecimalInputSchema,
  /** Fiat per one coin; required when priceType is fixed. */
  fixedPrice: decimalInputSchema.nullable(),
  rangeType: z.enum(OFFER_RANGE_TYPES, { message: "range_type_invalid" }),
  fiatLimitMin: digitsInputSchema,
  fiatLimitMax: digitsInputSchema,
  predefinedAmounts: z.array(digitsInputSchema).max(OFFER_LIMITS.predefinedAmountsMax, { message: "too_many" }),
  newBuyerMaxFiatLimit: digitsInputSchema.nullable(),
  paymentWindowMinutes: z
    .number({ message: "payment_window_invalid" })
    .int({ message: "payment_window_invalid" })
    .min(OFFER_LIMITS.paymentWindowMinutesMin, { message: "payment_window_too_short" })
    .max(OFFER_LIMITS.paymentWindowMinutesMax, { message: "payment_window_too_long" }),
  offerTerms: z.string().max(OFFER_LIMITS.termsMaxLength, { message: "too_long" }),
  tradeDetails: z.string().max(OFFER_LIMITS.termsMaxLength, { message: "too_long" }),
  label: z.string().trim().max(OFFER_LIMITS.labelMaxLength, { message: "too_long" }),
  tags: z.array(z.string().max(40)).max(OFFER_LIMITS.tagsMax, { message: "too_many" }),
  requireMinPastTrades: z
    .number()
    .int()
    .min(0, { message: "must_not_be_negative" })
    .max(OFFER_LIMITS.requireMinPastTradesMax, { message: "too_large" }),
  requireVerifiedId: z.boolean(),
  requireFullNameVisibility: z.boolean(),
  showOnlyTrustedUser: z.boolean(),
  isAnonymousUserRestricted: z.boolean(),
  /** Country codes where the offer may be taken; empty means everywhere. */
  availableIn: z.array(z.string().max(2)).max(300),
  dutyHours: z.array(dutyHourSchema).max(7, { message: "too_many" }),
  /** An IANA time zone name for the duty hours. */
  timezone: z.string().trim().min(1).max(64),
  offerCap: offerCapInputSchema.nullable(),
  /** Manual escrow fee in percent ("0.5"), or null for the default fee. */
  manualEscrowFee: decimalInputSchema.nullable(),
  isThirdPartyTreatmentEnabled: z.boolean(),
  isGiftCardCheckEnabled: z.boolean(),
  isBinCodeEnabled: z.boolean(),
  binCodes: z
    .array(z.string().regex(/^[0-9]{6}$/, { message: "bin_code_invalid" }))
    .max(OFFER_LIMITS.binCodesMax, { message: "too_many" }),
  cardRegions: z.array(z.string().max(10)).max(GIFT_CARD_REGIONS.length, { message: "too_many" }),
  location: offerLocationSchema.nullable(),
  isActive: z.boolean(),
});

/**
 * POST and PUT also carry the vendor's own bank accounts to attach (`bankAccountIds`, replacing
 * the offer's list; absent leaves it as it is), checked in the offer's own transaction.
 */
export const offerCreateRequestSchema = offerInputSchema
  .extend({ bankAccountIds: offerBankAccountIdsSchema })
  .partial();
export type OfferCreateRequest = z.infer<typeof offerCreateRequestSchema>;
export const offerUpdateRequestSchema = offerCreateRequestSchema;
export type OfferUpdateRequest = z.infer<typeof offerUpdateRequestSchema>;

/** A complete offer as the wizard edits it (originalData): every field, canonical values. */
export const offerDraftSchema = z.object({
  type: z.enum(OFFER_TYPES),
  cryptoCurrencyCode: z.string(),
  fiatCurrencyCode: z.string(),
  paymentMethodSlug: z.string(),
  flowType: z.enum(OFFER_FLOW_TYPES),
  priceType: z.enum(OFFER_PRICE_TYPES),
  margin: decimalString,
  fixedPrice: decimalString.nullable(),
  rangeType: z.enum(OFFER_RANGE_TYPES),
  fiatLimitMin: decimalString,
  fiatLimitMax: decimalString,
  predefinedAmounts: z.array(decimalString),
  newBuyerMaxFiatLimit: decimalString.nullable(),
  paymentWindowMinutes: z.number().int(),
  offerTerms: z.string(),
  tradeDetails: z.string(),
  label: z.string(),
  tags: z.array(z.string()),
  requireMinPastTrades: z.number().int(),
  requireVerifiedId: z.boolean(),
  requireFullNameVisibility: z.boolean(),
  showOnlyTrustedUser: z.boolean(),
  isAnonymousUserRestricted: z.boolean(),
  availableIn: z.array(z.string()),
  dutyHours: z.array(dutyHourSchema),
  timezone: z.string(),
  offerCap: z.object({ amount: decimalString.nullable(), active: z.boolean() }).nullable(),
  manualEscrowFee: decimalString.nullable(),
  isThirdPartyTreatmentEnabled: z.boolean(),
  isGiftCardCheckEnabled: z.boolean(),
  isBinCodeEnabled: z.boolean(),
  binCodes: z.array(z.string()),
  cardRegions: z.array(z.string()),
  location: z
    .object({ city: z.string().nullable(), subdivision: z.string().nullable(), countryIso: z.string().nullable() })
    .nullable(),
  isActive: z.boolean(),
});
export type OfferDraft = z.infer<typeof offerDraftSchema>;

export const offerIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** POST /rest/v1/offers/{id}/offer-cap: {offer_cap: {amount, active}}. */
export const offerCapRequestSchema = z.object({ offerCap: offerCapInputSchema });

/** POST /rest/v1/offers/{id}/report. */
export const offerReportRequestSchema = z.object({
  reason: z.enum(OFFER_REPORT_REASONS, { message: "reason_invalid" }),
  message: z.string().trim().max(2000, { message: "too_long" }).default(""),
});

// ---- answers -------------------------------------------------------------------------------

export const offerTagSchema = z.object({ slug: z.string(), name: z.string(), description: z.string() });
export type OfferTag = z.infer<typeof offerTagSchema>;

export const tagsQuerySchema = z.object({
  paymentMethod: z.string().max(100).optional(),
  group: z.string().max(64).optional(),
});
export const tagsResponseSchema = envelopeSchema(z.array(offerTagSchema));

/** Owner as the listing shows them. Figures that need trades are zero until trades exist. */
export const offerOwnerSchema = z.object({
  username: z.string(),
  avatarUrl: z.string().nullable(),
  status: z.object({ type: z.enum(["online", "recently_active", "offline"]), text: z.string() }),
  /** Last seen, epoch seconds. */
  lastSeenAt: z.number().int().nullable(),
  feedbackPositiveCount: z.number().int(),
  feedbackNegativeCount: z.number().int(),
  badge: z.object({ id: z.string(), name: z.string() }),
  monthlyTradeStats: z.object({ completedTrades: z.number().int() }),
  userCountryIso: z.string().nullable(),
  isIdVerified: z.boolean(),
});
export type OfferOwner = z.infer<typeof offerOwnerSchema>;

/** Offer listing item (docs/product.md#listing-filters). */
export const offerListingItemSchema = z.object({
  hash: z.string(),
  idHashed: z.string(),
  url: z.string(),
  /** The owner's side. */
  type: z.enum(OFFER_TYPES),
  owner: offerOwnerSchema,
  isAutomated: z.boolean(),
  defaultFlowType: z.enum(OFFER_FLOW_TYPES),
  paymentMethodName: z.string(),
  localizedPaymentMethodName: z.string(),
  paymentMethodSlug: z.string(),
  paymentMethodGroupSlug: z.string(),
  /** Payment methods here are not tied to one country: always null. */
  paymentMethodCountryId: z.number().int().nullable(),
  paymentMethodCountryIso: z.string().nullable(),
  paymentMethodLabel: z.string(),
  cardRegions: z.array(z.string()),
  binCodes: z.array(z.string()),
  rangeType: z.enum(OFFER_RANGE_TYPES),
  fiatAmountRangeMin: decimalString,
  fiatAmountRangeMax: decimalString,
  predefinedAmount: z.array(decimalString),
  fiatCurrencyCode: z.string(),
  cryptoCurrencyCode: z.string(),
  cryptoCurrencyId: z.number().int(),
  priceType: z.enum(OFFER_PRICE_TYPES),
  /** Percent over the market; for a fixed price, the margin that price amounts to today. */
  margin: decimalString,
  /** Fiat per one coin of the offer's crypto (the spec's legacy name), equal to fiatPricePerCrypto. */
  fiatPricePerBtc: decimalString,
  fiatPricePerCrypto: decimalString,
  /** Fiat paid per 1 USD worth of crypto. */
  pricePerUsd: decimalString,
  /** Fiat per 1 BTC worth of crypto at this offer's markup, to compare offers across coins. */
  pricePerBtc: decimalString,
  /** The fixed price, when the offer has one. */
  customRate: decimalString.nullable(),
  paymentWindowMinutes: z.number().int(),
  isFeaturedByModerator: z.boolean(),
  isFeatured: z.boolean(),
  isStickied: z.boolean(),
  pinnedPosition: z.number().int().nullable(),
  showOnlyTrustedUser: z.boolean(),
  isAnonymousUserRestricted: z.boolean(),
  requireMinPastTrades: z.number().int(),
  requireVerifiedId: z.boolean(),
  requireFullNameVisibility: z.boolean(),
  releaseTimeMedianSeconds: z.number().int().nullable(),
  releaseTimeMedianHumanize: z.string().nullable(),
  tags: z.array(offerTagSchema),
  /** Offers of owners the viewer blocks (or who block the viewer) are not listed, so always false. */
  isBlocked: z.boolean(),
  isFavorite: z.boolean(),
  /** A ranking score; none is computed yet. */
  score: z.number().nullable(),
  withCashback: z.boolean(),
  cashbackPercent: decimalString.nullable(),
  cashbackMaxValue: decimalString.nullable(),
  /** City, subdivision and country joined by commas. */
  location: z.string().nullable(),
});
export type OfferListingItem = z.infer<typeof offerListingItemSchema>;

const optionalText = (max: number) => z.string().trim().max(max).optional();
const iso2 = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { message: "country_iso_invalid" })
  .transform((value) => value.toUpperCase());
const listOfText = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((part) => part.split(","))
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part.length > 0),
);

/** A number written in plain digits and at most one dot, or nothing: anything else is ignored. */
const numericOrIgnored = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    const text = Array.isArray(value) ? value[0] : value;
    return text !== undefined && /^[0-9]{1,15}(\.[0-9]{1,8})?$/.test(text.trim())
      ? text.trim().replace(/^0+(?=[0-9])/, "")
      : undefined;
  });

/**
 * GET /rest/v1/offers (docs/product.md#listing-filters). Keys arrive camelCased: `fiat-min` is
 * fiatMin, `payment-method` paymentMethod, `crypto_currency_id` cryptoCurrencyId.
 */
export const offerListQuerySchema = z.object({
  /** The visitor's side: buy lists offers whose owner sells. */
  type: z.enum(OFFER_TYPES, { message: "type_invalid" }).default("buy"),
  paymentMethod: optionalText(100),
  group: optionalText(64),
  currencyCode: optionalText(8),
  /** Alias of currencyCode (the product's call uses `currency`). */
  currency: optionalText(8),
  /** Offers whose limits include this fiat amount; accepted only if numeric, otherwise ignored. */
  fiatMin: numericOrIgnored,
  /** fiatMin is in USD: it is converted to each offer's fiat currency. */
  convertFromUSD: queryBooleanSchema.optional(),
  location: iso2.optional(),
  countryIso: iso2.optional(),
  usersCountryIso: iso2.optional(),
  cryptoCurrencyId: z
    .string()
    .regex(/^[0-9]{1,9}$/, { message: "integer_invalid" })
    .transform(Number)
    .optional(),
  cryptoCurrencyCode: optionalText(10),
  /** Alias of cryptoCurrencyCode. */
  crypto: optionalText(10),
  tags: listOfText.optional(),
  isVerifiedOffers: queryBooleanSchema.optional(),
  isVerifiedUsers: queryBooleanSchema.optional(),
  onlineUsers: queryBooleanSchema.optional(),
  binCode: z
    .string()
    .regex(/^[0-9]{6}$/, { message: "bin_code_invalid" })
    .optional(),
  cardRegion: optionalText(10),
  acceptableOnly: queryBooleanSchema.optional(),
  sortType: z.enum(OFFER_SORT_TYPES, { message: "sort_type_invalid" }).optional(),
  /** Alias of sortType (the product's call uses `sort`). */
  sort: z.enum(OFFER_SORT_TYPES, { message: "sort_type_invalid" }).optional(),
  /** An unknown or missing tab falls back to p2p; a valid one is taken lowercased. */
  tab: z
    .string()
    .max(20)
    .optional()
    .transform((value): OfferTab => (value?.toLowerCase() === "shop" ? "shop" : "p2p")),
  flowType: z.enum(OFFER_FLOW_TYPES, { message: "flow_type_invalid" }).optional(),
  limit: z
    .string()
    .regex(/^[0-9]{1,4}$/, { message: "integer_invalid" })
    .transform(Number)
    .pipe(z.number().int().min(1).max(OFFER_LIMITS.listingLimitMax))
    .optional(),
  offset: z
    .string()
    .regex(/^[0-9]{1,7}$/, { message: "integer_invalid" })
    .transform(Number)
    .pipe(z.number().int().min(0).max(OFFER_LIMITS.listingOffsetMax, { message: "offset_too_deep" }))
    .optional(),
  page: z
    .string()
    .regex(/^[0-9]{1,7}$/, { message: "integer_invalid" })
    .transform(Number)
    .pipe(z.number().int().min(1))
    .optional(),
  /** Accepted for the home page and page sections; they do not change the answer. */
  pageId: optionalText(50),
  block: optionalText(50),
});
export type OfferListQuery = z.infer<typeof offerListQuerySchema>;

/**
 * Paging of the marketplace. There is no total: counting every match of a broad filter costs more
 * than the page itself; hasMore says whether another page follows.
 */
export const offerListMetaSchema = z.object({
  limit: z.number().int(),
  offset: z.number().int(),
  currentPage: z.number().int(),
  perPage: z.number().int(),
  hasMore: z.boolean(),
  /** The visitor's side, as asked. */
  type: z.enum(OFFER_TYPES),
  tab: z.enum(OFFER_TABS),
  sortType: z.enum(OFFER_SORT_TYPES),
  cryptoCurrencyCode: z.string().nullable(),
  fiatCurrencyCode: z.string().nullable(),
  /** The day of the market rates the prices use. */
  ratesAsOf: z.string().nullable(),
});
export const offerListResponseSchema = envelopeSchema(z.array(offerListingItemSchema), offerListMetaSchema);

/** GET /rest/v1/users/{username}/active-offers. type is the visitor's side, as in the listing. */
export const userActiveOffersQuerySchema = z.object({
  type: z.enum(OFFER_TYPES, { message: "type_invalid" }).optional(),
  cryptoCurrencyCode: optionalText(10),
  sort: z.enum(OFFER_SORT_TYPES, { message: "sort_type_invalid" }).optional(),
  offset: z
    .string()
    .regex(/^[0-9]{1,7}$/, { message: "integer_invalid" })
    .transform(Number)
    .pipe(z.number().int().min(0).max(OFFER_LIMITS.listingOffsetMax, { message: "offset_too_deep" }))
    .optional(),
});
export const userActiveOffersResponseSchema = envelopeSchema(
  z.array(offerListingItemSchema),
  z.object({ limit: z.number().int(), offset: z.number().int(), hasMore: z.boolean() }),
);

export const offerCapSchema = z.object({
  amount: decimalString.nullable(),
  active: z.boolean(),
  /** Fiat traded on the offer so far. */
  used: decimalString,
  /** What may still be traded; null when no cap amount is set. */
  remaining: decimalString.nullable(),
});

export const offerPaymentMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameLocalized: z.string(),
  slug: z.string(),
  groupSlug: z.string(),
  paymentMethodGroupId: z.number().int(),
  categoryId: z.number().int(),
  iconName: z.string(),
  isBinCodeEnabled: z.boolean(),
});

/** Offer (docs/product.md#offer-fields), as its owner, staff and visitors see it. */
export const offerSchema = z.object({
  /** The public id (the same as idHashed): the serial id is never shown. */
  id: z.string(),
  idHashed: z.string(),
  url: z.string(),
  type: z.enum(OFFER_TYPES),
  isSell: z.boolean(),
  flowType: z.enum(OFFER_FLOW_TYPES),
  isAutomated: z.boolean(),
  ownerUsername: z.string(),
  owner: offerOwnerSchema,
  isOnline: z.boolean(),
  cryptoCurrencyId: z.number().int(),
  altCoin: z.object({ code: z.string(), rate: decimalString.nullable(), precision: z.number().int() }),
  fiatCurrency: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    decimals: z.number().int(),
    /** Units of this currency per 1 USD. */
    rate: z.object({ usd: decimalString.nullable() }),
  }),
  paymentMethod: offerPaymentMethodSchema,
  priceType: z.enum(OFFER_PRICE_TYPES),
  margin: decimalString,
  fixedPrice: decimalString.nullable(),
  customRate: decimalString.nullable(),
  fiatPricePerCrypto: decimalString,
  pricePerUsd: decimalString,
  pricePerBtc: decimalString,
  /** Price of one coin in USD at this offer's markup (buy and sell landing pages). */
  buySellPagePrice: decimalString,
  rangeType: z.enum(OFFER_RANGE_TYPES),
  fiatLimitMin: decimalString,
  fiatLimitMax: decimalString,
  predefinedAmounts: z.array(decimalString),
  newBuyerMaxFiatLimit: decimalString.nullable(),
  paymentWindowMinutes: z.number().int(),
  offerTerms: z.string(),
  /**
   * The owner's payment instructions: only the owner sees them here (null for everyone else). A
   * trade shows them to the other party once its flow reveals the payment details.
   */
  tradeDetails: z.string().nullable(),
  label: z.string(),
  tags: z.array(offerTagSchema),
  requireMinPastTrades: z.number().int(),
  requireVerifiedId: z.boolean(),
  requireFullNameVisibility: z.boolean(),
  showOnlyTrustedUser: z.boolean(),
  isAnonymousUserRestricted: z.boolean(),
  availableIn: z.array(z.string()),
  dutyHours: z.array(dutyHourSchema),
  timezone: z.string(),
  isOnDuty: z.boolean(),
  fees: z.object({
    /** The escrow fee of a trade on this offer, percent. */
    escrowFeePercent: decimalString,
    isManual: z.boolean(),
  }),
  manualEscrowFee: decimalString.nullable(),
  isThirdPartyTreatmentEnabled: z.boolean(),
  isGiftCardCheckEnabled: z.boolean(),
  isBinCodeEnabled: z.boolean(),
  giftCardBinCodes: z.array(z.string()),
  amazonGiftCardRegions: z.array(z.object({ id: z.string(), name: z.string() })),
  location: z
    .object({
      city: z.string().nullable(),
      subdivision: z.string().nullable(),
      countryIso: z.string().nullable(),
      text: z.string().nullable(),
    })
    .nullable(),
  offerCap: offerCapSchema.nullable(),
  isReachedCap: z.boolean(),
  isCapLessThanMin: z.boolean(),
  isActive: z.boolean(),
  isEnabled: z.boolean(),
  /** Shown in the marketplace right now (active, enabled, approved, within its cap). */
  isListed: z.boolean(),
  moderation: z.object({
    status: z.number().int(),
    statusName: z.enum(["approved", "rejected", "no_appeal", "appealed"]),
    message: z.string().nullable(),
  }),
  /** offer_has_cancelled_by_system_penalty when the system switched the offer off, else null. */
  penaltyMessage: z.string().nullable(),
  isFeaturedByModerator: z.boolean(),
  isFeatured: z.boolean(),
  /** Promoted (highlighted) until then. */
  featuredUntil: z.string().nullable(),
  version: z.number().int(),
  lastChangeReason: z.enum(OFFER_CHANGE_REASONS).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The wizard's payload as stored, for the owner's edit form; null for everyone else. */
  originalData: offerDraftSchema.nullable(),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerResponseSchema = envelopeSchema(offerSchema);

/** A query value taken only when it passes a test; anything else (or a repeated key) is ignored. */
function acceptedOrIgnored(
  isAccepted: (value: string) => boolean,
  normalize: (value: string) => string = (value) => value,
) {
  return z
    .unknown()
    .optional()
    .transform((value) => (typeof value === "string" && isAccepted(value) ? normalize(value) : undefined));
}

const isSourceType = (value: string) => (OFFER_SOURCE_TYPES as readonly string[]).includes(value);
const isCurrencyCode = (value: string) => /^[A-Za-z0-9]{2,10}$/.test(value);

/** Query of the offer page (docs/product.md#offer-page): values that are not accepted are ignored, not refused. */
export const offerViewQuerySchema = z.object({
  fiatMin: numericOrIgnored,
  sourceType: acceptedOrIgnored(isSourceType),
  targetType: acceptedOrIgnored(isSourceType),
  sourceCurrencyCode: acceptedOrIgnored(isCurrencyCode, (value) => value.toUpperCase()),
  targetCurrencyCode: acceptedOrIgnored(isCurrencyCode, (value) => value.toUpperCase()),
});

export const flashMessageSchema = z.object({ type: z.enum(["info", "warning", "error"]), key: z.string() });

/** View-offer state (docs/product.md#offer-page), with the offer. */
export const offerViewSchema = z.object({
  offer: offerSchema,
  isOwner: z.boolean(),
  /** The viewer has no completed trade yet (newBuyerMaxFiatLimit applies). */
  isNewBuyer: z.boolean(),
  /** The owner trusts the viewer (contacts). */
  isTrustedUser: z.boolean(),
  /** The viewer's country is on the server's configured grey list. */
  isGrayCountry: z.boolean(),
  /**
   * Which risk-warning modals the page shows before a trade starts: a payment method prone to
   * chargebacks, a sanctioned country (the offer's or the viewer's), long or unusual terms.
   */
  riskWarnings: z.object({
    chargebackRisky: z.boolean(),
    ofacOfferWarning: z.boolean(),
    paymentTermsWarning: z.boolean(),
  }),
  isFavorite: z.boolean(),
  isAvailableForCountry: z.boolean(),
  /** The owner's escrow fee after their fee discount, percent; null without a discount. */
  discountedEscrowFee: decimalString.nullable(),
  dutyHours: z.array(dutyHourSchema),
  dutyHoursTimezone: z.string(),
  flashMessages: z.array(flashMessageSchema),
  recommendedOffers: z.array(offerListingItemSchema),
  startTradeRequirements: z.object({ payerName: z.boolean() }),
  /** What this viewer may trade: the offer's limits, capped for a new buyer and by the offer cap. */
  tradeLimits: z.object({ min: decimalString, max: decimalString }),
  /** Requirements of the offer the viewer does not meet. */
  unmetRequirements: z.array(z.string()),
  feedback: z.object({
    items: z.array(z.object({ rating: z.string(), message: z.string(), createdAt: z.string() })),
    positive: z.number().int(),
    negative: z.number().int(),
    total: z.number().int(),
    nextPageUrl: z.string().nullable(),
  }),
  /** The accepted part of the page's query (fiat-min only if numeric, known source types only). */
  query: z.object({
    fiatMin: z.string().nullable(),
    sourceType: z.string().nullable(),
    targetType: z.string().nullable(),
    sourceCurrencyCode: z.string().nullable(),
    targetCurrencyCode: z.string().nullable(),
  }),
});
export type OfferView = z.infer<typeof offerViewSchema>;
export const offerViewResponseSchema = envelopeSchema(offerViewSchema);

export const offerDeletedResponseSchema = envelopeSchema(z.object({ idHashed: z.string(), deleted: z.literal(true) }));
export const offerReportResponseSchema = envelopeSchema(z.object({ reported: z.literal(true) }));

// ---- calculator and converter --------------------------------------------------------------

export const CALCULATOR_RANGES = ["day", "week", "month", "year"] as const;
export const calculatorQuerySchema = z.object({
  range: z.enum(CALCULATOR_RANGES, { message: "range_invalid" }).default("month"),
  currency: z.string().trim().max(8).default("USD"),
  cryptoCurrencyCode: z.string().trim().max(10).default("BTC"),
});
/** One chart point for lightweight-charts: time in epoch seconds, value a decimal string. */
export const chartPointSchema = z.object({ time: z.number().int(), value: decimalString });
export const calculatorResponseSchema = envelopeSchema(
  z.array(chartPointSchema),
  z.object({
    range: z.enum(CALCULATOR_RANGES),
    currency: z.string(),
    cryptoCurrencyCode: z.string(),
    /** Points come from the recorded daily rate history. */
    resolution: z.literal("day"),
  }),
);

/** Converter currency (docs/product.md#converter): rate.usd is units per 1 USD, btc and usdt per coin. */
export const converterCurrencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  rate: z.object({ usd: decimalString, btc: decimalString.nullable(), usdt: decimalString.nullable() }),
  defaultAmount: decimalString,
  order: z.number().int(),
});
export const converterCurrencyResponseSchema = envelopeSchema(
  z.array(converterCurrencySchema),
  z.object({ asOf: z.string().nullable() }),
);

export const LISTING_DEFAULT_LIMIT = DEFAULT_PAGE_SIZE;
export const MY_OFFERS_LIMIT = MY_OFFERS_PAGE_SIZE;
