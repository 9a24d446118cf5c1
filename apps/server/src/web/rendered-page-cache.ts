/**
 * The HTML of the pages rendered for visitors, kept between requests
 * (docs/decisions/151-lighter-first-load-and-kept-pages.md). A page is drawn from the app's own
 * API reads; a kept page is sent again only while every one of those reads still answers exactly
 * what it answered when the page was drawn, so it never shows other offers than the API shows at
 * that moment. The reads are answered by the listing cache, which makes asking them again cheap;
 * drawing the page is what costs. A page is also drawn again once it is older than the listing
 * cache lets a page of offers be, and never kept while that cache is off.
 */

/** One API read a page was drawn from, and what it answered. */
export interface ApiRead {
  url: string;
  status: number;
  body: string;
}

interface KeptPage<Page> {
  page: Page;
  reads: readonly ApiRead[];
  at: number;
}

/**
 * Whether a kept page may be sent again: young enough, and each read answering as it did. Pure:
 * `current` holds the same reads asked again now, in the same order.
 */
export function isKeptPageCurrent(
  kept: { reads: readonly ApiRead[]; at: number },
  current: readonly ApiRead[],
  now: number,
  maxAgeMs: number,
): boolean {
  if (now - kept.at >= maxAgeMs) return false;
  if (current.length !== kept.reads.length) return false;
  return kept.reads.every((read, index) => {
    const again = current[index];
    return again !== undefined && again.url === read.url && again.status === read.status && again.body === read.body;
  });
}

export interface RenderedPageCacheOptions {
  /** How long a page may be kept; 0 keeps nothing. Read on each use (the listing cache's can change). */
  maxAgeMs: () => number;
  /** The most pages kept; the oldest goes first. */
  maxEntries: number;
  now?: () => number;
}

export interface RenderedPageCache<Page> {
  /** The kept page for `key` if it is still current (its reads asked again through `read`), else null. */
  current(key: string, read: (url: string) => Promise<ApiRead>): Promise<Page | null>;
  keep(key: string, page: Page, reads: readonly ApiRead[], at: number): void;
}

export function createRenderedPageCache<Page>(options: RenderedPageCacheOptions): RenderedPageCache<Page> {
  const pages = new Map<string, KeptPage<Page>>();
  const now = options.now ?? Date.now;
  return {
    async current(key, read) {
      const kept = pages.get(key);
      if (!kept) return null;
      const maxAgeMs = options.maxAgeMs();
      // Too old already: no need to ask the reads again.
      if (now() - kept.at >= maxAgeMs) {
        pages.delete(key);
        return null;
      }
      const again = await Promise.all(kept.reads.map((earlier) => read(earlier.url)));
      if (isKeptPageCurrent(kept, again, now(), maxAgeMs)) return kept.page;
      if (pages.get(key) === kept) pages.delete(key);
      return null;
    },
    keep(key, page, reads, at) {
      if (options.maxAgeMs() <= 0) return;
      pages.delete(key);
      pages.set(key, { page, reads, at });
      while (pages.size > options.maxEntries) {
        const oldest = pages.keys().next().value;
        if (oldest === undefined) break;
        pages.delete(oldest);
      }
    },
  };
}
