import {
  addDecimal,
  compareDecimal,
  type Decimal,
  decimal,
  divideDecimal,
  formatDecimal,
  multiplyDecimal,
  normalizeDecimal,
  parseDecimal,
  roundDecimal,
  subtractDecimal,
} from "@souk/money";

/**
 * The money math of offers, pure and exact (no JS floats). An offer's price follows the market:
 *
 *   market price (fiat per coin) = cryptoUsd × fiatPerUsd
 *   fiatPricePerCrypto           = market × (1 + margin / 100)      (or the fixed price)
 *   pricePerUsd                  = fiatPricePerCrypto / cryptoUsd   (fiat paid per 1 USD of crypto)
 *   pricePerBtc                  = pricePerUsd × btcUsd             (fiat per 1 BTC worth, same markup)
 *   buySellPagePrice             = fiatPricePerCrypto / fiatPerUsd  (USD per coin)
 *
 * Each result is rounded once, half up, at the end, to the scale named beside it.
 */

/** pricePerUsd is a ratio of two fiat amounts: four decimals show a 0.01 % markup. */
const PRICE_PER_USD_SCALE = 4;
/** USD prices (buySellPagePrice) are shown in cents. */
const USD_SCALE = 2;
/** Margins are percentages with two decimals. */
const MARGIN_SCALE = 2;

const HUNDRED = decimal(100n);

export interface PriceInputs {
  priceType: "margin" | "fixed";
  /** Percent over the market, "-2.5" .. "1000". */
  margin: string;
  /** Fiat per coin, when priceType is fixed. */
  fixedPrice: string | null;
  /** USD per one coin of the offer's crypto. */
  cryptoUsd: string;
  /** Units of the offer's fiat per 1 USD. */
  fiatPerUsd: string;
  /** USD per one BTC. */
  btcUsd: string;
  /** Minor-unit digits of the offer's fiat (2 for most, 0 for JPY). */
  fiatDecimals: number;
}

export interface OfferPrices {
  /** The market price of one coin in the offer's fiat, before the margin. */
  marketPrice: string;
  fiatPricePerCrypto: string;
  pricePerUsd: string;
  pricePerBtc: string;
  buySellPagePrice: string;
  /** The margin; for a fixed price, the margin that price amounts to at today's market. */
  effectiveMargin: string;
}

function text(value: Decimal, scale: number): string {
  return formatDecimal(roundDecimal(value, scale, "half_up"));
}

/** The exact (unrounded) fiat price of one coin. */
export function exactFiatPrice(input: PriceInputs): Decimal {
  if (input.priceType === "fixed") {
    if (input.fixedPrice === null) throw new RangeError("a fixed-price offer needs its fixed price");
    return parseDecimal(input.fixedPrice);
  }
  const market = multiplyDecimal(parseDecimal(input.cryptoUsd), parseDecimal(input.fiatPerUsd));
  // market × (100 + margin) / 100, exact: the division by 100 only moves the decimal point.
  const factor = addDecimal(HUNDRED, parseDecimal(input.margin));
  const product = multiplyDecimal(market, factor);
  return decimal(product.units, product.scale + 2);
}

export function computeOfferPrices(input: PriceInputs): OfferPrices {
  const cryptoUsd = parseDecimal(input.cryptoUsd);
  const fiatPerUsd = parseDecimal(input.fiatPerUsd);
  const market = multiplyDecimal(cryptoUsd, fiatPerUsd);
  const exact = exactFiatPrice(input);
  // Each figure is one division of exact values, rounded once.
  return {
    marketPrice: text(market, input.fiatDecimals),
    fiatPricePerCrypto: text(exact, input.fiatDecimals),
    pricePerUsd: formatDecimal(divideDecimal(exact, cryptoUsd, PRICE_PER_USD_SCALE, "half_up")),
    pricePerBtc: formatDecimal(
      divideDecimal(multiplyDecimal(exact, parseDecimal(input.btcUsd)), cryptoUsd, input.fiatDecimals, "half_up"),
    ),
    buySellPagePrice: formatDecimal(divideDecimal(exact, fiatPerUsd, USD_SCALE, "half_up")),
    effectiveMargin: effectiveMargin(input, market, exact),
  };
}

function effectiveMargin(input: PriceInputs, market: Decimal, exact: Decimal): string {
  if (input.priceType === "margin") return text(parseDecimal(input.margin), MARGIN_SCALE);
  // price × 100 / market - 100, rounded once.
  const percentOfMarket = divideDecimal(multiplyDecimal(exact, HUNDRED), market, MARGIN_SCALE, "half_up");
  return formatDecimal(subtractDecimal(percentOfMarket, HUNDRED));
}

/** Whether a decimal text has at most `scale` fraction digits (trailing zeros do not count). */
export function hasAtMostDecimals(value: string, scale: number): boolean {
  return normalizeDecimal(parseDecimal(value)).scale <= scale;
}

export function isWithin(value: string, min: string, max: string): boolean {
  const parsed = parseDecimal(value);
  return compareDecimal(parsed, parseDecimal(min)) >= 0 && compareDecimal(parsed, parseDecimal(max)) <= 0;
}

