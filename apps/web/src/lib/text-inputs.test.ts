import { describe, expect, it } from "vitest";
import { canonicalSignedDecimal, isDecimalAmountText, isDigitsText, isSignedDecimalText } from "./text-inputs.ts";

describe("amount inputs (docs/product.md#amount-inputs)", () => {
  it("take digits with one optional dot and fraction, or nothing", () => {
    for (const text of ["", "0", "12", "12.", "12.5", "0.00150000"]) expect(isDecimalAmountText(text)).toBe(true);
    for (const text of [".5", "1.2.3", "1,5", "-1", "1e3", " 1"]) expect(isDecimalAmountText(text)).toBe(false);
  });

  it("let a margin start with a minus sign", () => {
    for (const text of ["-", "-2", "-2.5", "3"]) expect(isSignedDecimalText(text)).toBe(true);
    expect(isSignedDecimalText("--2")).toBe(false);
    expect(canonicalSignedDecimal("-002.50")).toBe("-2.50");
  });

  it("take digits only for limits", () => {
    expect(isDigitsText("")).toBe(true);
    expect(isDigitsText("1500")).toBe(true);
    expect(isDigitsText("15.5")).toBe(false);
    expect(isDigitsText("-1")).toBe(false);
  });
});
