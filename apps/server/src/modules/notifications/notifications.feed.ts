import { ACCOUNT_EVENT, TRADE_STATUSES, TRADE_UPDATED_EVENT, type TradeStatus } from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { findViewerByUserId } from "../../platform/index.ts";
import { accountEventOf, findNewestEventId, listEventsSince, type RealtimeEventRow } from "../../realtime/index.ts";
import { findTradePartyIds, getTradeAccess } from "../trades/index.ts";
import { tradeEventOf, tradeRecipientsOf } from "./notifications.domain.ts";
import * as repo from "./notifications.repo.ts";
import { notifyAccountEvent, notifyTradeParty } from "./notifications.service.ts";

/**
 * Trade notifications from the committed-event feed (docs/decisions/095-notifications-from-the-feed.md):
 * every trade change writes `trade.updated` on its parties' user channels in its own transaction;
 * this reads them after the fact with its own cursor, so nothing is added to the money path. A
 * status is notified once per trade and recipient (the dedupe key), however often it is read.
 * The other causes announce `account.event` on the user's channel the same way
 * (docs/decisions/112-one-event-catalogue.md).
 */
const FEED = "notifications";
/** Events are re-read this long after their insert, so a later-committing smaller id is not missed. */
const LATE_COMMIT_WINDOW_MS = 60_000;
const BATCH = 500;

/**
 * Facts this process has handled, so the re-read window costs a lookup here rather than the
 * trade's reads again (the dedupe key is what makes a second pass harmless).
 */
const handledKeys = new Set<string>();
function remember(key: string): void {
  handledKeys.add(key);
  if (handledKeys.size <= 20_000) return;
  const oldest = handledKeys.values().next().value;
  if (oldest !== undefined) handledKeys.delete(oldest);
}

interface TradeHint {
  tradeHash: string;
  status: TradeStatus;
}

/** The trade and status a feed row names; each change is written once per party, read once. */
function hintOf(row: RealtimeEventRow): TradeHint | null {
  const tradeHash = String(row.payload.tradeId ?? "");
  const status = String(row.payload.status ?? "");
  if (!tradeHash || !(TRADE_STATUSES as readonly string[]).includes(status)) return null;
  return { tradeHash, status: status as TradeStatus };
}

async function notifyHint(db: Db, tx: Tx, hint: TradeHint): Promise<number> {
  const event = tradeEventOf(hint.status);
  if (!event) return 0;
  const parties = await findTradePartyIds(tx, hint.tradeHash);
  if (!parties) return 0;
  let written = 0;
  const buyer = await findViewerByUserId(db, parties.buyerId);
  const trade = buyer ? await getTradeAccess(tx, hint.tradeHash, buyer) : null;
  if (!trade) return 0;
  for (const userId of tradeRecipientsOf(hint.status, trade)) {
    const isWritten = await notifyTradeParty(tx, {
      userId,
      event,
      trade,
      dedupeKey: `${hint.tradeHash}:${hint.status}`,
    });
    if (isWritten) written += 1;
  }
  return written;
}

/** What one feed row writes, under the key that makes a re-read cost a lookup. */
async function notifyRow(db: Db, tx: Tx, event: RealtimeEventRow): Promise<number> {
  const account = accountEventOf(event);
  if (account) {
    const key = `${account.userId}:${account.fact.dedupeKey}`;
    if (handledKeys.has(key)) return 0;
    const isWritten = await notifyAccountEvent(tx, account.userId, account.fact);
    remember(key);
    return isWritten ? 1 : 0;
  }
  const hint = event.channel.startsWith("user.") ? hintOf(event) : null;
  const key = hint ? `${hint.tradeHash}:${hint.status}` : "";
  if (!hint || handledKeys.has(key)) return 0;
  const written = await notifyHint(db, tx, hint);
  remember(key);
  return written;
}

/**
 * One pass over the feed; returns the notifications written. Two passes at once do not both
 * read: the second skips the locked cursor.
 */
export async function notifyFromFeed(db: Db): Promise<number> {
  await repo.createFeedCursor(db, FEED, await findNewestEventId(db));
  return withTx(db, async (tx) => {
    const cursor = await repo.claimFeedCursor(tx, FEED);
    if (cursor === null) return 0;
    const events = await listEventsSince(tx, {
      afterId: cursor,
      createdAfter: new Date(Date.now() - LATE_COMMIT_WINDOW_MS),
      names: [TRADE_UPDATED_EVENT, ACCOUNT_EVENT],
      limit: BATCH,
    });
    let written = 0;
    for (const event of events) written += await notifyRow(db, tx, event);
    const newest = events.reduce((max, event) => Math.max(max, event.id), cursor);
    await repo.advanceFeedCursor(tx, FEED, newest);
    return written;
  });
}
