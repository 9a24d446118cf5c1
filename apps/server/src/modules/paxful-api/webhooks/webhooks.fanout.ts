import { CHAT_MESSAGE_EVENT, chatListQuerySchema, type PaxfulWebhookEvent, TRADE_UPDATED_EVENT } from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../../db/pool.ts";
import { findViewerByUserId } from "../../../platform/index.ts";
import { findNewestEventId, listEventsSince, type RealtimeEventRow } from "../../../realtime/index.ts";
import { listChat } from "../../chat/index.ts";
import { findTradePartyIds, getTradeAccess } from "../../trades/index.ts";
import { tradeStatusName } from "../paxful.shapes.ts";
import * as repo from "./webhooks.repo.ts";

/**
 * The fan-out (docs/decisions/075-paxful-webhooks.md#fan-out): it reads the committed-event feed
 * (the real-time events every trade and chat change writes in its own transaction) after the
 * fact, so nothing is added to the trade's transaction, and turns each fact into one delivery per
 * subscribed endpoint. A fact read twice queues nothing twice (one delivery per endpoint and key).
 */
const FEED = "paxful-webhooks";
/** Events are re-read this long after their insert: a later-committing smaller id is not missed. */
const LATE_COMMIT_WINDOW_MS = 60_000;
const BATCH = 500;

/**
 * Event ids this process has fanned out, so the re-read window costs a lookup, not the work
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
const seenEvents = new RecentIds();

/** Paxful's event for a status a trade reached. */
function tradeEventOf(status: string): PaxfulWebhookEvent | null {
  if (status === "active_funded") return "trade.started";
  if (status === "paid") return "trade.paid";
  if (status === "released") return "trade.released";
  if (status.startsWith("cancelled_")) return "trade.cancelled_or_expired";
  if (status === "dispute_open") return "trade.dispute_started";
  if (status.startsWith("dispute_won_")) return "trade.dispute_finished";
  return null;
}

function webhookBody(type: PaxfulWebhookEvent, payload: Record<string, unknown>): string {
  return JSON.stringify({ type, payload, timestamp: Math.floor(Date.now() / 1000) });
}

interface Fact {
  userId: number;
  eventType: PaxfulWebhookEvent;
  eventKey: string;
  body: () => Promise<string | null>;
}

function tradeFact(row: RealtimeEventRow, db: Db): Fact | null {
  const userId = Number(row.channel.slice("user.".length));
  const tradeHash = String(row.payload.tradeId ?? "");
  const eventType = tradeEventOf(String(row.payload.status ?? ""));
  if (!Number.isSafeInteger(userId) || !tradeHash || !eventType) return null;
  return {
    userId,
    eventType,
    // A trade reaches each status once: one delivery per trade and event, however many hints said so.
    eventKey: `${tradeHash}:${eventType}`,
    body: async () => {
      const viewer = await findViewerByUserId(db, userId);
      const access = viewer ? await getTradeAccess(db, tradeHash, viewer) : null;
      if (!access?.isParty) return null;
      return webhookBody(eventType, {
        trade_hash: access.idHashed,
        offer_hash: access.offerIdHashed,
        offer_type: access.offerType,
        trade_status: tradeStatusName(access.status),
        buyer_name: access.buyerUsername,
        seller_name: access.sellerUsername,
        fiat_amount_requested: access.fiatAmount,
        fiat_currency_code: access.fiatCurrencyCode,
        crypto_currency_code: access.cryptoCurrencyCode,
      });
    },
  };
}

async function chatFacts(row: RealtimeEventRow, db: Db): Promise<Fact[]> {
  const tradeHash = String(row.payload.tradeId ?? "");
  const messageId = Number(row.payload.messageId);
  if (!tradeHash || !Number.isSafeInteger(messageId)) return [];
  const parties = await findTradePartyIds(db, tradeHash);
  if (!parties) return [];
  const facts: Fact[] = [];
  for (const userId of [parties.buyerId, parties.sellerId]) {
    const viewer = await findViewerByUserId(db, userId);
    if (!viewer) continue;
    const page = await listChat(db, viewer, tradeHash, chatListQuerySchema.parse({ since: messageId - 1, limit: 1 }));
    const message = page.items.find((item) => item.kind !== "system" && item.messageId === messageId);
    if (!message || message.kind === "system" || message.isMine) continue;
    const eventType: PaxfulWebhookEvent =
      message.attachments.length > 0 ? "trade.attachment_uploaded" : "trade.chat_message_received";
    const payload = {
      id: message.id,
      timestamp: Math.floor(new Date(message.createdAt).getTime() / 1000),
      type: message.attachments.length > 0 ? "trade_attach_uploaded" : "msg",
      trade_hash: tradeHash,
      author: message.author.username,
      author_uuid: null,
      text: message.text,
      is_for_moderator: false,
      sent_by_moderator: message.kind === "moderator",
      security_awareness: null,
    };
    facts.push({
      userId,
      eventType,
      eventKey: `chat:${messageId}:${eventType}`,
      body: async () => webhookBody(eventType, payload),
    });
  }
  return facts;
}

async function queueFact(tx: Tx, fact: Fact): Promise<number[]> {
  const endpoints = await repo.listSubscribedEndpoints(tx, fact.userId, fact.eventType);
  if (endpoints.length === 0) return [];
  const body = await fact.body();
  if (body === null) return [];
  const ids: number[] = [];
  for (const endpoint of endpoints) {
    const id = await repo.insertDelivery(tx, {
      endpointId: endpoint.id,
      userId: fact.userId,
      eventType: fact.eventType,
      eventKey: fact.eventKey,
      url: endpoint.url,
      body,
    });
    if (id !== null) ids.push(id);
  }
  return ids;
}

/**
 * One pass over the feed; returns the deliveries it queued, to be sent once this commits. Two
 * copies running at once do not both read: the second skips the locked cursor.
 */
export async function fanOutWebhooks(db: Db): Promise<number[]> {
  await repo.ensureCursor(db, FEED, await findNewestEventId(db));
  return withTx(db, async (tx) => {
    const cursor = await repo.lockCursor(tx, FEED);
    if (cursor === null) return [];
    const events = await listEventsSince(tx, {
      afterId: cursor,
      createdAfter: new Date(Date.now() - LATE_COMMIT_WINDOW_MS),
      names: [TRADE_UPDATED_EVENT, CHAT_MESSAGE_EVENT],
      limit: BATCH,
    });
    const newest = events.reduce((max, event) => Math.max(max, event.id), cursor);
    const ids: number[] = [];
    if (events.length > 0 && (await repo.hasAnyEndpoint(db))) {
      for (const event of events) {
        if (seenEvents.has(event.id)) continue;
        const facts =
          event.name === TRADE_UPDATED_EVENT && event.channel.startsWith("user.")
            ? [tradeFact(event, db)].filter((fact): fact is Fact => fact !== null)
            : event.name === CHAT_MESSAGE_EVENT && event.channel.startsWith("trade.")
              ? await chatFacts(event, db)
              : [];
        for (const fact of facts) ids.push(...(await queueFact(tx, fact)));
        seenEvents.add(event.id);
      }
    }
    await repo.saveCursor(tx, FEED, newest);
    return ids;
  });
}
