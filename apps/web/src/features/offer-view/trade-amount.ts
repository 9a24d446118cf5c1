import {
  compareDecimal,
  convertFiatToCrypto,
  type Decimal,
  divideDecimal,
  multiplyDecimal,
  parseDecimal,
  roundDecimal,
  subtractDecimal,
  tryParseDecimal,
} from "@souk/money";

/** What the visitor typed, checked against what they may trade on this offer. */
export type TradeAmountCheck =
  | { status: "empty" }
  | { status: "invalid" }
  | { status: "too_precise"; decimals: number }
  | { status: "below_min"; min: string }
  | { status: "above_max"; max: string }
  | { status: "not_predefined"; amounts: readonly string[] }
  | { status: "ok"; fiat: Decimal; cryptoMinor: bigint };

export interface TradeAmountRules {
  /** The viewer's limits (tradeLimits of the view-offer state), decimal strings. */
  min: string;
  max: string;
  /** For a predefined-range offer, the only amounts that may be traded. */
  predefinedAmounts: readonly string[] | null;
  fiatDecimals: number;
  /** Fiat per one coin at the offer's price. */
  fiatPricePerCrypto: string;
  cryptoDecimals: number;
}

/** Digits with an optional single dot and fraction (docs/product.md#amount-inputs). */
const DECIMAL_INPUT = /^[0-9]*(\.[0-9]*)?$/;

export function isDecimalInput(text: string): boolean {
  return DECIMAL_INPUT.test(text);
}

/** "007.50" -> "7.50", "12." -> "12", ".5" -> "0.5": exact, never rounded. */
export function canonicalAmount(text: string): string {
  const [whole = "", fraction = ""] = text.split(".");
  const cleanWhole = whole.replace(/^0+(?=[0-9])/, "") || "0";
  return fraction.length > 0 ? `${cleanWhole}.${fraction}` : cleanWhole;
}

/**
 * Checks a fiat amount and works out the crypto it buys at the offer's price, in minor units,
 * rounded down (the buyer never receives a unit more than the fiat paid for).
 */
export function checkTradeAmount(text: string, rules: TradeAmountRules): TradeAmountCheck {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed === ".") return { status: "empty" };
  if (!isDecimalInput(trimmed)) return { status: "invalid" };
  const canonical = canonicalAmount(trimmed);
  const fiat = tryParseDecimal(canonical);
  if (!fiat || fiat.units <= 0n) return { status: "invalid" };
  if (fiat.scale > rules.fiatDecimals) return { status: "too_precise", decimals: rules.fiatDecimals };
  if (rules.predefinedAmounts && rules.predefinedAmounts.length > 0) {
    const isListed = rules.predefinedAmounts.some((amount) => compareDecimal(parseDecimal(amount), fiat) === 0);
    if (!isListed) return { status: "not_predefined", amounts: rules.predefinedAmounts };
  }
  if (compareDecimal(fiat, parseDecimal(rules.min)) < 0) return { status: "below_min", min: rules.min };
  if (compareDecimal(fiat, parseDecimal(rules.max)) > 0) return { status: "above_max", max: rules.max };
  const cryptoMinor = convertFiatToCrypto(fiat, parseDecimal(rules.fiatPricePerCrypto), rules.cryptoDecimals);
  return { status: "ok", fiat, cryptoMinor };
}

/** The market price of one coin in the offer's fiat: USD price times units of fiat per USD. */
export function marketPrice(cryptoUsd: string, fiatPerUsd: string, fiatDecimals: number): Decimal {
  return roundDecimal(multiplyDecimal(parseDecimal(cryptoUsd), parseDecimal(fiatPerUsd)), fiatDecimals, "half_up");
}

/**
 * How the offer's price compares with a rate of the visitor's own, in percent (two decimals):
 * positive when the offer asks more fiat per coin than that rate.
 */
export function percentFromRate(offerPrice: string, rate: Decimal): Decimal {
  const difference = subtractDecimal(parseDecimal(offerPrice), rate);
  return divideDecimal(multiplyDecimal(difference, parseDecimal("100")), rate, 2, "half_up");
}
