import { describe, expect, it } from "vitest";
import { computePricePreview, cryptoForFiat } from "./price-preview.ts";

const base = { cryptoUsd: "87350", fiatPerUsd: "1", fiatDecimals: 2, fixedPrice: "", margin: "0" } as const;

describe("the wizard's price preview", () => {
  it("prices a margin over the market exactly, rounded once to the fiat's decimals", () => {
    const preview = computePricePreview({ ...base, priceType: "margin", margin: "2.5" });
    // 87350 × 1.025 = 89533.75
    expect(preview).toEqual({ marketPrice: "87350.00", pricePerCoin: "89533.75", effectiveMargin: "2.50" });
  });

  it("rounds half up where a float would drift: 0.1 % of 0.15 USD per EUR", () => {
    const preview = computePricePreview({
      ...base,
      priceType: "margin",
      margin: "0.1",
      cryptoUsd: "2880.5",
      fiatPerUsd: "0.865",
    });
    // market 2491.6325 → 2491.63; × 1.001 = 2494.1241325 → 2494.12
    expect(preview?.marketPrice).toBe("2491.63");
    expect(preview?.pricePerCoin).toBe("2494.12");
  });

  it("takes a negative margin and a currency without decimals", () => {
    const preview = computePricePreview({
      ...base,
      priceType: "margin",
      margin: "-1.25",
      cryptoUsd: "1.0002",
      fiatPerUsd: "1530",
      fiatDecimals: 0,
    });
    // 1.0002 × 1530 = 1530.306 → 1530; × 0.9875 = 1511.177175 → 1511
    expect(preview).toEqual({ marketPrice: "1530", pricePerCoin: "1511", effectiveMargin: "-1.25" });
  });

  it("shows the margin a fixed price amounts to at today's market", () => {
    const preview = computePricePreview({ ...base, priceType: "fixed", fixedPrice: "85603" });
    expect(preview).toEqual({ marketPrice: "87350.00", pricePerCoin: "85603.00", effectiveMargin: "-2.00" });
  });

  it("never shows a price of zero or below for a margin of -100 % or less", () => {
    for (const margin of ["-100", "-200", "-1000.5"]) {
      expect(computePricePreview({ ...base, priceType: "margin", margin })).toEqual({
        marketPrice: "87350.00",
        pricePerCoin: null,
        effectiveMargin: null,
      });
    }
    expect(computePricePreview({ ...base, priceType: "margin", margin: "-99.99" })?.pricePerCoin).toBe("8.74");
  });

  it("gives no price while the typed one is incomplete, and nothing without a rate", () => {
    expect(computePricePreview({ ...base, priceType: "margin", margin: "-" })?.pricePerCoin).toBeNull();
    expect(computePricePreview({ ...base, priceType: "fixed", fixedPrice: "0" })?.pricePerCoin).toBeNull();
    expect(computePricePreview({ ...base, priceType: "margin", fiatPerUsd: null })).toBeNull();
  });

  it("tells how much crypto a fiat amount buys, rounded down", () => {
    expect(cryptoForFiat("1000", "89533.75", 8)).toBe("0.01116897");
    expect(cryptoForFiat("", "89533.75", 8)).toBeNull();
  });
});
