import {
  addDecimal,
  compareDecimal,
  type Decimal,
  decimal,
  divideDecimal,
  formatDecimal,
  multiplyDecimal,
  parseDecimal,
  roundDecimal,
  subtractDecimal,
} from "@souk/money";
import { canonicalDecimal, canonicalSignedDecimal } from "../../../lib/text-inputs.ts";

/**
 * The live price preview of the wizard, computed exactly as the server prices an offer:
 *
 *   market price (fiat per coin) = cryptoUsd × fiatPerUsd
 *   price per coin               = market × (100 + margin) / 100, or the fixed price
 *
 * each rounded once, half up, to the fiat's decimals. No float touches the numbers.
 */

export interface PricePreviewInput {
  priceType: "margin" | "fixed";
  /** The margin as typed: "2.5", "-1", "" (incomplete text gives no price). */
  margin: string;
  fixedPrice: string;
  /** USD per one coin of the offer's crypto. */
  cryptoUsd: string | null;
  /** Units of the offer's fiat per 1 USD. */
  fiatPerUsd: string | null;
  fiatDecimals: number;
}

export interface PricePreview {
  /** The market price of one coin, before the margin. */
  marketPrice: string;
  /** The offer's price of one coin; null while the typed price is incomplete. */
  pricePerCoin: string | null;
  /** The margin the price amounts to (for a fixed price, against today's market); two decimals. */
  effectiveMargin: string | null;
}

const HUNDRED = decimal(100n);

function rounded(value: Decimal, scale: number): string {
  return formatDecimal(roundDecimal(value, scale, "half_up"));
}

/** Null when a rate is missing: the preview then says it cannot price the offer yet. */
export function computePricePreview(input: PricePreviewInput): PricePreview | null {
  if (input.cryptoUsd === null || input.fiatPerUsd === null) return null;
  const market = multiplyDecimal(parseDecimal(input.cryptoUsd), parseDecimal(input.fiatPerUsd));
  const marketPrice = rounded(market, input.fiatDecimals);
  if (input.priceType === "margin") {
    const margin = canonicalSignedDecimal(input.margin);
    if (margin === null) return { marketPrice, pricePerCoin: null, effectiveMargin: null };
    const factor = addDecimal(HUNDRED, parseDecimal(margin));
    // A margin of -100 % or less would price the coin at nothing or below: no price to show
    // (the margin field says what is allowed).
    if (compareDecimal(factor, decimal(0n)) <= 0) return { marketPrice, pricePerCoin: null, effectiveMargin: null };
    const product = multiplyDecimal(market, factor);
    // Dividing by 100 only moves the decimal point, so the price stays exact until its one rounding.
    const exact = decimal(product.units, product.scale + 2);
    return {
      marketPrice,
      pricePerCoin: rounded(exact, input.fiatDecimals),
      effectiveMargin: rounded(parseDecimal(margin), 2),
    };
  }
  const fixed = canonicalDecimal(input.fixedPrice);
  if (fixed === null || compareDecimal(parseDecimal(fixed), decimal(0n)) <= 0 || market.units === 0n) {
    return { marketPrice, pricePerCoin: null, effectiveMargin: null };
  }
  const exact = parseDecimal(fixed);
  const percentOfMarket = divideDecimal(multiplyDecimal(exact, HUNDRED), market, 2, "half_up");
  return {
    marketPrice,
    pricePerCoin: rounded(exact, input.fiatDecimals),
    effectiveMargin: formatDecimal(subtractDecimal(percentOfMarket, HUNDRED)),
  };
}

/**
 * How much crypto a fiat amount buys at a price per coin, rounded down to the coin's decimals
 * (never promising more than the trade would give).
 */
export function cryptoForFiat(fiatAmount: string, pricePerCoin: string, cryptoDecimals: number): string | null {
  const amount = canonicalDecimal(fiatAmount);
  if (amount === null) return null;
  const price = parseDecimal(pricePerCoin);
  if (price.units <= 0n) return null;
  return formatDecimal(divideDecimal(parseDecimal(amount), price, cryptoDecimals, "down"));
}
