import { z } from "zod";
import { MY_OFFERS_PAGE_SIZE } from "./constants.ts";
import { decimalInputSchema, digitsInputSchema, digitsTextSchema, signedDecimalInputSchema } from "./decimal-input.ts";
import { OFFER_TYPES } from "./enums.ts";
import { envelopeSchema } from "./envelope.ts";
import {
  OFFER_FLOW_TYPES,
  OFFER_PRICE_TYPES,
  OFFER_RANGE_TYPES,
  OFFER_TABS,
  offerCapSchema,
  offerTagSchema,
} from "./offers.ts";

/**
 * My offers (docs/product.md#my-offers-bids-and-promotion): the vendor's own offers with quick
 * edits,
 * promotion and bids. An offer's `type` here is the owner's side, as everywhere but the listing.
 */

export const BID_STATUSES = ["FUNDED", "COMPLETED", "CANCELLED", "OUTBID", "NEW", "FAILED"] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

/** Error groups of the my-offers state, each keyed by offer hash. */
export const MY_OFFER_ERROR_GROUPS = ["offerErrors", "marginErrors", "fixedPriceErrors", "limitsErrors"] as const;
export type MyOfferErrorGroup = (typeof MY_OFFER_ERROR_GROUPS)[number];

export const MY_OFFERS_CONSTANTS = {
  /** Promotions a vendor may start per calendar month (UTC). */
  promoteTotalPerMonth: 5,
  /** How long one promotion highlights an offer. */
  promoteHours: 24,
  /** Pinned positions per market (crypto currency, owner side, fiat currency). */
  pinnedSlots: 3,
  /** Bid periods a vendor may choose, with a suggested minimum in USD. */
  bidPeriods: [
    { id: "day", days: 1, suggestedUsd: "5" },
    { id: "week", days: 7, suggestedUsd: "25" },
    { id: "month", days: 30, suggestedUsd: "80" },
  ],
  bidCurrencies: ["BTC", "USDT"],
} as const;

const decimalString = z.string().regex(/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/);

/** Query booleans and JSON booleans alike: true, false, 1, 0, "active", "inactive". */
const statusValue = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["true", "false", "1", "0", "active", "inactive"])], {
    message: "status_invalid",
  })
  .transform((value) => value === true || value === 1 || value === "true" || value === "1" || value === "active");

const listOfFlowTypes = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(","))
      .map((part) => part.trim())
      .filter((part) => part.length > 0),
  )
  .pipe(z.array(z.enum(OFFER_FLOW_TYPES, { message: "flow_type_invalid" })));

export const myOffersQuerySchema = z.object({
  /** The owner's side (the buy and sell tabs). */
  type: z.enum(OFFER_TYPES, { message: "type_invalid" }).optional(),
  flowTypes: listOfFlowTypes.optional(),
  /** p2p or shop: the flow families; flowTypes wins when both are sent. */
  tabType: z.enum(OFFER_TABS, { message: "tab_type_invalid" }).optional(),
  limit: z
    .string()
    .regex(/^[0-9]{1,4}$/, { message: "integer_invalid" })
    .transform(Number)
    .pipe(z.number().int().min(1).max(MY_OFFERS_PAGE_SIZE))
    .default(MY_OFFERS_PAGE_SIZE),
  offset: z
    .string()
    .regex(/^[0-9]{1,7}$/, { message: "integer_invalid" })
    .transform(Number)
    .pipe(z.number().int().min(0))
    .default(0),
});
export type MyOffersQuery = z.infer<typeof myOffersQuerySchema>;

export const bidSchema = z.object({
  id: z.number().int(),
  /** The offer's public id. */
  offerId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  amount: decimalString,
  cryptoCurrencyCode: z.string(),
  status: z.enum(BID_STATUSES),
  /** The bid's period covers the present moment. */
  isPresent: z.boolean(),
  /** This is the offer's live bid (NEW or FUNDED). */
  current: z.boolean(),
  /** The pinned position it holds now, when FUNDED and present. */
  position: z.number().int().nullable(),
});
export type Bid = z.infer<typeof bidSchema>;

export const myOfferSchema = z.object({
  idHashed: z.string(),
  url: z.string(),
  isActive: z.boolean(),
  isEnabled: z.boolean(),
  isListed: z.boolean(),
  type: z.enum(OFFER_TYPES),
  flowType: z.enum(OFFER_FLOW_TYPES),
  paymentMethod: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), groupSlug: z.string() }),
  cryptoCurrencyCode: z.string(),
  fiatCurrencyCode: z.string(),
  priceType: z.enum(OFFER_PRICE_TYPES),
  margin: decimalString,
  fixedPrice: decimalString.nullable(),
  fiatPricePerCrypto: decimalString,
  rangeType: z.enum(OFFER_RANGE_TYPES),
  fiatLimitMin: decimalString,
  fiatLimitMax: decimalString,
  predefinedAmounts: z.array(decimalString),
  label: z.string(),
  tags: z.array(offerTagSchema),
  /** The escrow fee of a trade on this offer, percent. */
  offerFee: decimalString,
  manualEscrowFee: decimalString.nullable(),
  offerCap: offerCapSchema.nullable(),
  isReachedCap: z.boolean(),
  isCapLessThanMin: z.boolean(),
  /** Bank accounts linked to the offer; none until the bank-accounts module links them. */
  bankAccounts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Moderation and state messages (message keys); the penalty message is apart. */
  messages: z.array(z.string()),
  penaltyMessage: z.string().nullable(),
  moderation: z.object({
    status: z.number().int(),
    statusName: z.enum(["approved", "rejected", "no_appeal", "appealed"]),
    message: z.string().nullable(),
  }),
  depositInfo: z.object({
    /** null while no bond rule exists to compare with (see the report of the offers module). */
    isBondInsufficient: z.boolean().nullable(),
  }),
  hasGiftCards: z.boolean(),
  /** Set while the offer is outside its duty hours: "offline_until_duty_hours". */
  termUntilOnlineMessage: z.string().nullable(),
  isFeatured: z.boolean(),
  featuredUntil: z.string().nullable(),
  bid: bidSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyOffer = z.infer<typeof myOfferSchema>;

