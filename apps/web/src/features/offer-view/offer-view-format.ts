import type { Locale } from "@souk/contracts";
import { formatFiatAmount } from "../../lib/format.ts";

function scaleOf(value: string): number {
  const dot = value.indexOf(".");
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** A server decimal shown at its own scale (prices come rounded to the fiat's decimals). */
export function formatServerDecimal(value: string, locale: Locale): string {
  return formatFiatAmount(value, locale, scaleOf(value));
}

/** A percent with its sign and two decimals: "2.65" -> "+2.65 %" in French, "+2.65%" in English. */
export function formatPercent(value: string, locale: Locale): string {
  const negative = value.startsWith("-");
  const unsigned = negative ? value.slice(1) : value;
  const text = formatFiatAmount(unsigned, locale, Math.max(2, scaleOf(unsigned)));
  const sign = !/[1-9]/.test(unsigned) ? "" : negative ? "−" : "+";
  return locale === "fr" ? `${sign}${text} %` : `${sign}${text}%`;
}

/** Weekday name of duty-hours day 1 (Monday) to 7 (Sunday). 2024-01-01 was a Monday. */
export function weekdayName(day: number, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-US", { weekday: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}
