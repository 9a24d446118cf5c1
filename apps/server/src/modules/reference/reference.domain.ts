import {
  type Country,
  type CryptoCurrencyView,
  DEFAULT_LOCALE,
  type FiatCurrency,
  type Language,
  type PaymentMethod,
  type PaymentMethodGroup,
  type Timezone,
} from "@souk/contracts";
import type {
  CountryFilter,
  CountryRow,
  CryptoCurrencyRow,
  FiatCurrencyRow,
  LanguageRow,
  LocalizedNames,
  PaymentMethodGroupRow,
  PaymentMethodWithGroupRow,
  TimezoneRow,
} from "./reference.repo.ts";

/** Reference ids are INTEGER columns: anything outside that range cannot name a row. */
export function isStoredId(id: number): boolean {
  return Number.isInteger(id) && id >= -2_147_483_648 && id <= 2_147_483_647;
}

// ---- localization --------------------------------------------------------------------------

/** "fr_CA" -> "fr-ca"; no locale means the default one. */
export function resolveLocale(locale: string | undefined): string {
  return (locale ?? DEFAULT_LOCALE).toLowerCase().replaceAll("_", "-");
}

/**
 * The name in a locale: the exact locale, then its language ("fr-ca" -> "fr"), then English, then
 * the original name. A missing translation is never an error.
 */
export function localizedName(names: LocalizedNames, original: string, locale: string): string {
  const language = locale.split("-")[0] ?? locale;
  return names[locale] ?? names[language] ?? names[DEFAULT_LOCALE] ?? original;
}

// ---- answers -------------------------------------------------------------------------------

export function toFiatCurrency(row: FiatCurrencyRow, locale: string): FiatCurrency {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    nameLocalized: localizedName(row.names, row.name, locale),
    symbol: row.symbol,
    decimals: row.decimals,
    isPopular: row.is_popular,
  };
}

export function toPaymentMethodGroup(row: PaymentMethodGroupRow, locale: string): PaymentMethodGroup {
  return { id: row.id, slug: row.slug, name: row.name, nameLocalized: localizedName(row.names, row.name, locale) };
}

/**
 * `sellQuantities`: listed sell offers per payment method id (a method missing from it has none).
 */
export function toPaymentMethod(
  row: PaymentMethodWithGroupRow,
  locale: string,
  sellQuantities: ReadonlyMap<number, number>,
): PaymentMethod {
  return {
    id: row.id,
    name: row.name,
    nameLocalized: localizedName(row.names, row.name, locale),
    paymentMethodGroupId: row.payment_method_group_id,
    groupSlug: row.group_slug,
    categoryId: row.category_id,
    slug: row.slug,
    sellQuantity: sellQuantities.get(row.id) ?? 0,
    isBinCodeEnabled: row.is_bin_code_enabled,
    iconName: row.icon_name,
    isPopular: row.is_popular,
    currencyCodes: row.currency_codes,
  };
}

export function toCountry(row: CountryRow, locale: string): Country {
  return {
    id: row.id,
    iso: row.iso,
    iso3: row.iso3,
    name: row.name,
    originalName: row.name,
    nameLocalized: localizedName(row.names, row.name, locale),
    phoneCode: row.phone_code,
    isKycSupported: row.is_kyc_supported,
    isImportant: row.is_important,
    isPhoneVerificationSupported: row.is_phone_verification_supported,
  };
}

/** The country as other records embed it (current user: iso, code, name original and localized). */
export interface CountryRef {
  iso: string;
  /** The alpha-2 code, as the spec calls Worldwide's "code YY". */
  code: string;
  name: string;
  nameLocalized: string;
}

export function toCountryRef(row: CountryRow, locale: string): CountryRef {
  return { iso: row.iso, code: row.iso, name: row.name, nameLocalized: localizedName(row.names, row.name, locale) };
}

/** A crypto currency as other modules use it: the ledger counts in 10^-decimals units. */
export interface CryptoCurrency {
  id: number;
  code: string;
  urlParam: string;
  fullName: string;
  shortName: string;
  icon: string;
  decimals: number;
  formattingDecimalsCount: number;
  fiatPrecision: number;
  maxPrecision: number;
  isStablecoin: boolean;
  isBlocked: boolean;
  confirmationsRequired: number;
}

export function toCryptoCurrency(row: CryptoCurrencyRow): CryptoCurrency {
  return {
    id: row.id,
    code: row.code,
    urlParam: row.url_param,
    fullName: row.full_name,
    shortName: row.short_name,
    icon: row.icon,
    decimals: row.decimals,
    formattingDecimalsCount: row.formatting_decimals_count,
    fiatPrecision: row.fiat_precision,
    maxPrecision: row.max_precision,
    isStablecoin: row.is_stablecoin,
    isBlocked: row.is_blocked,
    confirmationsRequired: row.confirmations_required,
  };
}

/** Currency (core) (docs/product.md#reference-data), with its USD price. */
export function toCryptoCurrencyView(crypto: CryptoCurrency, usdRate: string | null): CryptoCurrencyView {
  return {
    id: crypto.id,
    code: crypto.code,
    urlParam: crypto.urlParam,
    fullName: crypto.fullName,
    rate: usdRate,
    icon: crypto.icon,
    formattingDecimalsCount: crypto.formattingDecimalsCount,
    shortName: crypto.shortName,
    isStablecoin: crypto.isStablecoin,
    precision: crypto.decimals,
    fiatPrecision: crypto.fiatPrecision,
    maxPrecision: crypto.maxPrecision,
    isBlocked: crypto.isBlocked,
  };
}

export function toLanguage(row: LanguageRow): Language {
  return { code: row.code, name: row.name, nativeName: row.native_name, isUiSupported: row.is_ui_supported };
}

// ---- country filters -----------------------------------------------------------------------

export interface CountryFilterInput {
  kyc?: boolean | undefined;
  important?: boolean | undefined;
  isoNull?: boolean | undefined;
}

/**
 * GET /rest/v2/countries: kyc and important keep only flagged (true) or unflagged (false)
 * countries and do not filter when absent; isoNull true adds the pseudo-countries without an
 * alpha-3 code (Worldwide), which are left out otherwise.
 */
export function countryFilterOf(input: CountryFilterInput): CountryFilter {
  return {
    ...(input.kyc === undefined ? {} : { isKycSupported: input.kyc }),
    ...(input.important === undefined ? {} : { isImportant: input.important }),
    includeIsoNull: input.isoNull === true,
  };
}

// ---- time zones ----------------------------------------------------------------------------

// Formatters are costly to build and immutable once built, so one per zone is kept.
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
    offsetFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at a moment, as "+05:30" or "-03:00" (daylight saving included). */
export function utcOffset(zone: string, at: Date): string {
  const part = offsetFormatter(zone)
    .formatToParts(at)
    .find((item) => item.type === "timeZoneName")?.value;
  // longOffset gives "GMT+05:30", or plain "GMT" for a zero offset.
  const match = /^GMT([+-]\d{2}:\d{2})$/.exec(part ?? "");
  return match?.[1] ?? "+00:00";
}

/** Minutes east of UTC of an offset text, for sorting. */
export function offsetMinutes(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** Time zones with their current offsets, west to east, then by label. */
export function toTimezones(rows: TimezoneRow[], at: Date): Timezone[] {
  return rows
    .map((row) => ({ name: row.name, label: row.label, utcOffset: utcOffset(row.name, at) }))
    .sort((a, b) => offsetMinutes(a.utcOffset) - offsetMinutes(b.utcOffset) || a.label.localeCompare(b.label, "en"));
}
