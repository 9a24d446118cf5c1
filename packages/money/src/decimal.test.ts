import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertCryptoToFiat, convertFiatToCrypto } from "./convert.ts";
import {
  addDecimal,
  compareDecimal,
  DecimalParseError,
  decimal,
  divideDecimal,
  formatDecimal,
  multiplyDecimal,
  normalizeDecimal,
  ONE,
  parseDecimal,
  parseDecimalInput,
  roundDecimal,
  subtractDecimal,
  tryParseDecimal,
  tryParseDecimalInput,
  ZERO,
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
    for (const text of ["x-1", "-1x", "1-", "--1", "- 1"])
      expect(tryParseDecimalInput(text, "signed"), text).toBeNull();
    for (const text of ["x1", "1x", "1.5"]) expect(tryParseDecimalInput(text, "whole"), text).toBeNull();
  });

  it("answers null only for refused input: a caller's programming error still throws", () => {
    expect(() => tryParseDecimalInput(undefined as unknown as string)).toThrow(TypeError);
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

describe("the edges of decimals", () => {
  it("reads signed plain decimals of any length, and nothing around them", () => {
    expect(d("3")).toEqual({ units: 3n, scale: 0 });
    expect(d("15")).toEqual({ units: 15n, scale: 0 });
    expect(d("-123.45")).toEqual({ units: -12_345n, scale: 2 });
    expect(d("0.125")).toEqual({ units: 125n, scale: 3 });
    for (const input of ["x1", "1x", "a5", "1.a", "-", "1.2.3", "+1"]) expect(tryParseDecimal(input), input).toBeNull();
  });

  it("takes forty decimals and refuses forty-one", () => {
    expect(d(`0.${"1".repeat(40)}`).scale).toBe(40);
    expect(tryParseDecimal(`0.${"1".repeat(41)}`)).toBeNull();
  });

  it("names the input, cut to 40 characters, in the error", () => {
    const long = `${"7".repeat(45)}x`;
    let caught: unknown;
    try {
      d(long);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DecimalParseError);
    expect((caught as DecimalParseError).name).toBe("DecimalParseError");
    expect((caught as DecimalParseError).message).toBe(`invalid decimal: "${"7".repeat(40)}"`);
    expect(() => tryParseDecimal(undefined as unknown as string)).toThrow(TypeError);
  });

  it("builds decimals only at whole scales from 0 to 40", () => {
    expect(decimal(5n, 40)).toEqual({ units: 5n, scale: 40 });
    expect(decimal(5n)).toEqual({ units: 5n, scale: 0 });
    for (const scale of [-1, 41, 1.5, Number.NaN]) expect(() => decimal(5n, scale), String(scale)).toThrow(RangeError);
    expect(() => decimal(5n, 41)).toThrow("scale out of range: 41");
  });

  it("rounds each sign and each side of the half the named way", () => {
    const round = (text: string, mode: "down" | "up" | "half_up") => formatDecimal(roundDecimal(d(text), 0, mode));
    expect(round("2.5", "half_up")).toBe("3");
    expect(round("2.49", "half_up")).toBe("2");
    expect(round("-2.5", "half_up")).toBe("-3");
    expect(round("-2.49", "half_up")).toBe("-2");
    expect(round("2.01", "up")).toBe("3");
    expect(round("-2.01", "up")).toBe("-3");
    expect(round("2.99", "down")).toBe("2");
    expect(round("-2.99", "down")).toBe("-2");
    expect(round("7", "up")).toBe("7");
    // An exact value rounds to itself in every mode, even when the scale goes down.
    for (const mode of ["up", "half_up", "down"] as const) expect(round("7.00", mode), mode).toBe("7");
    expect(round("-7.0", "up")).toBe("-7");
    expect(formatDecimal(roundDecimal(d("2.5"), 3, "down"))).toBe("2.500");
  });

  it("divides with either sign on either side, and refuses zero", () => {
    const div = (a: string, b: string) => formatDecimal(divideDecimal(d(a), d(b), 2, "half_up"));
    expect(div("1", "3")).toBe("0.33");
    expect(div("-1", "3")).toBe("-0.33");
    expect(div("1", "-3")).toBe("-0.33");
    expect(div("-2", "-3")).toBe("0.67");
    expect(() => divideDecimal(d("1"), d("0"), 2, "down")).toThrow("division by zero");
    // More decimals in the dividend than the result keeps: 1.2345 / 2 = 0.61725.
    expect(formatDecimal(divideDecimal(d("1.2345"), d("2"), 2, "down"))).toBe("0.61");
    expect(formatDecimal(divideDecimal(d("1.2345"), d("2"), 2, "up"))).toBe("0.62");
  });

  it("formats at a given scale, zero without a sign", () => {
    expect(formatDecimal(d("-0.004"), 2)).toBe("0.00");
    expect(formatDecimal(d("-0.006"), 2)).toBe("-0.01");
    expect(formatDecimal(d("1.005"), 2, "down")).toBe("1.00");
    expect(formatDecimal(d("12"), 0)).toBe("12");
  });

  it("drops only fraction zeros, never whole ones", () => {
    expect(normalizeDecimal(decimal(100n, 0))).toEqual({ units: 100n, scale: 0 });
    expect(normalizeDecimal(decimal(1_200n, 2))).toEqual({ units: 12n, scale: 0 });
    expect(normalizeDecimal(decimal(1_230n, 3))).toEqual({ units: 123n, scale: 2 });
  });

  it("has the constants zero and one", () => {
    expect(compareDecimal(ZERO, d("0"))).toBe(0);
    expect(compareDecimal(ONE, d("1.000"))).toBe(0);
    expect(compareDecimal(d("2"), d("1.999"))).toBe(1);
  });
});

describe("conversion at the edges", () => {
  it("converts at prices with more decimals than the amount, rounding the way each side needs", () => {
    // 10 USD at 3.333 USD per coin = 3.0003... coins, down to 2 decimals: 3.00.
    expect(convertFiatToCrypto(d("10"), d("3.333"), 2)).toBe(300n);
    // 1 unit of 0.01 coin at 0.5 USD per coin is 0.005 USD: half up to the cent.
    expect(formatDecimal(convertCryptoToFiat(1n, 2, d("0.5")))).toBe("0.01");
    expect(formatDecimal(convertCryptoToFiat(1n, 2, d("0.4")))).toBe("0.00");
    expect(formatDecimal(convertCryptoToFiat(123n, 2, d("1"), 0))).toBe("1");
  });
});
