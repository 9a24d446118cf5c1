import { compareDecimal, parseDecimal } from "@souk/money";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cappedFiatMax,
  capState,
  capSwitchesOff,
  computeOfferPrices,
  discountedFeePercent,
  exactFiatPrice,
  feeBpsFromPercent,
  feePercentFromBps,
  fixedPriceUsd,
  fundableFiatMax,
  hasAtMostDecimals,
  isWithin,
  type PriceInputs,
} from "./pricing.domain.ts";

const btcInUsd: PriceInputs = {
  priceType: "margin",
  margin: "2.5",
  fixedPrice: null,
  cryptoUsd: "87350",
  fiatPerUsd: "1",
  btcUsd: "87350",
  fiatDecimals: 2,
};

describe("offer prices", () => {
  it("prices a margin offer at the market times one plus the margin, exactly", () => {
    const prices = computeOfferPrices(btcInUsd);
    expect(prices.marketPrice).toBe("87350.00");
    expect(prices.fiatPricePerCrypto).toBe("89533.75");
    expect(prices.pricePerUsd).toBe("1.0250");
    expect(prices.pricePerBtc).toBe("89533.75");
    expect(prices.buySellPagePrice).toBe("89533.75");
    expect(prices.effectiveMargin).toBe("2.50");
  });

  it("goes through USD for another fiat currency and rounds once at the fiat's decimals", () => {
    const prices = computeOfferPrices({ ...btcInUsd, margin: "-1.25", fiatPerUsd: "1445.5" });
    // 87350 × 1445.5 = 126,264,425; × 0.9875 = 124,686,119.6875 -> half up to 2 decimals.
    expect(prices.marketPrice).toBe("126264425.00");
    expect(prices.fiatPricePerCrypto).toBe("124686119.69");
    // NGN per 1 USD worth of crypto: 1445.5 × 0.9875 = 1427.43125 -> 4 decimals.
    expect(prices.pricePerUsd).toBe("1427.4313");
    // USD per coin at this markup: 87350 × 0.9875.
    expect(prices.buySellPagePrice).toBe("86258.13");
  });

  it("keeps a fixed price as it is and reports the margin it amounts to", () => {
    const prices = computeOfferPrices({ ...btcInUsd, priceType: "fixed", fixedPrice: "90000", margin: "0" });
    expect(prices.fiatPricePerCrypto).toBe("90000.00");
    // 90000 / 87350 = 1.030337... -> 3.03 %
    expect(prices.effectiveMargin).toBe("3.03");
    expect(prices.pricePerUsd).toBe("1.0303");
  });

  it("compares an ETH offer with BTC offers through pricePerBtc", () => {
    const prices = computeOfferPrices({ ...btcInUsd, cryptoUsd: "2880.5", margin: "10" });
    expect(prices.fiatPricePerCrypto).toBe("3168.55");
    // 1 BTC worth of ETH at a 10 % markup costs 10 % above the BTC price.
    expect(prices.pricePerBtc).toBe("96085.00");
  });

  it("uses no decimals for a fiat currency without minor units", () => {
    // 87350 × 156.5 × 1.025 = 14,012,031.875 -> 14,012,032 yen.
    expect(computeOfferPrices({ ...btcInUsd, fiatPerUsd: "156.5", fiatDecimals: 0 }).fiatPricePerCrypto).toBe(
      "14012032",
    );
  });

  it("refuses to price a fixed offer without its price", () => {
    expect(() => exactFiatPrice({ ...btcInUsd, priceType: "fixed", fixedPrice: null })).toThrow(RangeError);
  });

  it("orders margin offers the same way as their prices (1,000 runs)", () => {
    const margin = fc.integer({ min: -9_900, max: 100_000 }).map((hundredths) => (hundredths / 100).toFixed(2));
    fc.assert(
      fc.property(margin, margin, (a, b) => {
        const priceA = exactFiatPrice({ ...btcInUsd, margin: a, fiatPerUsd: "1445.5" });
        const priceB = exactFiatPrice({ ...btcInUsd, margin: b, fiatPerUsd: "1445.5" });
        expect(compareDecimal(priceA, priceB)).toBe(compareDecimal(parseDecimal(a), parseDecimal(b)));
      }),
      { numRuns: 1_000 },
    );
  });

  it("gives back the margin of a fixed price set at that margin, to the cent of a percent (1,000 runs)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -9_000, max: 50_000 }), (hundredths) => {
        const margin = (hundredths / 100).toFixed(2);
        const price = computeOfferPrices({ ...btcInUsd, margin }).fiatPricePerCrypto;
        const back = computeOfferPrices({ ...btcInUsd, priceType: "fixed", fixedPrice: price }).effectiveMargin;
        const difference = Math.abs(Number(back) - Number(margin));
        expect(difference).toBeLessThanOrEqual(0.01);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("fees, limits and caps", () => {
  it("converts escrow fees between percent and basis points", () => {
    expect(feePercentFromBps(100)).toBe("1");
    expect(feePercentFromBps(125)).toBe("1.25");
    expect(feePercentFromBps(0)).toBe("0");
    expect(feeBpsFromPercent("1.25")).toBe(125);
    expect(feeBpsFromPercent("0.5")).toBe(50);
  });

  it("applies a fee discount given as a fraction", () => {
    expect(discountedFeePercent(100, "0.25")).toBe("0.75");
    expect(discountedFeePercent(100, "1.5")).toBe("0");
  });

  it("checks ranges and decimals on exact values", () => {
    expect(isWithin("150", "10", "500")).toBe(true);
    expect(isWithin("5", "10", "500")).toBe(false);
    expect(isWithin("-99", "-99", "1000")).toBe(true);
    expect(hasAtMostDecimals("2.50", 2)).toBe(true);
    expect(hasAtMostDecimals("2.505", 2)).toBe(false);
  });

  it("tells a reached cap from a cap below the smallest trade", () => {
    expect(capState({ amount: "1000", active: true, used: "1000" }, "50")).toMatchObject({
      isReachedCap: true,
      isCapLessThanMin: true,
      remaining: "0",
    });
    expect(capState({ amount: "1000", active: true, used: "980" }, "50")).toMatchObject({
      isReachedCap: false,
      isCapLessThanMin: true,
      remaining: "20",
    });
    expect(capState({ amount: "1000", active: false, used: "1000" }, "50")).toMatchObject({
      isReachedCap: false,
      isCapLessThanMin: false,
    });
  });

  it("says a trade switched the offer off only when it made the rest of the cap too small", () => {
    const cap = { amount: "1000", active: true };
    expect(capSwitchesOff({ ...cap, usedBefore: "900", used: "960" }, "50")).toBe(true);
    expect(capSwitchesOff({ ...cap, usedBefore: "900", used: "1000" }, "50")).toBe(true);
    expect(capSwitchesOff({ ...cap, usedBefore: "800", used: "900" }, "50")).toBe(false);
    // Already off before this trade (a lowered cap): told when it happened, not again.
    expect(capSwitchesOff({ ...cap, usedBefore: "980", used: "1000" }, "50")).toBe(false);
    expect(capSwitchesOff({ amount: "1000", active: false, usedBefore: "900", used: "1000" }, "50")).toBe(false);
  });

  it("expresses a fixed price in USD for the listing's order", () => {
    expect(fixedPriceUsd("76200", "0.762")).toBe("100000");
    expect(fixedPriceUsd("1", "3")).toBe("0.333333333333");
  });
});

describe("fundableFiatMax", () => {
  it("funds the largest amount whose escrow, fee included, fits the balance", () => {
    // 101 USDT at 1 % fee covers 100 USDT (fee 1), that is 100.00 USD at 1 USD per USDT.
    expect(
      fundableFiatMax({
        balanceMinor: 101_000_000n,
        fiatPricePerCrypto: "1",
        cryptoDecimals: 6,
        feeBps: 100,
        fiatDecimals: 2,
      }),
    ).toBe("100");
  });

  it("rounds the fiat down, so the trade's crypto never exceeds what is funded", () => {
    // 0.00543210 BTC with a 1 % fee funds 0.00537831 BTC; at 87,350.55 USD that is 469.798... USD.
    const max = fundableFiatMax({
      balanceMinor: 543_210n,
      fiatPricePerCrypto: "87350.55",
      cryptoDecimals: 8,
      feeBps: 100,
      fiatDecimals: 2,
    });
    expect(max).toBe("469.79");
    const back = (469_79n * 100_000_000n) / 87_350_55n;
    expect(back + (back * 100n + 9_999n) / 10_000n).toBeLessThanOrEqual(543_210n);
  });

  it("is zero for an empty balance, and never more than the offer's own maximum", () => {
    expect(
      fundableFiatMax({ balanceMinor: 0n, fiatPricePerCrypto: "5", cryptoDecimals: 8, feeBps: 100, fiatDecimals: 2 }),
    ).toBe("0");
    expect(cappedFiatMax("10000", "475.20")).toBe("475.20");
    expect(cappedFiatMax("500", "475000.00")).toBe("500");
  });
});
