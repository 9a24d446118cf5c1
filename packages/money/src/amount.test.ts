import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AmountParseError,
  applyBasisPointsCeil,
  formatAmount,
  MAX_MINOR,
  parseAmount,
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
