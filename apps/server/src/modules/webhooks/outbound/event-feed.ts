import { type Db, type Tx, withTx } from "../../../db/pool.ts";
import { findNewestEventId, listEventsSince, type RealtimeEventRow } from "../../../realtime/index.ts";
import * as cursors from "./feed-cursor.repo.ts";

/**
 * Reading the committed-event feed (docs/decisions/075-paxful-webhooks.md#fan-out): the real-time
 * events every trade and chat change writes in its own transaction are read after the fact with a
 * named cursor, so nothing is added to the trade's transaction. Each webhook kind has its own
 * cursor and turns events into its own deliveries.
 */
/** Events are re-read this long after their insert: a later-committing smaller id is not missed. */
const LATE_COMMIT_WINDOW_MS = 60_000;
const BATCH = 500;

/**
 * Event ids this process has handled per feed, so the re-read window costs a lookup, not the work
 * again (the unique delivery key is what makes a second pass harmless; this only saves time).
 */
class RecentIds {
  private readonly ids = new Set<number>();
  has(id: number): boolean {
    return this.ids.has(id);
  }
  add(id: number): void {
    this.ids.add(id);
    if (this.ids.size > 20_000) for (const old of [...this.ids].slice(0, 10_000)) this.ids.delete(old);
  }
}
const seenByFeed = new Map<string, RecentIds>();

export interface FeedReader {
  /** The cursor's name. */
  name: string;
  /** The real-time event names this reader turns into deliveries. */
  eventNames: string[];
  /** False when nobody could receive anything (no endpoint at all): the pass only moves the cursor. */
  isWanted: () => Promise<boolean>;
  /** Queues the deliveries of one event in the pass's transaction; returns their ids. */
  handle: (tx: Tx, event: RealtimeEventRow) => Promise<number[]>;
}

/**
 * One pass over the feed; returns the deliveries it queued, to be sent once this commits. Two
 * copies running at once do not both read: the second skips the locked cursor.
 */
export async function readFeed(db: Db, reader: FeedReader): Promise<number[]> {
  await cursors.ensureCursor(db, reader.name, await findNewestEventId(db));
  let seen = seenByFeed.get(reader.name);
  if (!seen) {
    seen = new RecentIds();
    seenByFeed.set(reader.name, seen);
  }
  const recent = seen;
  return withTx(db, async (tx) => {
    const cursor = await cursors.lockCursor(tx, reader.name);
    if (cursor === null) return [];
    const events = await listEventsSince(tx, {
      afterId: cursor,
      createdAfter: new Date(Date.now() - LATE_COMMIT_WINDOW_MS),
      names: reader.eventNames,
      limit: BATCH,
    });
    const newest = events.reduce((max, event) => Math.max(max, event.id), cursor);
    const ids: number[] = [];
    if (events.length > 0 && (await reader.isWanted())) {
      for (const event of events) {
        if (recent.has(event.id)) continue;
        ids.push(...(await reader.handle(tx, event)));
        recent.add(event.id);
      }
    }
    await cursors.saveCursor(tx, reader.name, newest);
    return ids;
  });
}
