import { CHAT_MESSAGE_EVENT, type PaxfulWebhookEvent, TRADE_UPDATED_EVENT } from "@souk/contracts";
import type { Db, Tx } from "../../../db/pool.ts";
import { findViewerByUserId } from "../../../platform/index.ts";
import type { RealtimeEventRow } from "../../../realtime/index.ts";
import { getTradeAccess } from "../../trades/index.ts";
import { chatMessageRecipients, readFeed, tradeStatusFact } from "../../webhooks/index.ts";
import { tradeStatusName } from "../paxful.shapes.ts";
import * as repo from "./webhooks.repo.ts";

/**
 * The fan-out (docs/decisions/075-paxful-webhooks.md#fan-out): it reads the committed-event feed
 * with its own cursor and turns each fact into one delivery per subscribed endpoint. A fact read
 * twice queues nothing twice (one delivery per endpoint and key).
 */
const FEED = "paxful-webhooks";

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
  const fact = tradeStatusFact(row);
  if (!fact) return null;
  const { userId, tradeHash, event: eventType } = fact;
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
  const recipients = await chatMessageRecipients(row, db);
  return recipients.map(({ userId, tradeHash, message }) => {
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
    return {
      userId,
      eventType,
      eventKey: `chat:${message.messageId}:${eventType}`,
      body: async () => webhookBody(eventType, payload),
    };
  });
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

/** One pass over the feed; returns the deliveries it queued, to be sent once this commits. */
export function fanOutWebhooks(db: Db): Promise<number[]> {
  return readFeed(db, {
    name: FEED,
    eventNames: [TRADE_UPDATED_EVENT, CHAT_MESSAGE_EVENT],
    isWanted: () => repo.hasAnyEndpoint(db),
    handle: async (tx, event) => {
      const facts =
        event.name === TRADE_UPDATED_EVENT
          ? [tradeFact(event, db)].filter((fact): fact is Fact => fact !== null)
          : await chatFacts(event, db);
      const ids: number[] = [];
      for (const fact of facts) ids.push(...(await queueFact(tx, fact)));
      return ids;
    },
  });
}
