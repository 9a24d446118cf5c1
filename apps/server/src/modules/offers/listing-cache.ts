import type { Db } from "../../db/pool.ts";

/**
 * A short-lived cache of anonymous marketplace pages. The anonymous listing is the hottest public
 * answer and the same few hundred filter combinations come back many times a second; a page two
 * seconds old is as good as a fresh one (the rates themselves are cached for five). Answers that
 * depend on the viewer (favourites, blocks) are never cached.
 *
 * - A page younger than ttlMs is served as it is.
 * - A page older than that but younger than staleMs is still served, and one request refreshes it
 *   in the background (stale-while-revalidate): visitors never wait for a popular page.
 * - Any offer written through this module clears every cache of the process at once (a generation
 *   counter): the next request waits for a fresh page. Other server copies and changes made
 *   elsewhere (a ban) show within staleMs.
 */
export interface ListingCacheOptions {
  /** How long a page is served without a refresh; 0 switches the cache off. */
  ttlMs: number;
  /** How long a page may be served while a refresh runs. */
  staleMs: number;
  maxEntries: number;
}

const DEFAULT_OPTIONS: ListingCacheOptions = { ttlMs: 2_000, staleMs: 5_000, maxEntries: 2_000 };
let options: ListingCacheOptions = DEFAULT_OPTIONS;
let generation = 0;

interface Entry {
  at: number;
  generation: number;
  value: Promise<unknown>;
  isRefreshing: boolean;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

/** For the benchmark, which measures the listing with and without the cache. */
export function configureListingCache(next: Partial<ListingCacheOptions>): void {
  options = { ...DEFAULT_OPTIONS, ...next };
}

/**
 * How long a visitor may be shown a page of offers after it was read (0 while the cache is off):
 * the server-rendered marketplace keeps its HTML no longer.
 */
export function listingCacheLifetimeMs(): number {
  return options.ttlMs <= 0 ? 0 : options.staleMs;
}

/** Forgets every cached page of this process (after an offer changed, or data changed by hand). */
export function forgetCachedListings(): void {
  generation += 1;
}

export function cachedListing<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  if (options.ttlMs <= 0) return load();
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.generation === generation) {
    const age = now - hit.at;
    if (age < options.ttlMs) return hit.value as Promise<T>;
    if (age < options.staleMs) {
      if (!hit.isRefreshing) {
        hit.isRefreshing = true;
        const fresh = load();
        // The stale page stays until the fresh one is ready; a failed refresh keeps it.
        fresh.then(
          () => store(cache, key, { at: Date.now(), generation: hit.generation, value: fresh, isRefreshing: false }),
          () => {
            hit.isRefreshing = false;
          },
        );
      }
      return hit.value as Promise<T>;
    }
  }
  // One load per key at a time: concurrent requests for the same page share it.
  const value = load();
  const entry: Entry = { at: now, generation, value, isRefreshing: false };
  store(cache, key, entry);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

function store(cache: Map<string, Entry>, key: string, entry: Entry): void {
  // A refresh that finished after the cache was cleared does not bring back an old generation.
  if (entry.generation !== generation) return;
  cache.delete(key);
  cache.set(key, entry);
  // The oldest entries go first (a Map iterates in insertion order).
  while (cache.size > options.maxEntries) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
}
