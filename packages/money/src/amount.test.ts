import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AmountParseError,
  applyBasisPointsCeil,
  formatAmount,
  MAX_MINOR,
  parseAmount,
  sumAmounts,
  tryParseAmount,
} from "./amount.ts";

describe("parseAmount", () => {
  it("reads a decimal string into minor units exactly", () => {
    expect(parseAmount("0.0015", 8)).toBe(150_000n);
    expect(parseAmount("1", 6)).toBe(1_000_000n);
    expect(parseAmount("0.1", 9)).toBe(100_000_000n);
    expect(parseAmount("21000000", 8)).toBe(2_100_000_000_000_000n);
  });

  it.each([
    ["1e21", "format"],
    ["01", "format"],
    ["-1", "format"],
    ["+1", "format"],
    [" 1", "format"],
    ["1.", "format"],
    [".5", "format"],
    ["", "format"],
    ["0x10", "format"],
    ["1,5", "format"],
    ["NaN", "format"],
    ["0.123456789", "precision"],
    ["92233720368.54775808", "range"],
  ])("refuses %s rather than rounding it (%s)", (input, reason) => {
    expect(() => parseAmount(input, 8)).toThrow(AmountParseError);
    try {
      parseAmount(input, 8);
    } catch (error) {
      expect((error as AmountParseError).reason).toBe(reason);
    }
  });

  it("accepts trailing zeros beyond the precision because they change nothing", () => {
    expect(parseAmount("1.500000000000", 6)).toBe(1_500_000n);
  });

  it("takes the largest BIGINT and nothing above it", () => {
    expect(parseAmount("92233720368.54775807", 8)).toBe(MAX_MINOR);
    expect(tryParseAmount("9223372036854775808", 0)).toBeNull();
  });

  it("round-trips every amount through its string form (1,000 runs)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_MINOR }), fc.constantFrom(0, 2, 6, 8, 9, 18), (minor, decimals) => {
        expect(parseAmount(formatAmount(minor, decimals), decimals)).toBe(minor);
      }),
      { numRuns: 1_000 },
    );
  });

  it("accepts exactly the plain decimals it can represent, and round-trips them (1,000 runs)", () => {
    // Mostly amount-like text (signs, leading zeros, dots, exponents, blanks, long fractions,
    // huge numbers) so that both answers are common, plus arbitrary strings.
    const digits = (max: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: max });
    const amountLike = fc
      .tuple(
        fc.constantFrom("", "", "", "-", "+", " "),
        fc.oneof(fc.constant("0"), digits(22)),
        fc.option(fc.tuple(fc.constantFrom(".", "."), fc.oneof(digits(12), fc.constant(""))), { nil: undefined }),
        fc.constantFrom("", "", "", "", "e5", " ", "0", "00"),
      )
      .map(([sign, whole, fraction, suffix]) => `${sign}${whole}${fraction ? fraction.join("") : ""}${suffix}`);
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        fc.oneof({ weight: 4, arbitrary: amountLike }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }) }),
        fc.constantFrom(6, 8, 9),
        (text, decimals) => {
          const parsed = tryParseAmount(text, decimals);
          // What an exact amount of this currency looks like, told independently of the parser.
          const parts = text.split(".");
          const [whole = "", fraction = ""] = parts;
          const isPlain =
            parts.length <= 2 && /^(0|[1-9][0-9]*)$/.test(whole) && (parts.length === 1 || /^[0-9]+$/.test(fraction));
          const fits = isPlain && /^0*$/.test(fraction.slice(decimals));
          const minor = fits ? BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, "0")) : null;
          if (minor !== null && minor <= MAX_MINOR) {
            accepted += 1;
            expect(parsed, text).toBe(minor);
            expect(formatAmount(parsed as bigint, decimals).replace(/\.?0+$/, "")).toBe(
              text.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, ""),
            );
          } else {
            refused += 1;
            expect(parsed, text).toBeNull();
          }
        },
      ),
      { numRuns: 1_000 },
    );
    // Both answers were exercised many times, not in a rare branch.
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });
});

describe("formatAmount", () => {
  it("shows every decimal of the currency", () => {
    expect(formatAmount(150_000n, 8)).toBe("0.00150000");
    expect(formatAmount(1n, 6)).toBe("0.000001");
    expect(formatAmount(0n, 9)).toBe("0.000000000");
    expect(formatAmount(-25n, 2)).toBe("-0.25");
    expect(formatAmount(7n, 0)).toBe("7");
  });
});

describe("applyBasisPointsCeil", () => {
  it("takes 1% rounded up to a whole minor unit", () => {
    expect(applyBasisPointsCeil(10_000n, 100)).toBe(100n);
    expect(applyBasisPointsCeil(10_001n, 100)).toBe(101n);
    expect(applyBasisPointsCeil(1n, 100)).toBe(1n);
    expect(applyBasisPointsCeil(0n, 100)).toBe(0n);
  });

  it("never exceeds the amount times the rate by a whole unit (1,000 runs)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 10_000 }), (minor, bps) => {
        const fee = applyBasisPointsCeil(minor, bps);
        expect(fee * 10_000n >= minor * BigInt(bps)).toBe(true);
        expect((fee - 1n) * 10_000n < minor * BigInt(bps)).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("the edges of amounts", () => {
  it("reads only whole strings of plain digits, however many", () => {
    expect(parseAmount("0", 8)).toBe(0n);
    expect(parseAmount("15", 0)).toBe(15n);
    expect(parseAmount("1234567", 0)).toBe(1_234_567n);
    expect(parseAmount("1.25", 2)).toBe(125n);
    expect(parseAmount("3", 2)).toBe(300n);
    for (const input of ["x1", "1x", "a5", "1.a", "1.2.3", "1.x5", "9 "])
      expect(tryParseAmount(input, 8), input).toBeNull();
  });

  it("holds exactly the largest BIGINT, 2^63 - 1", () => {
    expect(MAX_MINOR).toBe(9_223_372_036_854_775_807n);
    expect(parseAmount("9223372036854775807", 0)).toBe(MAX_MINOR);
  });

  it("names the reason and the input (cut to 40 characters) in the error", () => {
    const long = `${"9".repeat(50)}x`;
    let caught: unknown;
    try {
      parseAmount(long, 8);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AmountParseError);
    expect((caught as AmountParseError).name).toBe("AmountParseError");
    expect((caught as AmountParseError).input).toBe(long);
    expect((caught as AmountParseError).message).toBe(`invalid amount (format): "${"9".repeat(40)}"`);
    expect(() => parseAmount("0.001", 2)).toThrow('invalid amount (precision): "0.001"');
  });

  it("answers null only for a refused amount: a caller's programming error still throws", () => {
    expect(() => tryParseAmount(undefined as unknown as string, 8)).toThrow(TypeError);
  });

  it("sums exactly, beyond what a number holds", () => {
    expect(sumAmounts([])).toBe(0n);
    expect(sumAmounts([MAX_MINOR - 2n, 1n, 1n])).toBe(MAX_MINOR);
    expect(sumAmounts(new Set([5n, -3n]))).toBe(2n);
  });

  it("refuses basis points that are negative or not whole", () => {
    expect(() => applyBasisPointsCeil(100n, -1)).toThrow("basis points must be a non-negative integer, got -1");
    expect(() => applyBasisPointsCeil(100n, 1.5)).toThrow(RangeError);
    expect(applyBasisPointsCeil(100n, 0)).toBe(0n);
  });
});
