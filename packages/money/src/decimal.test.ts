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
  roundDecimal,
  subtractDecimal,
  tryParseDecimal,
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
