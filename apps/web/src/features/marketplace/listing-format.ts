import type { Locale } from "@souk/contracts";
import { formatFiatAmount } from "../../lib/format.ts";

/** Digits after the dot of a decimal string: the scale the server rounded it to. */
function scaleOf(value: string): number {
  const dot = value.indexOf(".");
  return dot === -1 ? 0 : value.length - dot - 1;
}

/**
 * A server decimal (price, limit) shown at the scale the server gave it, with the locale's
 * grouping: prices come rounded to the fiat's decimals, limits are whole amounts.
 */
export function formatServerDecimal(value: string, locale: Locale): string {
  return formatFiatAmount(value, locale, scaleOf(value));
}

/** A margin in percent with its sign: "0.50" -> "+0.50 %", "-2" -> "−2.00 %" (two decimals at least). */
export function formatMargin(value: string, locale: Locale): string {
  const negative = value.startsWith("-");
  const unsigned = negative ? value.slice(1) : value;
  const text = formatFiatAmount(unsigned, locale, Math.max(2, scaleOf(unsigned)));
  const isZero = !/[1-9]/.test(unsigned);
  const sign = isZero ? "" : negative ? "−" : "+";
  return locale === "fr" ? `${sign}${text} %` : `${sign}${text}%`;
}

export function isNegativeDecimal(value: string): boolean {
  return value.startsWith("-") && /[1-9]/.test(value);
}
