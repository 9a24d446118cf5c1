import { z } from "zod";
import { COUNTRY_PAGE_LIMIT } from "./constants.ts";
import { envelopeSchema } from "./envelope.ts";

/**
 * Reference data: fiat and crypto currencies, payment methods, countries, time zones, languages
 * and rates (docs/product.md#reference-data). Rates and prices are decimal strings.
 */

/** Payment method category ids (docs/product.md#reference-data). */
export const PaymentMethodCategory = {
  GiftCards: 1,
  Cash: 2,
  OnlineWallets: 3,
  DebitCreditCards: 4,
  BankTransfers: 5,
  DigitalCurrencies: 6,
  GoodsAndServices: 7,
  MobileMoney: 8,
  Assets: 43,
} as const;

export const PAYMENT_METHOD_GROUP_SLUGS = [
  "bank-transfers",
  "cash-deposits",
  "debitcredit-cards",
  "digital-currencies",
  "gift-cards",
  "online-transfers",
  "mobile-money",
] as const;
export type PaymentMethodGroupSlug = (typeof PAYMENT_METHOD_GROUP_SLUGS)[number];

export const ReferenceErrorCode = {
  CURRENCY_NOT_FOUND: "ERROR_CURRENCY_NOT_FOUND",
  PAYMENT_METHOD_NOT_FOUND: "ERROR_PAYMENT_METHOD_NOT_FOUND",
} as const;

const decimalString = z.string().regex(/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/);

// ---- query parts ---------------------------------------------------------------------------

/**
 * A locale such as "fr" or "fr-CA". A well-formed locale without translations falls back to
 * English names; only a malformed one is refused.
 */
export const localeQuerySchema = z.object({
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, { message: "locale_invalid" })
    .optional(),
});

/** Query booleans arrive as text: "true", "false", "1" or "0"; anything else is refused. */
export const queryBooleanSchema = z
  .enum(["true", "false", "1", "0"], { message: "boolean_invalid" })
  .transform((value) => value === "true" || value === "1");

/** A non-negative integer written in plain digits, within bounds, with a default when absent. */
export function queryIntegerSchema(min: number, max: number, fallback: number) {
  return z
    .string()
    .regex(/^[0-9]{1,9}$/, { message: "integer_invalid" })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { message: `must_be_at_least_${min}` })
        .max(max, { message: `must_be_at_most_${max}` }),
    )
    .default(fallback);
}

/** limit (default and maximum 500, docs/product.md#reference-data) and offset (default 0). */
export const countryPageQuerySchema = z.object({
  limit: queryIntegerSchema(1, COUNTRY_PAGE_LIMIT, COUNTRY_PAGE_LIMIT),
  offset: queryIntegerSchema(0, 100_000, 0),
});

/**
 * Filters of GET /rest/v2/countries. kyc and important: true keeps only flagged countries, false
 * only unflagged ones, absent does not filter. isoNull (sent as iso_null): true includes the
 * pseudo-countries without an ISO 3166 alpha-3 code (the Worldwide entry, id 9999, iso YY);
 * false or absent leaves them out, so pickers of real countries need no special case.
 */
export const countryFilterQuerySchema = countryPageQuerySchema.extend({
  kyc: queryBooleanSchema.optional(),
  important: queryBooleanSchema.optional(),
  isoNull: queryBooleanSchema.optional(),
  ...localeQuerySchema.shape,
});
export type CountryFilterQuery = z.infer<typeof countryFilterQuerySchema>;

export const countryListQuerySchema = countryPageQuerySchema.extend(localeQuerySchema.shape);
export type CountryListQuery = z.infer<typeof countryListQuerySchema>;

/** group is a group slug, currency a fiat code; an unknown value of either is an input error. */
export const paymentMethodQuerySchema = z.object({
  group: z.string().max(64).optional(),
  currency: z.string().max(8).optional(),
  ...localeQuerySchema.shape,
});
export type PaymentMethodQuery = z.infer<typeof paymentMethodQuerySchema>;

export const currencyCodeParamsSchema = z.object({ code: z.string().min(1).max(16) });
export const slugParamsSchema = z.object({ slug: z.string().min(1).max(100) });

// ---- fiat currencies -----------------------------------------------------------------------

/** Fiat currency: name is the original (English) name, nameLocalized the one in the asked locale. */
export const fiatCurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameLocalized: z.string(),
  symbol: z.string(),
  /** Minor-unit digits: 2 for most, 0 for JPY, VND, CLP, ... */
  decimals: z.number().int(),
  isPopular: z.boolean(),
});
export type FiatCurrency = z.infer<typeof fiatCurrencySchema>;

export const fiatCurrencyListResponseSchema = envelopeSchema(
  z.array(fiatCurrencySchema),
  z.object({ popularCurrencies: z.array(z.string()) }),
);
export const fiatCurrencyResponseSchema = envelopeSchema(fiatCurrencySchema);

// ---- crypto currencies ---------------------------------------------------------------------

