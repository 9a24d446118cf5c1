import { formatDecimal, parseDecimal } from "@souk/money";
import { describe, expect, it } from "vitest";
import {
  canonicalAmount,
  checkTradeAmount,
  marketPrice,
  percentFromRate,
  type TradeAmountRules,
} from "./trade-amount.ts";

const rules: TradeAmountRules = {
  min: "100",
  max: "1000",
  predefinedAmounts: null,
  fiatDecimals: 2,
  fiatPricePerCrypto: "77560.03",
  cryptoDecimals: 8,
};

describe("trade amount", () => {
  it("works out the crypto a fiat amount buys, rounded down to the coin's decimals", () => {
    const check = checkTradeAmount("150", rules);
    expect(check.status).toBe("ok");
    // 150 / 77560.03 = 0.001933985... -> 0.00193398 BTC
    if (check.status === "ok") expect(check.cryptoMinor).toBe(193398n);
  });

  it("keeps amounts exact: no float ever touches them", () => {
    const check = checkTradeAmount("100.10", { ...rules, fiatPricePerCrypto: "0.1" });
    if (check.status !== "ok") throw new Error(check.status);
    expect(check.cryptoMinor).toBe(100100000000n);
  });

  it("refuses amounts outside the viewer's limits", () => {
    expect(checkTradeAmount("99.99", rules)).toEqual({ status: "below_min", min: "100" });
    expect(checkTradeAmount("1000.01", rules)).toEqual({ status: "above_max", max: "1000" });
    expect(checkTradeAmount("1000", rules).status).toBe("ok");
  });

  it("takes only the listed amounts of a predefined offer", () => {
    const predefined = { ...rules, predefinedAmounts: ["100", "250"] };
    expect(checkTradeAmount("250.00", predefined).status).toBe("ok");
    expect(checkTradeAmount("200", predefined).status).toBe("not_predefined");
  });

  it("tells empty, malformed and too precise input apart", () => {
    expect(checkTradeAmount("", rules).status).toBe("empty");
    expect(checkTradeAmount("1e3", rules).status).toBe("invalid");
    // Zero is well formed, only below the minimum: the message names the smallest amount.
    expect(checkTradeAmount("0", rules)).toEqual({ status: "below_min", min: rules.min });
    expect(checkTradeAmount("0.00", rules)).toEqual({ status: "below_min", min: rules.min });
    expect(checkTradeAmount("150.125", rules)).toEqual({ status: "too_precise", decimals: 2 });
  });

  it("makes typed amounts canonical without rounding", () => {
    expect(canonicalAmount("007.50")).toBe("7.50");
    expect(canonicalAmount("12.")).toBe("12");
    expect(canonicalAmount(".5")).toBe("0.5");
  });

  it("compares the offer price with the market and with a rate of one's own", () => {
    expect(formatDecimal(marketPrice("87350", "0.8667", 2))).toBe("75706.25");
    expect(formatDecimal(percentFromRate("77560.03", parseDecimal("75000")))).toBe("3.41");
    expect(formatDecimal(percentFromRate("74000", parseDecimal("75000")))).toBe("-1.33");
  });
});
