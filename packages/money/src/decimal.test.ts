import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertCryptoToFiat, convertFiatToCrypto } from "./convert.ts";
import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  formatDecimal,
  multiplyDecimal,
  normalizeDecimal,
  parseDecimal,
  parseDecimalInput,
  roundDecimal,
  subtractDecimal,
  tryParseDecimal,
  tryParseDecimalInput,
} from "./decimal.ts";

const d = parseDecimal;

describe("decimals", () => {
  it("adds and multiplies exactly where floats would not", () => {
    expect(formatDecimal(addDecimal(d("0.1"), d("0.2")))).toBe("0.3");
    expect(formatDecimal(multiplyDecimal(d("1.1"), d("1.1")))).toBe("1.21");
    expect(formatDecimal(subtractDecimal(d("1"), d("0.9")))).toBe("0.1");
  });

  it("rounds only where asked and in the named direction", () => {
    expect(formatDecimal(roundDecimal(d("2.345"), 2, "half_up"))).toBe("2.35");
    expect(formatDecimal(roundDecimal(d("2.345"), 2, "down"))).toBe("2.34");
    expect(formatDecimal(roundDecimal(d("2.341"), 2, "up"))).toBe("2.35");
    expect(formatDecimal(roundDecimal(d("-2.345"), 2, "half_up"))).toBe("-2.35");
    expect(formatDecimal(divideDecimal(d("1"), d("3"), 4, "down"))).toBe("0.3333");
    expect(formatDecimal(divideDecimal(d("2"), d("3"), 4, "half_up"))).toBe("0.6667");
  });

  it("refuses exponents, leading zeros and blanks", () => {
    for (const input of ["1e5", "01", "", " 1", "1.", "--1", "Infinity"]) expect(tryParseDecimal(input)).toBeNull();
  });

  it("compares across scales", () => {
    expect(compareDecimal(d("1.50"), d("1.5"))).toBe(0);
    expect(compareDecimal(d("1.49"), d("1.5"))).toBe(-1);
    expect(formatDecimal(normalizeDecimal(d("12.5000")))).toBe("12.5");
  });

  it("keeps a + b - b equal to a (1,000 runs)", () => {
    const decimalText = fc
      .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }))
      .map(([units, scale]) => formatDecimal({ units, scale }));
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        expect(compareDecimal(subtractDecimal(addDecimal(d(a), d(b)), d(b)), d(a))).toBe(0);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("conversion", () => {
  it("buys crypto for fiat rounded down to the currency's unit", () => {
    // 100 USD at 65,000.00 USD per BTC = 0.00153846153... BTC -> 153,846 satoshi.
    expect(convertFiatToCrypto(d("100"), d("65000.00"), 8)).toBe(153_846n);
  });

  it("never gives more crypto than the fiat pays for (1,000 runs)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (fiatCents, priceCents) => {
          const fiat = { units: BigInt(fiatCents), scale: 2 };
          const price = { units: BigInt(priceCents), scale: 2 };
          const minor = convertFiatToCrypto(fiat, price, 8);
          const paidFor = multiplyDecimal({ units: minor, scale: 8 }, price);
          expect(compareDecimal(paidFor, fiat)).toBeLessThanOrEqual(0);
          const oneMore = multiplyDecimal({ units: minor + 1n, scale: 8 }, price);
          expect(compareDecimal(oneMore, fiat)).toBe(1);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it("values crypto in fiat to the cent", () => {
    expect(formatDecimal(convertCryptoToFiat(150_000n, 8, d("65000")))).toBe("97.50");
  });
});

describe("decimals as typed", () => {
  it("takes leading zeros and a bare trailing dot as the exact value", () => {
    expect(formatDecimal(parseDecimalInput("0010"))).toBe("10");
    expect(formatDecimal(parseDecimalInput("007.50"))).toBe("7.50");
    expect(formatDecimal(parseDecimalInput("12."))).toBe("12");
    expect(formatDecimal(parseDecimalInput("-02.5", "signed"))).toBe("-2.5");
    expect(formatDecimal(parseDecimalInput("-0", "signed"))).toBe("0");
    expect(formatDecimal(parseDecimalInput("0050", "whole"))).toBe("50");
  });

  it("refuses exponents, blanks, signs where none belong and over-long input", () => {
    for (const text of ["1e309", "1e3", " 1", "", ".5", "+1", "1.2.3", "0x10"]) {
      expect(tryParseDecimalInput(text)).toBeNull();
    }
    expect(tryParseDecimalInput("-1")).toBeNull();
    expect(tryParseDecimalInput("1.5", "whole")).toBeNull();
    expect(tryParseDecimalInput("1".repeat(41))).toBeNull();
    expect(tryParseDecimalInput("1".repeat(40))).not.toBeNull();
  });

  it("gives a value the strict parser reads back the same", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?[0-9]{1,20}(\.[0-9]{0,15})?$/), (text) => {
        const value = parseDecimalInput(text, "signed");
        expect(compareDecimal(parseDecimal(formatDecimal(value)), value)).toBe(0);
      }),
      { seed: 10 },
    );
  });
});
