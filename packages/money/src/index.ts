export {
  AmountParseError,
  type AmountParseFailure,
  applyBasisPointsCeil,
  formatAmount,
  MAX_MINOR,
  parseAmount,
  sumAmounts,
  tryParseAmount,
} from "./amount.ts";
export { convertCryptoToFiat, convertFiatToCrypto } from "./convert.ts";
export {
  addDecimal,
  compareDecimal,
  type Decimal,
  DecimalParseError,
  decimal,
  divideDecimal,
  formatDecimal,
  multiplyDecimal,
  normalizeDecimal,
  ONE,
  parseDecimal,
  type RoundingMode,
  roundDecimal,
  subtractDecimal,
  tryParseDecimal,
  ZERO,
} from "./decimal.ts";