/** Currency (core) (docs/product.md#reference-data) as the wallet lists it. */
export const cryptoCurrencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  urlParam: z.string(),
  fullName: z.string(),
  /** Price of one coin in USD; null until rates are loaded. */
  rate: decimalString.nullable(),
  /** An icon name the web app maps to an image. */
  icon: z.string(),
  /** Decimals shown by default in the interface. */
  formattingDecimalsCount: z.number().int(),
  shortName: z.string(),
  isStablecoin: z.boolean(),
  /** Decimals of the smallest unit: BTC 8, ETH 9, USDT 6. */
  precision: z.number().int(),
  /** Decimals of fiat values of this coin. */
  fiatPrecision: z.number().int(),
  /** Most decimals a user may type (default 8, never more than precision). */
  maxPrecision: z.number().int(),
  isBlocked: z.boolean(),
});
export type CryptoCurrencyView = z.infer<typeof cryptoCurrencySchema>;

export const cryptoCurrencyListResponseSchema = envelopeSchema(z.array(cryptoCurrencySchema));

/** Code -> USD price of one coin, e.g. {"BTC": "87350.12"}; meta.asOf is the rates' date. */
export const cryptoUsdRatesResponseSchema = envelopeSchema(
  z.record(z.string(), decimalString),
  z.object({ asOf: z.string().nullable() }),
);

// ---- rates ---------------------------------------------------------------------------------

/** Rate (docs/product.md#reference-data): the price of one coin in a fiat currency, rounded to its decimals. */
export const fiatRateSchema = z.object({
  fiatCurrencyCode: z.string(),
  fiatCurrencyName: z.string(),
  fiatRate: decimalString,
});

/** One entry per crypto currency, with its price in every fiat currency that has a rate. */
export const cryptoFiatRatesSchema = z.object({
  cryptoCurrencyCode: z.string(),
  usdRate: decimalString,
  rates: z.array(fiatRateSchema),
});
export type CryptoFiatRates = z.infer<typeof cryptoFiatRatesSchema>;

export const cryptoFiatRatesResponseSchema = envelopeSchema(
  z.array(cryptoFiatRatesSchema),
  z.object({ asOf: z.string().nullable() }),
);

// ---- payment methods -----------------------------------------------------------------------

export const paymentMethodGroupSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  nameLocalized: z.string(),
});
export type PaymentMethodGroup = z.infer<typeof paymentMethodGroupSchema>;

/** Payment method (docs/product.md#reference-data), plus its category, group slug and usable currencies. */
export const paymentMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameLocalized: z.string(),
  paymentMethodGroupId: z.number().int(),
  groupSlug: z.string(),
  categoryId: z.number().int(),
  slug: z.string(),
  /** Active sell offers using this method; 0 until offers exist. */
  sellQuantity: z.number().int(),
  isBinCodeEnabled: z.boolean(),
  iconName: z.string(),
  isPopular: z.boolean(),
  /** Fiat codes the method works with; null means any currency. */
  currencyCodes: z.array(z.string()).nullable(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodListResponseSchema = envelopeSchema(z.array(paymentMethodSchema));
export const paymentMethodResponseSchema = envelopeSchema(paymentMethodSchema);
export const paymentMethodGroupListResponseSchema = envelopeSchema(z.array(paymentMethodGroupSchema));

// ---- countries -----------------------------------------------------------------------------

/** Country (docs/product.md#reference-data): originalName is a copy of name, as the spec says. */
export const countrySchema = z.object({
  id: z.number().int(),
  /** ISO 3166 alpha-2; "YY" for Worldwide. */
  iso: z.string(),
  /** ISO 3166 alpha-3; null for Worldwide. */
  iso3: z.string().nullable(),
  name: z.string(),
  originalName: z.string(),
  nameLocalized: z.string(),
  /** International dialling prefix such as "+234"; null for Worldwide. */
  phoneCode: z.string().nullable(),
  isKycSupported: z.boolean(),
  isImportant: z.boolean(),
  isPhoneVerificationSupported: z.boolean(),
});
export type Country = z.infer<typeof countrySchema>;

export const countryListResponseSchema = envelopeSchema(
  z.array(countrySchema),
  z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() }),
);

// ---- time zones and languages --------------------------------------------------------------

export const timezoneSchema = z.object({
  /** IANA name, e.g. "Africa/Lagos". */
  name: z.string(),
  label: z.string(),
  /** Offset from UTC right now (daylight saving included), e.g. "+01:00". */
  utcOffset: z.string(),
});
export type Timezone = z.infer<typeof timezoneSchema>;
export const timezoneListResponseSchema = envelopeSchema(z.array(timezoneSchema));

export const languageSchema = z.object({
  /** ISO 639-1 code. */
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
  /** The interface itself is translated into this language. */
  isUiSupported: z.boolean(),
});
export type Language = z.infer<typeof languageSchema>;
export const languageListResponseSchema = envelopeSchema(z.array(languageSchema));
