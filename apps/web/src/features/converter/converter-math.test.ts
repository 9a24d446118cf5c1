import { describe, expect, it } from "vitest";
import { btcToFiat, changePercent, fiatToBtc, isAmountInput } from "./converter-math.ts";

describe("converter", () => {
  it("turns fiat into BTC with 8 decimals, exactly", () => {
    expect(fiatToBtc("1", "75557.75")).toBe("0.00001323");
    expect(fiatToBtc("75557.75", "75557.75")).toBe("1.00000000");
    expect(fiatToBtc("", "75557.75")).toBe("");
  });

  it("turns BTC into fiat with 2 decimals, exactly", () => {
    expect(btcToFiat("0.00001323", "75557.75")).toBe("1.00");
    expect(btcToFiat("0.1", "87350.00")).toBe("8735.00");
    expect(btcToFiat(".5", "3")).toBe("1.50");
    expect(btcToFiat("0.00000001", "0.1")).toBe("0.00");
  });

  it("accepts digits and one dot with the unit's decimals at most", () => {
    expect(isAmountInput("12.34", 2)).toBe(true);
    expect(isAmountInput("12.345", 2)).toBe(false);
    expect(isAmountInput("1.12345678", 8)).toBe(true);
    expect(isAmountInput("1e5", 8)).toBe(false);
    expect(isAmountInput("", 2)).toBe(true);
  });

  it("says how much the price moved over a range", () => {
    expect(changePercent("71455.33", "75557.75")).toBe("5.74");
    expect(changePercent("100", "90")).toBe("-10.00");
    expect(changePercent("0", "5")).toBeNull();
  });
});
