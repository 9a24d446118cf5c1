import { describe, expect, it } from "vitest";
import { formatMargin, formatServerDecimal, isNegativeDecimal } from "./listing-format.ts";

describe("listing formatting", () => {
  it("shows a server decimal at its own scale with the locale's grouping", () => {
    expect(formatServerDecimal("4184581.56", "en")).toBe("4,184,581.56");
    expect(formatServerDecimal("29000", "en")).toBe("29,000");
    expect(formatServerDecimal("1234.5", "fr")).toMatch(/^1\s234,5$/u);
  });

  it("shows a margin with its sign and two decimals at least", () => {
    expect(formatMargin("0.50", "en")).toBe("+0.50%");
    expect(formatMargin("-2", "en")).toBe("−2.00%");
    expect(formatMargin("0", "en")).toBe("0.00%");
    expect(formatMargin("1.255", "fr")).toMatch(/^\+1,255 %$/u);
  });

  it("tells a negative decimal apart from a signed zero", () => {
    expect(isNegativeDecimal("-0.5")).toBe(true);
    expect(isNegativeDecimal("-0")).toBe(false);
    expect(isNegativeDecimal("3")).toBe(false);
  });
});
