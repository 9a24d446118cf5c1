/**
 * Where a subscription starts (docs/decisions/150-realtime-subscriptions-start-where-asked.md): a
 * subscriber gets the events that were not yet committed when it subscribed, and the history it
 * asked for with `since`; never an event that was already there, which the listener's sweep and
 * catch-up would otherwise hand over as if it were new.
 */

/**
 * How long a transaction may stay open and still have its event count as news when it commits
 * after a subscription began; the listener's catch-up looks back as far.
 */
export const LATE_COMMIT_WINDOW_MS = 60_000;

/** The channel as a subscription found it, read in one statement (one snapshot). */
export interface ChannelStart {
  /** The newest committed event id then, 0 for none. */
  newestId: number;
  /** The database's clock then, less LATE_COMMIT_WINDOW_MS. */
  cutoffMs: number;
  /** The committed events created after the cutoff. */
  recentIds: readonly number[];
}

/** What the client already has or did not ask for; grows with the history replayed to it. */
export interface SubscriptionStart {
  newestId: number;
  cutoffMs: number;
  seenIds: Set<number>;
}

export function subscriptionStartOf(channel: ChannelStart): SubscriptionStart {
  return { newestId: channel.newestId, cutoffMs: channel.cutoffMs, seenIds: new Set(channel.recentIds) };
}

/**
 * True when the event was already committed when the subscription began (or was replayed to it):
 * an id seen then, or one no newer than the newest id then and created before the cutoff. An
 * event with a smaller id than the newest that was not seen committed later: it is news.
 */
export function isAlreadyThere(start: SubscriptionStart, event: { id: number; createdAt: string }): boolean {
  if (start.seenIds.has(event.id)) return true;
  return event.id <= start.newestId && Date.parse(event.createdAt) <= start.cutoffMs;
}
