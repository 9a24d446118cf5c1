import type { Db } from "../db/pool.ts";
import { notifyEvents, type RealtimeEventRow } from "./realtime.repo.ts";

/** Most notifications sent in one statement; a larger burst goes out in several. */
const NOTIFY_BATCH = 500;

/**
 * What happens to an event once its transaction has committed: the gateway of this process (when
 * it runs one) gets it at once, and every copy hears of it through NOTIFY.
 *
 * The NOTIFY is sent after the commit, not inside the transaction: PostgreSQL serialises the
 * commits of notifying transactions behind one lock held through their WAL flush, which made every
 * money transition wait its turn (see docs/decisions). Sends are batched per database handle: while
 * one statement is out, the next events gather and leave together in the following one.
 */
class Announcer {
  private readonly pending: string[] = [];
  private isSending = false;
  localDelivery: ((rows: RealtimeEventRow[]) => void) | null = null;
  onError: ((error: Error) => void) | null = null;

  constructor(private readonly db: Db) {}

  announce(row: RealtimeEventRow): void {
    this.localDelivery?.([row]);
    this.pending.push(`${row.id}:${row.channel}`);
    // After the current turn: the events of one commit (and of commits finishing together) leave
    // in one statement.
    if (this.pending.length === 1) queueMicrotask(() => void this.flush());
  }

  private async flush(): Promise<void> {
    if (this.isSending) return;
    this.isSending = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, NOTIFY_BATCH);
        try {
          await notifyEvents(this.db, batch);
        } catch (error) {
          // The rows are committed; the listeners' periodic sweep delivers them a little later.
          this.onError?.(error as Error);
        }
      }
    } finally {
      this.isSending = false;
    }
  }
}

/** One announcer per root database handle (the pool the transactions came from). */
const announcers = new WeakMap<Db, Announcer>();

export function announcerFor(db: Db): Announcer {
  let announcer = announcers.get(db);
  if (!announcer) {
    announcer = new Announcer(db);
    announcers.set(db, announcer);
  }
  return announcer;
}
