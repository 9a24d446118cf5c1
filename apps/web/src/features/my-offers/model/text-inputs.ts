import { decimalInputSchema, digitsTextSchema, signedDecimalInputSchema } from "@souk/contracts";

/**
 * What a quick-edit box lets through while the user types (trading-core §5), by the contracts'
 * own schemas so the box and the server agree.
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
