import { type Decimal, decimal, divideDecimal, multiplyDecimal, roundDecimal } from "./decimal.ts";

/**
 * The crypto a fiat amount buys at a price (fiat per one whole coin), in minor units. Rounded
 * down: the buyer never receives a unit more than the fiat paid for.
 */
export function convertFiatToCrypto(fiatAmount: Decimal, fiatPricePerCrypto: Decimal, cryptoDecimals: number): bigint {
  return divideDecimal(fiatAmount, fiatPricePerCrypto, cryptoDecimals, "down").units;
}

/** The fiat value of minor units at a price, rounded half up to the fiat's decimals (display and limits). */
export function convertCryptoToFiat(
  minor: bigint,
  cryptoDecimals: number,
  fiatPricePerCrypto: Decimal,
  fiatDecimals = 2,
): Decimal {
  return roundDecimal(multiplyDecimal(decimal(minor, cryptoDecimals), fiatPricePerCrypto), fiatDecimals, "half_up");
}
