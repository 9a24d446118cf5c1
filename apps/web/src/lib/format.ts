import type { Locale } from "@souk/contracts";
import { formatAmount, formatDecimal, parseDecimal } from "@souk/money";

/**
 * Display formatting of money and dates. Amounts stay exact: crypto is a bigint of minor units,
 * fiat a decimal string; only the grouping and separators follow the locale.
 */

const intlLocales: Record<Locale, string> = { en: "en-US", fr: "fr-FR" };

function groupDigits(plain: string, locale: Locale): string {
  const negative = plain.startsWith("-");
  const unsigned = negative ? plain.slice(1) : plain;
  const [whole = "0", fraction] = unsigned.split(".");
  const parts = new Intl.NumberFormat(intlLocales[locale]).formatToParts(1000.5);
  const groupSeparator = parts.find((part) => part.type === "group")?.value ?? ",";
  const decimalSeparator = parts.find((part) => part.type === "decimal")?.value ?? ".";
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator);
  return `${negative ? "-" : ""}${grouped}${fraction === undefined ? "" : `${decimalSeparator}${fraction}`}`;
}

/** A crypto amount in minor units, with the currency's decimals: 150000n, 8 → "0.00150000". */
export function formatCryptoAmount(minor: bigint, decimals: number, locale: Locale): string {
  return groupDigits(formatAmount(minor, decimals), locale);
}

/** A fiat decimal string rounded half-up to `scale` places (2 by default) for display. */
export function formatFiatAmount(value: string, locale: Locale, scale = 2): string {
  return groupDigits(formatDecimal(parseDecimal(value), scale), locale);
}

export function formatDate(date: Date | number | string, locale: Locale, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(intlLocales[locale], options ?? { dateStyle: "medium" }).format(new Date(date));
}

/**
 * A crypto amount the API gives as a decimal string ("24.444444", with the currency's decimals),
 * shown exactly as given, only grouped and separated as the locale writes numbers.
 */
export function formatCryptoDecimal(value: string, locale: Locale): string {
  return groupDigits(value, locale);
}
