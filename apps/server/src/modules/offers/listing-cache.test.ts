import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/pool.ts";
import { cachedListing, configureListingCache, forgetCachedListings } from "./listing-cache.ts";

const db = {} as Db;

function counter() {
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      return Promise.resolve(calls);
    },
    get calls() {
      return calls;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
  configureListingCache({});
  forgetCachedListings();
});

describe("the visitors' page cache", () => {
  it("serves a page for ttlMs, then the stale page while one refresh runs, then waits for a fresh one", async () => {
    vi.useFakeTimers();
    configureListingCache({ ttlMs: 1_000, staleMs: 3_000 });
    const source = counter();
    expect(await cachedListing(db, "a", source.load)).toBe(1);
    vi.advanceTimersByTime(500);
    expect(await cachedListing(db, "a", source.load)).toBe(1);
    vi.advanceTimersByTime(1_000);
    // Stale: served at once (both requests), refreshed in the background exactly once.
    const stale = await Promise.all([cachedListing(db, "a", source.load), cachedListing(db, "a", source.load)]);
    expect(stale).toEqual([1, 1]);
    await Promise.resolve();
    expect(source.calls).toBe(2);
    expect(await cachedListing(db, "a", source.load)).toBe(2);
    vi.advanceTimersByTime(5_000);
    expect(await cachedListing(db, "a", source.load)).toBe(3);
  });

  it("forgets every page when an offer changes, and keeps pages apart by key", async () => {
    const source = counter();
    expect(await cachedListing(db, "a", source.load)).toBe(1);
    expect(await cachedListing(db, "b", source.load)).toBe(2);
    expect(await cachedListing(db, "a", source.load)).toBe(1);
    forgetCachedListings();
    expect(await cachedListing(db, "a", source.load)).toBe(3);
  });

  it("shares one load between requests that arrive together, and does not keep a failure", async () => {
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<number>((resolve) => setTimeout(() => resolve(calls), 5));
    };
    const [first, second] = await Promise.all([cachedListing(db, "c", slow), cachedListing(db, "c", slow)]);
    expect([first, second, calls]).toEqual([1, 1, 1]);
    await expect(cachedListing(db, "d", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cachedListing(db, "d", () => Promise.resolve(7))).toBe(7);
  });

  it("does nothing when switched off", async () => {
    configureListingCache({ ttlMs: 0 });
    const source = counter();
    await cachedListing(db, "a", source.load);
    await cachedListing(db, "a", source.load);
    expect(source.calls).toBe(2);
  });
});
