import { describe, expect, it } from "vitest";
import {
  amplitudePpmFor,
  applyPpm,
  cryptoFiatRate,
  HISTORY_DAYS,
  normalizedRate,
  parseRatesFile,
  planRatePoints,
  shiftDay,
  wobblePpm,
} from "./rates.domain.ts";

const file = {
  asOf: "2026-11-20",
  crypto: { BTC: "87350.00", USDT: "1.0002", DOGE: "0.2" },
  fiat: { USD: "1", EUR: "0.8650", JPY: "156.50", XYZ: "2" },
};
const known = {
  crypto: [
    { code: "BTC", isStablecoin: false },
    { code: "USDT", isStablecoin: true },
  ],
  fiat: ["USD", "EUR", "JPY"],
};

describe("rate math", () => {
  it("prices a coin in a fiat currency exactly, rounded half up to the fiat's decimals", () => {
    expect(cryptoFiatRate("87350.00", "0.8650", 2)).toBe("75557.75");
    expect(cryptoFiatRate("87350", "156.50", 0)).toBe("13670275");
    expect(cryptoFiatRate("1.0002", "0.8650", 2)).toBe("0.87");
    // 0.1 × 0.3 is 0.03 exactly, which floating point would not give.
    expect(cryptoFiatRate("0.1", "0.3", 4)).toBe("0.0300");
    expect(cryptoFiatRate("2.5", "1.01", 1)).toBe("2.5");
    expect(cryptoFiatRate("1", "0.125", 2)).toBe("0.13");
  });

  it("drops trailing zeros from stored rates", () => {
    expect(normalizedRate("87350.00000000")).toBe("87350");
    expect(normalizedRate("0.86500000")).toBe("0.865");
    expect(normalizedRate("1")).toBe("1");
  });

  it("applies a wobble in parts per million without floating point", () => {
    expect(applyPpm("100", 0)).toBe("100");
    expect(applyPpm("100", 12_345)).toBe("101.2345");
    expect(applyPpm("0.8650", -7_000)).toBe("0.858945");
    expect(applyPpm("87350.00", 45_000)).toBe("91280.75");
  });

  it("shifts days across months and years in UTC", () => {
    expect(shiftDay("2026-11-20", -1)).toBe("2026-11-19");
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftDay("2025-01-01", -1)).toBe("2024-12-31");
    expect(shiftDay("2024-02-28", 1)).toBe("2024-02-29");
  });
});

describe("history wobble", () => {
  it("is zero on the file's own date and for the dollar itself", () => {
    expect(wobblePpm("BTC", 0, 45_000)).toBe(0);
    expect(amplitudePpmFor("fiat", "USD")).toBe(0);
    expect(wobblePpm("USD", 17, amplitudePpmFor("fiat", "USD"))).toBe(0);
  });

  it("is the same on every run and stays within twice the amplitude", () => {
    for (const code of ["BTC", "ETH", "USDT", "EUR", "NGN"]) {
      for (let day = 1; day < HISTORY_DAYS; day += 1) {
        const ppm = wobblePpm(code, day, 45_000);
        expect(Number.isInteger(ppm)).toBe(true);
        expect(Math.abs(ppm)).toBeLessThanOrEqual(90_000);
        expect(wobblePpm(code, day, 45_000)).toBe(ppm);
      }
    }
  });

  it("actually moves, so charts are not flat lines", () => {
    const values = new Set(Array.from({ length: HISTORY_DAYS }, (_, day) => wobblePpm("BTC", day, 45_000)));
    expect(values.size).toBeGreaterThan(30);
  });

  it("keeps stablecoins and pegged currencies nearly still", () => {
    expect(amplitudePpmFor("crypto", "USDT", true)).toBeLessThan(1_000);
    expect(amplitudePpmFor("fiat", "AED")).toBeLessThan(1_000);
    expect(amplitudePpmFor("crypto", "BTC")).toBeGreaterThan(amplitudePpmFor("fiat", "EUR"));
  });
});

describe("rate plan", () => {
  it("writes the file's value on its date and derived points for the days before", () => {
    const plan = planRatePoints(parseRatesFile(file), known);
    const btc = plan.points.filter((point) => point.baseCode === "BTC");
    expect(btc).toHaveLength(HISTORY_DAYS);
    expect(btc[0]).toEqual({ baseCode: "BTC", quoteCode: "USD", rate: "87350", day: "2026-11-20", source: "file" });
    expect(btc.slice(1).every((point) => point.source === "derived")).toBe(true);
    expect(btc.at(-1)?.day).toBe(shiftDay("2026-11-20", -(HISTORY_DAYS - 1)));
    expect(new Set(btc.map((point) => point.day)).size).toBe(HISTORY_DAYS);
  });

  it("stores fiat rates as dollars to the currency and keeps USD at exactly 1", () => {
    const plan = planRatePoints(parseRatesFile(file), known);
    const eur = plan.points.find((point) => point.quoteCode === "EUR" && point.source === "file");
    expect(eur).toMatchObject({ baseCode: "USD", rate: "0.865" });
    const usd = plan.points.filter((point) => point.baseCode === "USD" && point.quoteCode === "USD");
    expect(usd.every((point) => point.rate === "1")).toBe(true);
  });

  it("skips codes that are not currencies of this installation and reports them", () => {
    const plan = planRatePoints(parseRatesFile(file), known);
    expect(plan.skipped.sort()).toEqual(["DOGE", "XYZ"]);
    expect(plan.points.some((point) => point.baseCode === "DOGE" || point.quoteCode === "XYZ")).toBe(false);
  });

  it("gives the same points every time", () => {
    expect(planRatePoints(parseRatesFile(file), known)).toEqual(planRatePoints(parseRatesFile(file), known));
  });
});

describe("rates file", () => {
  it("refuses numbers, negative or zero rates and a dollar that is not 1", () => {
    expect(() => parseRatesFile({ ...file, crypto: { BTC: 87350 } })).toThrow(/crypto\.BTC/);
    expect(() => parseRatesFile({ ...file, crypto: { BTC: "-1" } })).toThrow(/invalid rates file/);
    expect(() => parseRatesFile({ ...file, fiat: { EUR: "0.000" } })).toThrow(/positive/);
    expect(() => parseRatesFile({ ...file, crypto: { BTC: "1e5" } })).toThrow(/decimal string/);
    expect(() => parseRatesFile({ ...file, fiat: { USD: "1.1" } })).toThrow(/USD must be 1/);
    expect(() => parseRatesFile({ ...file, asOf: "20 November" })).toThrow(/asOf/);
  });

  it("accepts the shipped file", async () => {
    const shipped = (await import("./data/rates.json", { with: { type: "json" } })).default;
    const parsed = parseRatesFile(shipped);
    expect(parsed.crypto.BTC).toMatch(/^\d+\.\d+$/);
    expect(parsed.fiat.USD).toBe("1");
    expect(Object.keys(parsed.fiat).length).toBeGreaterThanOrEqual(40);
  });
});
