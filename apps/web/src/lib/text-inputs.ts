import { decimalInputSchema, digitsTextSchema, signedDecimalInputSchema } from "@souk/contracts";

/**
 * What an input box lets through while the user types (docs/product.md#amount-inputs). The rules
 * are the
 * contracts' schemas, so the box and the server agree on what a number looks like.
 */

/** Decimal amount: digits with an optional single dot and an optional fraction, or empty. */
export function isDecimalAmountText(text: string): boolean {
  return text === "" || decimalInputSchema.safeParse(text).success;
}

/** A margin while it is typed: a decimal amount that may start with a minus sign. */
export function isSignedDecimalText(text: string): boolean {
  return text === "" || text === "-" || signedDecimalInputSchema.safeParse(text).success;
}

/** Numeric limit input in offers: digits only, or empty. */
export function isDigitsText(text: string): boolean {
  return text === "" || digitsTextSchema.safeParse(text).success;
}

/** The canonical form of a complete signed decimal ("007.50" -> "7.50", "12." -> "12"), or null. */
export function canonicalSignedDecimal(text: string): string | null {
  const parsed = signedDecimalInputSchema.safeParse(text.trim());
  return parsed.success ? parsed.data : null;
}

/** The canonical form of a complete unsigned decimal, or null. */
export function canonicalDecimal(text: string): string | null {
  const parsed = decimalInputSchema.safeParse(text.trim());
  return parsed.success ? parsed.data : null;
}

/** The canonical form of a digits-only amount ("0050" -> "50"), or null. */
export function canonicalDigits(text: string): string | null {
  const parsed = digitsTextSchema.safeParse(text.trim());
  return parsed.success ? parsed.data : null;
}
