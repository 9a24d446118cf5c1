import { describe, expect, it } from "vitest";
import {
  fiatValueOf,
  findFiatRate,
  formatCrypto,
  isPositiveAmount,
  maxSendable,
  summarizeSend,
  toInputAmount,
} from "./wallet-money.ts";

const sendInfo = {
  balance: "0.25000000",
  networkFee: "0.00002000",
  remainingToday: "0.50000000",
  maxWithdrawal: "0.24998000",
};

describe("wallet money", () => {
  it("formats an amount with all of its currency's decimals and the locale's separators", () => {
    expect(formatCrypto("1500.000000", 6, "en")).toBe("1,500.000000");
    expect(formatCrypto("1500.000000", 6, "fr")).toMatch(/^1\s500,000000$/u);
    expect(formatCrypto("not a number", 8, "en")).toBe("not a number");
  });

  it("values a balance in fiat exactly, rounded half up to the fiat's decimals", () => {
    expect(fiatValueOf("0.25000000", 8, "87350.00", 2)).toBe("21837.50");
    expect(fiatValueOf("0.00000001", 8, "87350.00", 2)).toBe("0.00");
    expect(fiatValueOf("3.000000000", 9, "2880.50", 0)).toBe("8642");
    expect(fiatValueOf("1.00000000", 8, undefined, 2)).toBeNull();
  });

  it("finds a coin's price in a fiat currency", () => {
    const rates = [
      {
        cryptoCurrencyCode: "BTC",
        usdRate: "87350",
        rates: [{ fiatCurrencyCode: "EUR", fiatCurrencyName: "Euro", fiatRate: "75557.75" }],
      },
    ];
    expect(findFiatRate(rates, "BTC", "EUR")).toBe("75557.75");
    expect(findFiatRate(rates, "BTC", "GBP")).toBeUndefined();
    expect(findFiatRate(undefined, "BTC", "EUR")).toBeUndefined();
  });

  it("charges the network fee on top of a withdrawal and nothing on an internal send", () => {
    expect(summarizeSend({ amount: "0.001", decimals: 8, mode: "address", sendInfo })).toEqual({
      amountMinor: 100_000n,
      feeMinor: 2_000n,
      totalMinor: 102_000n,
      remainingMinor: 24_898_000n,
    });
    expect(summarizeSend({ amount: "0.002", decimals: 8, mode: "username", sendInfo })).toMatchObject({
      feeMinor: 0n,
      totalMinor: 200_000n,
      remainingMinor: 24_800_000n,
    });
  });

  it("shows a negative remainder when the send is larger than the balance, and nothing for a malformed amount", () => {
    expect(summarizeSend({ amount: "1", decimals: 8, mode: "username", sendInfo })?.remainingMinor).toBe(-75_000_000n);
    expect(summarizeSend({ amount: "0.000000001", decimals: 8, mode: "username", sendInfo })).toBeNull();
    expect(summarizeSend({ amount: "1e3", decimals: 8, mode: "username", sendInfo })).toBeNull();
  });

  it("takes the largest sendable amount from the server for withdrawals and from balance and limit otherwise", () => {
    expect(maxSendable("address", sendInfo, 8)).toBe("0.24998000");
    expect(maxSendable("username", sendInfo, 8)).toBe("0.25000000");
    expect(maxSendable("username", { ...sendInfo, remainingToday: "0.10000000" }, 8)).toBe("0.10000000");
  });

  it("writes amounts for an input without trailing zeros", () => {
    expect(toInputAmount("0.24998000")).toBe("0.24998");
    expect(toInputAmount("1500.000000")).toBe("1500");
    expect(isPositiveAmount("0.00000000")).toBe(false);
    expect(isPositiveAmount("0.00000001")).toBe(true);
  });
});
