import type { Locale } from "@souk/contracts";
import { formatFiatAmount } from "../../../lib/format.ts";

/** A decimal string shown with its own decimals (the server rounds prices to the fiat's decimals). */
export function formatPrice(value: string, locale: Locale): string {
  const scale = value.split(".")[1]?.length ?? 0;
  return formatFiatAmount(value, locale, Math.max(2, scale));
}

/** Limits are whole fiat amounts. */
export function formatLimit(value: string, locale: Locale): string {
  return formatFiatAmount(value, locale, 0);
}

/** A percentage with at most two decimals and no trailing zeros ("1.50" -> "1.5"). */
export function formatPercent(value: string, locale: Locale): string {
  const [whole = "0", fraction = ""] = value.replace(/^-/, "").split(".");
  const trimmed = fraction.replace(/0+$/, "");
  const text = formatFiatAmount(trimmed ? `${whole}.${trimmed}` : whole, locale, trimmed.length);
  return value.startsWith("-") && /[1-9]/.test(value) ? `−${text}` : text;
}
