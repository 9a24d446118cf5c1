import {
  type Decimal,
  divideDecimal,
  formatDecimal,
  multiplyDecimal,
  parseDecimal,
  roundDecimal,
  subtractDecimal,
  tryParseDecimal,
} from "@souk/money";

/** Converter constants (docs/product.md#converter): fiat with 2 decimals, BTC with 8, 1 unit of fiat at first. */
export const CONVERTER_FIAT_DECIMALS = 2;
export const CONVERTER_BTC_DECIMALS = 8;
export const INITIAL_FIAT_AMOUNT = "1";

/** Digits with an optional single dot and fraction (docs/product.md#amount-inputs), at most `decimals` after it. */
export function isAmountInput(text: string, decimals: number): boolean {
  return new RegExp(`^[0-9]{0,15}(\\.[0-9]{0,${decimals}})?$`).test(text);
}

function readAmount(text: string): Decimal | null {
  const trimmed = text.trim().replace(/\.$/, "");
  if (trimmed === "") return null;
  const canonical = trimmed.startsWith(".") ? `0${trimmed}` : trimmed.replace(/^0+(?=[0-9])/, "");
  return tryParseDecimal(canonical);
}

/** Fiat to BTC at the price of one BTC, rounded half up to 8 decimals; "" when nothing is typed. */
export function fiatToBtc(fiatText: string, btcPrice: string): string {
  const fiat = readAmount(fiatText);
  const price = parseDecimal(btcPrice);
  if (fiat === null || price.units <= 0n) return "";
  return formatDecimal(divideDecimal(fiat, price, CONVERTER_BTC_DECIMALS, "half_up"));
}

/** BTC to fiat at the price of one BTC, rounded half up to 2 decimals; "" when nothing is typed. */
export function btcToFiat(btcText: string, btcPrice: string): string {
  const btc = readAmount(btcText);
  if (btc === null) return "";
  return formatDecimal(roundDecimal(multiplyDecimal(btc, parseDecimal(btcPrice)), CONVERTER_FIAT_DECIMALS, "half_up"));
}

/** Change between the first and last chart points in percent, two decimals; null from zero. */
export function changePercent(first: string, last: string): string | null {
  const start = parseDecimal(first);
  if (start.units === 0n) return null;
  const change = multiplyDecimal(subtractDecimal(parseDecimal(last), start), parseDecimal("100"));
  return formatDecimal(divideDecimal(change, start, 2, "half_up"));
}
