import { describe, expect, it } from "vitest";
import { type ApiRead, createRenderedPageCache, isKeptPageCurrent } from "./rendered-page-cache.ts";

const offers: ApiRead = { url: "/rest/v1/offers?type=buy", status: 200, body: '{"data":[1]}' };
const coins: ApiRead = { url: "/rest/v1/crypto-currencies", status: 200, body: '{"data":["BTC"]}' };

describe("isKeptPageCurrent", () => {
  const kept = { reads: [coins, offers], at: 1_000 };

  it("holds while every read answers the same and the page is young enough", () => {
    expect(isKeptPageCurrent(kept, [{ ...coins }, { ...offers }], 5_999, 5_000)).toBe(true);
  });

  it("fails once the page is as old as the limit", () => {
    expect(isKeptPageCurrent(kept, [coins, offers], 6_000, 5_000)).toBe(false);
    expect(isKeptPageCurrent(kept, [coins, offers], 1_000, 0)).toBe(false);
  });

  it("fails when a read answers another body or status", () => {
    expect(isKeptPageCurrent(kept, [coins, { ...offers, body: '{"data":[2]}' }], 2_000, 5_000)).toBe(false);
    expect(isKeptPageCurrent(kept, [{ ...coins, status: 500 }, offers], 2_000, 5_000)).toBe(false);
  });

  it("fails when the reads differ in number or address", () => {
    expect(isKeptPageCurrent(kept, [coins], 2_000, 5_000)).toBe(false);
    expect(isKeptPageCurrent(kept, [offers, coins], 2_000, 5_000)).toBe(false);
  });

  it("holds for a page drawn from no read, until it is too old", () => {
    expect(isKeptPageCurrent({ reads: [], at: 0 }, [], 4_999, 5_000)).toBe(true);
    expect(isKeptPageCurrent({ reads: [], at: 0 }, [], 5_000, 5_000)).toBe(false);
  });
});

describe("createRenderedPageCache", () => {
  function setUp(maxAgeMs = 5_000, maxEntries = 2) {
    let clock = 0;
    const answers = new Map<string, ApiRead>([[offers.url, offers]]);
    const asked: string[] = [];
    const read = async (url: string) => {
      asked.push(url);
      return answers.get(url) ?? { url, status: 404, body: "" };
    };
    const cache = createRenderedPageCache<string>({ maxAgeMs: () => maxAgeMs, maxEntries, now: () => clock });
    return { cache, read, answers, asked, tick: (ms: number) => (clock += ms) };
  }

  it("sends a kept page again while its reads answer the same, asking them again each time", async () => {
    const { cache, read, asked } = setUp();
    cache.keep("light /buy", "<html>", [offers], 0);

    expect(await cache.current("light /buy", read)).toBe("<html>");
    expect(await cache.current("light /buy", read)).toBe("<html>");
    expect(asked).toEqual([offers.url, offers.url]);
    expect(await cache.current("dark /buy", read)).toBeNull();
  });

  it("forgets a page whose read answers otherwise", async () => {
    const { cache, read, answers } = setUp();
    cache.keep("light /buy", "<html>", [offers], 0);
    answers.set(offers.url, { ...offers, body: '{"data":[]}' });

    expect(await cache.current("light /buy", read)).toBeNull();
    answers.set(offers.url, offers);
    expect(await cache.current("light /buy", read)).toBeNull();
  });

  it("forgets a page too old without asking its reads", async () => {
    const { cache, read, asked, tick } = setUp();
    cache.keep("light /buy", "<html>", [offers], 0);
    tick(5_000);

    expect(await cache.current("light /buy", read)).toBeNull();
    expect(asked).toEqual([]);
  });

  it("keeps nothing while the listing cache is off", async () => {
    const { cache, read } = setUp(0);
    cache.keep("light /", "<html>", [], 0);

    expect(await cache.current("light /", read)).toBeNull();
  });

  it("keeps the newest pages up to its limit", async () => {
    const { cache, read } = setUp(5_000, 2);
    cache.keep("a", "A", [], 0);
    cache.keep("b", "B", [], 0);
    cache.keep("c", "C", [], 0);

    expect(await cache.current("a", read)).toBeNull();
    expect(await cache.current("b", read)).toBe("B");
    expect(await cache.current("c", read)).toBe("C");
  });
});
