import { compareDecimal, type DecimalInputKind, parseDecimal, tryParseDecimalInput } from "@souk/money";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalInputSchema, digitsTextSchema, signedDecimalInputSchema } from "./decimal-input.ts";
import { fiatAmountInputSchema } from "./trades.ts";

/** Strings made mostly of the characters decimals are made of, with the ones that break them. */
const decimalish = fc.oneof(
  fc.string({ unit: fc.constantFrom(..."0123456789.-+eE ,x"), maxLength: 45 }),
  fc.stringMatching(/^-?[0-9]{1,42}(\.[0-9]{0,3})?$/),
  fc.constantFrom("0010", "-0", "00", "12.", ".5", "1e309", "1e21", "", "-", "0x10", "٣", "１", "1_000"),
);

const schemas: [DecimalInputKind, { safeParse(value: unknown): { success: boolean; data?: unknown } }][] = [
  ["unsigned", decimalInputSchema],
  ["signed", signedDecimalInputSchema],
  ["unsigned", fiatAmountInputSchema],
];

describe("the decimal input schemas", () => {
  it.each(schemas)("accept exactly what the money parser accepts (%s)", (kind, schema) => {
    fc.assert(
      fc.property(decimalish, (text) => {
        const parsed = schema.safeParse(text);
        const value = tryParseDecimalInput(text, kind);
        expect(parsed.success).toBe(value !== null);
        if (parsed.success && value !== null) {
          // What passes is canonical: the strict parser used further in takes it, with the same value.
          expect(compareDecimal(parseDecimal(String(parsed.data)), value)).toBe(0);
        }
      }),
      { numRuns: 2_000, seed: 10 },
    );
  });

  it("takes leading zeros as the exact value they are, never as a server error further in", () => {
    expect(fiatAmountInputSchema.safeParse("0010").data).toBe("10");
    expect(decimalInputSchema.safeParse("007.50").data).toBe("7.50");
    expect(decimalInputSchema.safeParse("12.").data).toBe("12");
    expect(signedDecimalInputSchema.safeParse("-0").data).toBe("0");
    expect(signedDecimalInputSchema.safeParse("-02.5").data).toBe("-2.5");
  });

  it("refuses exponents, signs where none belong, other digits and blanks", () => {
    for (const text of ["1e309", "1e3", "-1", "+1", " 1", "1 ", "٣", ".5", "", "1.2.3"]) {
      expect(decimalInputSchema.safeParse(text).success).toBe(false);
    }
    expect(signedDecimalInputSchema.safeParse("--1").success).toBe(false);
  });

  it("keeps whole amounts to digits and 15 characters", () => {
    expect(digitsTextSchema.safeParse("0050").data).toBe("50");
    expect(digitsTextSchema.safeParse("5.0").success).toBe(false);
    expect(digitsTextSchema.safeParse("1".repeat(16)).error?.issues[0]?.message).toBe("amount_too_large");
  });
});
