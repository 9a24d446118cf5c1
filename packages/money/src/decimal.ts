/**
 * Exact decimals for fiat amounts, prices, rates and margins: an integer of units at a scale
 * (value = units / 10^scale). Every rounding names its mode; there is no implicit one.
 */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

export type RoundingMode = "down" | "up" | "half_up";

const SIGNED_DECIMAL_PATTERN = /^(-)?(0|[1-9][0-9]*)(\.[0-9]+)?$/;
const MAX_SCALE = 40;

export class DecimalParseError extends Error {
  constructor(readonly input: string) {
    super(`invalid decimal: ${JSON.stringify(input.slice(0, 40))}`);
    this.name = "DecimalParseError";
  }
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

export function decimal(units: bigint, scale = 0): Decimal {
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) {
    throw new RangeError(`scale out of range: ${scale}`);
  }
  return { units, scale };
}

/** Parses "12.50", "-0.5" or "3". Exponents, leading zeros and blanks are refused. */
export function parseDecimal(input: string): Decimal {
  const match = SIGNED_DECIMAL_PATTERN.exec(input);
  if (!match) throw new DecimalParseError(input);
  const fraction = (match[3] ?? "").slice(1);
  if (fraction.length > MAX_SCALE) throw new DecimalParseError(input);
  const units = BigInt((match[2] ?? "0") + fraction);
  return decimal(match[1] ? -units : units, fraction.length);
}

/** The longest decimal a person may type. */
export const DECIMAL_INPUT_MAX_LENGTH = 40;

/** A decimal as typed: digits with an optional dot and optional fraction ("007.50", "12."). */
export const DECIMAL_INPUT_PATTERN = /^[0-9]+(\.[0-9]*)?$/;
/** The same, optionally negative ("-2.5"). */
export const SIGNED_DECIMAL_INPUT_PATTERN = /^-?[0-9]+(\.[0-9]*)?$/;
/** Digits only ("0050"). */
export const WHOLE_DECIMAL_INPUT_PATTERN = /^[0-9]+$/;

export type DecimalInputKind = "unsigned" | "signed" | "whole";

const INPUT_PATTERNS: Record<DecimalInputKind, RegExp> = {
  unsigned: DECIMAL_INPUT_PATTERN,
  signed: SIGNED_DECIMAL_INPUT_PATTERN,
  whole: WHOLE_DECIMAL_INPUT_PATTERN,
};

/**
 * Parses a decimal as a person types it, which is looser than the canonical form parseDecimal
 * reads: leading zeros and a bare trailing dot are exact and taken ("007.50" is 7.50, "12." is 12);
 * exponents, blanks, a sign where none is allowed, and more than DECIMAL_INPUT_MAX_LENGTH
 * characters are refused. The schemas of requests accept exactly what this accepts, so nothing a
 * schema lets through can fail to parse further in.
 */
export function parseDecimalInput(input: string, kind: DecimalInputKind = "unsigned"): Decimal {
  if (input.length > DECIMAL_INPUT_MAX_LENGTH || !INPUT_PATTERNS[kind].test(input)) throw new DecimalParseError(input);
  const isNegative = input.startsWith("-");
  const [whole = "", fraction = ""] = (isNegative ? input.slice(1) : input).split(".");
  const units = BigInt(whole + fraction);
  return decimal(isNegative ? -units : units, fraction.length);
}

export function tryParseDecimalInput(input: string, kind: DecimalInputKind = "unsigned"): Decimal | null {
  try {
    return parseDecimalInput(input, kind);
  } catch (error) {
    if (error instanceof DecimalParseError) return null;
    throw error;
  }
}

export function tryParseDecimal(input: string): Decimal | null {
  try {
    return parseDecimal(input);
  } catch (error) {
    if (error instanceof DecimalParseError) return null;
    throw error;
  }
}

function alignTo(value: Decimal, scale: number): bigint {
  return value.units * pow10(scale - value.scale);
}

export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return decimal(alignTo(a, scale) + alignTo(b, scale), scale);
}

export function subtractDecimal(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return decimal(alignTo(a, scale) - alignTo(b, scale), scale);
}

export function multiplyDecimal(a: Decimal, b: Decimal): Decimal {
  return decimal(a.units * b.units, a.scale + b.scale);
}

export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const left = alignTo(a, scale);
  const right = alignTo(b, scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Integer division of numerator by denominator (denominator > 0 after sign handling) with a mode. */
function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new RangeError("division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  const remainder = n % d;
  if (remainder !== 0n) {
    const awayFromZero = mode === "up" || (mode === "half_up" && remainder * 2n >= d);
    if (awayFromZero) quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

/** Changes the scale; going down rounds with the given mode (toward or away from zero). */
export function roundDecimal(value: Decimal, scale: number, mode: RoundingMode): Decimal {
  if (scale >= value.scale) return decimal(alignTo(value, scale), scale);
  return decimal(divideRounded(value.units, pow10(value.scale - scale), mode), scale);
}

/** a / b at the given result scale, rounded with the given mode. */
export function divideDecimal(a: Decimal, b: Decimal, scale: number, mode: RoundingMode): Decimal {
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale); scale the numerator so the quotient
  // comes out in units of 10^-scale.
  const exponent = scale + b.scale - a.scale;
  const numerator = exponent >= 0 ? a.units * pow10(exponent) : a.units;
  const denominator = exponent >= 0 ? b.units : b.units * pow10(-exponent);
  return decimal(divideRounded(numerator, denominator, mode), scale);
}

/** Fixed notation with exactly `scale` decimals when given, else the value's own scale. */
export function formatDecimal(value: Decimal, scale?: number, mode: RoundingMode = "half_up"): string {
  const shown = scale === undefined ? value : roundDecimal(value, scale, mode);
  const negative = shown.units < 0n;
  const digits = (negative ? -shown.units : shown.units).toString().padStart(shown.scale + 1, "0");
  const whole = digits.slice(0, digits.length - shown.scale);
  const fraction = digits.slice(digits.length - shown.scale);
  const text = shown.scale === 0 ? whole : `${whole}.${fraction}`;
  return negative && /[1-9]/.test(digits) ? `-${text}` : text;
}

/** Drops trailing zeros of the fraction: "12.5000" -> "12.5". */
export function normalizeDecimal(value: Decimal): Decimal {
  let { units, scale } = value;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return decimal(units, scale);
}

export const ZERO: Decimal = decimal(0n, 0);
export const ONE: Decimal = decimal(1n, 0);
