/**
 * Crypto amounts: integers of a currency's smallest unit (satoshi for BTC, 10^-9 ETH, 10^-6 USDT).
 * On the wire they are decimal strings; nothing here ever goes through a JS number, so an amount
 * is either exact or refused (docs/reliability.md#i10-exact-amounts).
 */

/** The largest amount a BIGINT column holds. */
export const MAX_MINOR = 2n ** 63n - 1n;

const DECIMAL_PATTERN = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;

export type AmountParseFailure = "format" | "precision" | "range";

export class AmountParseError extends Error {
  constructor(
    readonly reason: AmountParseFailure,
    readonly input: string,
  ) {
    super(`invalid amount (${reason}): ${JSON.stringify(input.slice(0, 40))}`);
    this.name = "AmountParseError";
  }
}

/**
 * Parses a decimal string into minor units with the given number of decimals. Leading zeros,
 * exponents, signs, blanks and more fraction digits than the currency has are refused rather than
 * rounded, because a silently rounded amount is money created or lost.
 */
export function parseAmount(input: string, decimals: number): bigint {
  const match = DECIMAL_PATTERN.exec(input);
  if (!match) throw new AmountParseError("format", input);
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? "").slice(1);
  if (fraction.length > decimals) {
    // Trailing zeros beyond the precision change nothing and are accepted.
    if (/[^0]/.test(fraction.slice(decimals))) throw new AmountParseError("precision", input);
  }
  const paddedFraction = fraction.slice(0, decimals).padEnd(decimals, "0");
  const minor = BigInt(whole + paddedFraction);
  if (minor > MAX_MINOR) throw new AmountParseError("range", input);
  return minor;
}

/** Returns the parsed amount, or null when the input is not an exact amount of this currency. */
export function tryParseAmount(input: string, decimals: number): bigint | null {
  try {
    return parseAmount(input, decimals);
  } catch (error) {
    if (error instanceof AmountParseError) return null;
    throw error;
  }
}

/** Formats minor units as a fixed decimal string with every decimal of the currency ("0.00150000"). */
export function formatAmount(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  const text = decimals === 0 ? whole : `${whole}.${fraction}`;
  return negative ? `-${text}` : text;
}

/** Sums amounts exactly. */
export function sumAmounts(amounts: Iterable<bigint>): bigint {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
}

/** Basis points of an amount, rounded up so that a fee never loses a fraction of a unit. */
export function applyBasisPointsCeil(minor: bigint, basisPoints: number): bigint {
  if (!Number.isInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`basis points must be a non-negative integer, got ${basisPoints}`);
  }
  const product = minor * BigInt(basisPoints);
  return (product + 9_999n) / 10_000n;
}