export function compareText(a: string, b: string): -1 | 0 | 1 {
  return compareDecimal(parseDecimal(a), parseDecimal(b));
}

/** Escrow fee in percent from basis points: 100 -> "1", 125 -> "1.25". */
export function feePercentFromBps(bps: number): string {
  return formatDecimal(normalizeDecimal(decimal(BigInt(bps), 2)));
}

/** Basis points from a percent with at most two decimals: "1.25" -> 125. */
export function feeBpsFromPercent(percent: string): number {
  return Number(roundDecimal(parseDecimal(percent), 2, "down").units);
}

/** A fee in percent after a discount given as a fraction ("0.25" = a quarter off), two decimals. */
export function discountedFeePercent(bps: number, discountFraction: string): string {
  const fee = decimal(BigInt(bps), 2);
  const kept = subtractDecimal(decimal(1n), parseDecimal(discountFraction));
  const result = multiplyDecimal(fee, compareDecimal(kept, decimal(0n)) < 0 ? decimal(0n) : kept);
  return formatDecimal(normalizeDecimal(roundDecimal(result, 2, "half_up")));
}

/** What remains of an offer cap, never below zero. */
function capRemaining(amount: string, used: string): string {
  const rest = subtractDecimal(parseDecimal(amount), parseDecimal(used));
  return formatDecimal(normalizeDecimal(compareDecimal(rest, decimal(0n)) < 0 ? decimal(0n) : rest));
}

export interface CapState {
  isReachedCap: boolean;
  isCapLessThanMin: boolean;
  remaining: string | null;
}

/** isReachedCap: nothing left; isCapLessThanMin: what is left cannot cover the smallest trade. */
export function capState(
  cap: { amount: string | null; active: boolean; used: string },
  fiatLimitMin: string,
): CapState {
  if (!cap.active || cap.amount === null) {
    return {
      isReachedCap: false,
      isCapLessThanMin: false,
      remaining: cap.amount === null ? null : capRemaining(cap.amount, cap.used),
    };
  }
  const remaining = capRemaining(cap.amount, cap.used);
  const rest = parseDecimal(remaining);
  return {
    isReachedCap: compareDecimal(rest, decimal(0n)) <= 0,
    isCapLessThanMin: compareDecimal(rest, parseDecimal(fiatLimitMin)) < 0,
    remaining,
  };
}

/**
 * Whether a trade counted against the cap switched the offer off: before it (`usedBefore`) the
 * rest of the cap let a trade through, after it (`used`) it does not.
 */
export function capSwitchesOff(
  cap: { amount: string | null; active: boolean; usedBefore: string; used: string },
  fiatLimitMin: string,
): boolean {
  const isOff = (used: string) => {
    const state = capState({ amount: cap.amount, active: cap.active, used }, fiatLimitMin);
    return state.isReachedCap || state.isCapLessThanMin;
  };
  return !isOff(cap.usedBefore) && isOff(cap.used);
}

/** The smaller of two decimal texts. */
export function minText(a: string, b: string): string {
  return compareText(a, b) <= 0 ? a : b;
}

export function maxText(a: string, b: string): string {
  return compareText(a, b) >= 0 ? a : b;
}

/** "1500.00" -> "1500": limits are shown without a meaningless fraction. */
export function plain(value: string): string {
  return formatDecimal(normalizeDecimal(parseDecimal(value)));
}

/** A fixed fiat price in USD, to twelve decimals (only the listing's order uses it). */
export function fixedPriceUsd(fixedPrice: string, fiatPerUsd: string): string {
  return formatDecimal(
    normalizeDecimal(divideDecimal(parseDecimal(fixedPrice), parseDecimal(fiatPerUsd), 12, "half_up")),
  );
}

/**
 * The most fiat a seller's balance can fund at a price: the largest crypto amount A whose escrow,
 * A plus its fee (rounded up, as the ledger charges it), fits the balance, turned into fiat at the
 * price and rounded down to the fiat's decimals (so the fiat never asks for more than A). The
 * marketplace shows an offer's maximum as the smaller of its limit and this.
 */
export function fundableFiatMax(input: {
  balanceMinor: bigint;
  fiatPricePerCrypto: string;
  cryptoDecimals: number;
  feeBps: number;
  fiatDecimals: number;
}): string {
  const { balanceMinor, feeBps } = input;
  if (balanceMinor <= 0n) return "0";
  const fee = (amount: bigint) => (amount * BigInt(feeBps) + 9_999n) / 10_000n;
  let amount = (balanceMinor * 10_000n) / (10_000n + BigInt(feeBps));
  // The fee rounds up, so the first guess may exceed the balance by a unit or two.
  while (amount > 0n && amount + fee(amount) > balanceMinor) amount -= 1n;
  const fiat = multiplyDecimal(decimal(amount, input.cryptoDecimals), parseDecimal(input.fiatPricePerCrypto));
  return formatDecimal(normalizeDecimal(roundDecimal(fiat, input.fiatDecimals, "down")));
}

/** The smaller of an offer's maximum and what its seller can fund (both decimal texts). */
export function cappedFiatMax(limitMax: string, fundable: string): string {
  return compareDecimal(parseDecimal(fundable), parseDecimal(limitMax)) < 0 ? fundable : limitMax;
}
