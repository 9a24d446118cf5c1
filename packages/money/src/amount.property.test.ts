import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AmountParseError, formatAmount, MAX_MINOR, parseAmount } from "./amount.ts";

/**
 * docs/reliability.md#i10-exact-amounts as properties: an amount typed as text is read exactly or
 * refused with a
 * reason, never rounded, wrapped or read through a float. 1,000 runs each.
 */

const RUNS = { numRuns: 1_000 };
const decimalsArb = fc.integer({ min: 0, max: 18 });
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });

function reasonOf(input: string, decimals: number): string {
  try {
    parseAmount(input, decimals);
    return "ok";
  } catch (error) {
    if (error instanceof AmountParseError) return error.reason;
    throw error;
  }
}

/** The exact value of a plain decimal string as (digits, scale), without trailing fraction zeros. */
function exact(text: string): string {
  const [whole = "0", fraction = ""] = text.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return `${BigInt(whole)}${trimmed ? `.${trimmed}` : ""}`;
}

describe("amounts as text (I10)", () => {
  it("round-trips every representable amount at every precision", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_MINOR }), decimalsArb, (minor, decimals) => {
        const text = formatAmount(minor, decimals);
        expect(parseAmount(text, decimals)).toBe(minor);
        expect(formatAmount(parseAmount(text, decimals), decimals)).toBe(text);
      }),
      RUNS,
    );
  });

  it("reads any well-formed amount within the precision exactly: its value is the text's value", () => {
    fc.assert(
      fc.property(digits(1, 10), digits(0, 18), fc.integer({ min: 0, max: 8 }), (rawWhole, rawFraction, decimals) => {
        const whole = rawWhole.replace(/^0+(?=\d)/, "");
        const fraction = rawFraction.slice(0, decimals);
        const text = fraction ? `${whole}.${fraction}` : whole;
        // Too large for a BIGINT at this precision: refused, never wrapped (the next property).
        fc.pre(BigInt(whole + fraction.padEnd(decimals, "0")) <= MAX_MINOR);
        const minor = parseAmount(text, decimals);
        expect(exact(formatAmount(minor, decimals))).toBe(exact(text));
      }),
      RUNS,
    );
  });

  it("refuses more significant decimals than the currency has instead of rounding them", () => {
    fc.assert(
      fc.property(digits(1, 6), decimalsArb, fc.integer({ min: 1, max: 9 }), (whole, decimals, last) => {
        const text = `${BigInt(whole)}.${"0".repeat(decimals)}${last}`;
        expect(reasonOf(text, decimals)).toBe("precision");
      }),
      RUNS,
    );
  });

  it("refuses every amount above the largest BIGINT instead of wrapping it", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: MAX_MINOR + 1n, max: MAX_MINOR * 1_000n }), decimalsArb, (minor, decimals) => {
        expect(reasonOf(formatAmount(minor, decimals), decimals)).toBe("range");
      }),
      RUNS,
    );
  });

  it("refuses signs, exponents, leading zeros, blanks and separators whatever the digits", () => {
    const malformed = fc.oneof(
      digits(1, 10).map((d) => `-${BigInt(d)}`),
      digits(1, 10).map((d) => `+${BigInt(d)}`),
      fc.tuple(digits(1, 5), fc.integer({ min: 0, max: 30 })).map(([d, e]) => `${BigInt(d)}e${e}`),
      fc.tuple(digits(1, 5), fc.integer({ min: 0, max: 30 })).map(([d, e]) => `${BigInt(d)}E-${e}`),
      digits(1, 10).map((d) => `0${d}`),
      digits(1, 10).map((d) => ` ${d}`),
      digits(1, 10).map((d) => `${d} `),
      digits(1, 10).map((d) => `${d}.`),
      digits(1, 10).map((d) => `.${d}`),
      fc.tuple(digits(1, 4), digits(3, 3)).map(([a, b]) => `${BigInt(a)},${b}`),
      fc.tuple(digits(1, 4), digits(1, 4)).map(([a, b]) => `${BigInt(a)}.${b}.${b}`),
      fc.constantFrom("", "NaN", "Infinity", "-0", "0x10", "1_000", "١٢"),
    );
    fc.assert(
      fc.property(malformed, decimalsArb, (text, decimals) => {
        expect(reasonOf(text, decimals)).toBe("format");
      }),
      RUNS,
    );
  });

  it("names the boundary cases of the issue", () => {
    expect(reasonOf("1e21", 8)).toBe("format");
    expect(reasonOf("0.1", 0)).toBe("precision");
    expect(reasonOf("01", 8)).toBe("format");
    expect(reasonOf("9223372036854775808", 0)).toBe("range");
    expect(parseAmount("9223372036854775807", 0)).toBe(MAX_MINOR);
    expect(reasonOf("0.123456789", 8)).toBe("precision");
    expect(reasonOf("-1", 8)).toBe("format");
  });
});