export const depositOptionSchema = z.object({
  currencyCode: z.string(),
  missingAmount: decimalString,
  /** Available when nothing is missing. */
  isAvailable: z.boolean(),
});

export const myOffersMetaSchema = z.object({
  counts: z.object({ buy: z.number().int(), sell: z.number().int() }),
  isNotSellActiveOffers: z.boolean(),
  isNotBuyActiveOffers: z.boolean(),
  promoteTotal: z.number().int(),
  promoteAvailable: z.number().int(),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasMore: z.boolean(),
});

export const myOffersDataSchema = z.object({
  offers: z.array(myOfferSchema),
  /** Bond deposit options; null while no bond rule exists. */
  depositData: z.object({ options: z.array(depositOptionSchema) }).nullable(),
  userPerks: z.array(z.object({ paymentMethodId: z.number().int(), discountedEscrowFee: decimalString })),
  messages: z.array(z.string()),
});
export const myOffersResponseSchema = envelopeSchema(myOffersDataSchema, myOffersMetaSchema);

export const myOfferHashParamsSchema = z.object({ hash: z.string().min(1).max(64) });

export const offerStatusRequestSchema = z.object({ newStatus: statusValue });
export const toggleAllOffersRequestSchema = z.object({
  newStatus: statusValue,
  /** Only this side's offers; both when absent. */
  type: z.enum(OFFER_TYPES, { message: "type_invalid" }).optional(),
});
export const marginRequestSchema = z.object({ newMargin: signedDecimalInputSchema });
export const fixedPriceRequestSchema = z.object({ newFixedPrice: decimalInputSchema });
export const amountRequestSchema = z.object({
  rangeMin: digitsInputSchema,
  rangeMax: digitsInputSchema,
  /** The predefined amounts, as a list or comma separated; empty or absent for a min-max range. */
  predefinedAmount: z
    .union([z.array(z.union([z.string(), z.number()])), z.string(), z.null()])
    .optional()
    .transform((value) =>
      value === null || value === undefined
        ? []
        : (Array.isArray(value) ? value.map(String) : value.split(","))
            .map((part) => part.trim())
            .filter((part) => part.length > 0),
    )
    .pipe(z.array(digitsTextSchema).max(10, { message: "too_many" })),
});
export const manualEscrowFeeRequestSchema = z.object({ newManualEscrowFee: decimalInputSchema.nullable() });
export const bidRequestSchema = z.object({
  /** The offer's public id; when sent it must be the one in the path. */
  offerId: z.string().max(64).optional(),
  startDate: z.iso.datetime({ offset: true, message: "date_invalid" }).optional(),
  endDate: z.iso.datetime({ offset: true, message: "date_invalid" }),
  amount: decimalInputSchema,
  cryptoCurrencyCode: z.string().trim().min(1).max(10),
  /** true: the period starts now (startDate is ignored). */
  isPresent: z.boolean().default(false),
  /** true: replace the offer's live bid; without it a second live bid is refused. */
  current: z.boolean().default(false),
});

export const offerErrorsSchema = z.object({
  offerErrors: z.record(z.string(), z.array(z.string())),
  marginErrors: z.record(z.string(), z.array(z.string())),
  fixedPriceErrors: z.record(z.string(), z.array(z.string())),
  limitsErrors: z.record(z.string(), z.array(z.string())),
});
export type OfferErrors = z.infer<typeof offerErrorsSchema>;

export const myOfferResponseSchema = envelopeSchema(myOfferSchema);
export const toggleAllOffersResponseSchema = envelopeSchema(
  z.object({
    offers: z.array(z.object({ idHashed: z.string(), isActive: z.boolean(), isEnabled: z.boolean() })),
    errors: offerErrorsSchema,
  }),
);
export const promoteResponseSchema = envelopeSchema(
  myOfferSchema,
  z.object({ promoteTotal: z.number().int(), promoteAvailable: z.number().int() }),
);

export const pinnedInfoSchema = z.object({
  offerId: z.string(),
  slots: z.number().int(),
  /** The position this offer holds now, if any. */
  position: z.number().int().nullable(),
  /** The funded bids holding the market's positions now, best first. */
  positions: z.array(
    z.object({
      position: z.number().int(),
      amount: decimalString,
      cryptoCurrencyCode: z.string(),
      usdValue: decimalString,
      isMine: z.boolean(),
    }),
  ),
  market: z.object({ cryptoCurrencyCode: z.string(), fiatCurrencyCode: z.string(), type: z.enum(OFFER_TYPES) }),
});
export const pinnedInfoResponseSchema = envelopeSchema(pinnedInfoSchema);

export const bidInfoSchema = z.object({
  bid: bidSchema.nullable(),
  history: z.array(bidSchema),
  periods: z.array(z.object({ id: z.string(), days: z.number().int(), amount: decimalString })),
  currencies: z.array(z.string()),
  /** Whether bids can be funded (held from the wallet) on this installation. */
  isFundingAvailable: z.boolean(),
});
export const bidInfoResponseSchema = envelopeSchema(bidInfoSchema);
export const bidResponseSchema = envelopeSchema(bidSchema);

/** The answer to cancelling a bid: it is gone. */
export const bidCancelledResponseSchema = envelopeSchema(z.object({ cancelled: z.literal(true) }));
