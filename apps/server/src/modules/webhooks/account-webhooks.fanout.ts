import { randomUUID } from "node:crypto";
import {
  ACCOUNT_EVENT,
  type AccountEventFact,
  type AccountWebhookEvent,
  CHAT_MESSAGE_EVENT,
  isAccountWebhookEvent,
  TRADE_UPDATED_EVENT,
  type Trade,
} from "@souk/contracts";
import type { Config } from "../../config.ts";
import type { Db, Tx } from "../../db/pool.ts";
import { type Features, findViewerByUserId } from "../../platform/index.ts";
import { accountEventOf, type RealtimeEventRow } from "../../realtime/index.ts";
import { getTrade } from "../trades/index.ts";
import * as deliveries from "./account-webhooks.deliveries.repo.ts";
import * as repo from "./account-webhooks.repo.ts";
import { readFeed } from "./outbound/event-feed.ts";
import { chatMessageRecipients, tradeStatusFact } from "./outbound/trade-facts.ts";

/**
 * The account webhooks' fan-out: their own cursor on the committed-event feed (nothing is added to
 * the money path); each trade status and chat message becomes one delivery for a party whose
 * webhook is on and checks the event, with what a trader needs without opening the site. The
 * other facts of the event catalogue (`account.event`: deposits, withdrawals, offers switched
 * off, bids outbid, new devices) go the same way with what their cause announced.
 */
const FEED = "account-webhooks";

export interface FanOutContext {
  db: Db;
  config: Config;
  features: Features;
}

/** What a trade alert carries: amount and coin, fiat amount, payment method, counterparty, time left, link. */
function tradeAlert(trade: Trade, event: AccountWebhookEvent, publicUrl: string, now: Date) {
  const isBuyer = trade.viewerRole === "buyer";
  // The feed is read after the fact: a started trade's window is told even if it moved on since.
  const isWaitingForPayment = trade.status === "active_funded" || event === "trade.started";
  return {
    tradeId: trade.id,
    status: trade.status,
    role: trade.viewerRole,
    amount: trade.cryptoAmount.amount,
    coin: trade.cryptoAmount.currencyCode,
    fiatAmount: trade.fiatAmount,
    fiatCurrency: trade.currency.code,
    paymentMethod: trade.paymentMethod.name.original,
    counterparty: (isBuyer ? trade.seller : trade.buyer).username,
    expiresAt: isWaitingForPayment ? new Date(trade.expiresAt.timestamp * 1000).toISOString() : null,
    timeLeftSeconds: isWaitingForPayment
      ? Math.max(0, trade.expiresAt.timestamp - Math.floor(now.getTime() / 1000))
      : null,
    link: `${publicUrl}/trade/${trade.id}`,
  };
}

async function tradeFor(context: FanOutContext, userId: number, tradeHash: string): Promise<Trade | null> {
  const viewer = await findViewerByUserId(context.db, userId);
  if (!viewer) return null;
  const trade = await getTrade(context.db, viewer, tradeHash, context.features).catch(() => null);
  return trade && trade.viewerRole !== "moderator" ? trade : null;
}

async function queue(
  tx: Tx,
  context: FanOutContext,
  fact: { userId: number; tradeHash: string; event: AccountWebhookEvent; eventKey: string },
  extra: Record<string, unknown> = {},
): Promise<number[]> {
  if (!(await repo.isReceiving(tx, fact.userId, fact.event))) return [];
  const trade = await tradeFor(context, fact.userId, fact.tradeHash);
  if (!trade) return [];
  const now = new Date();
  const publicUrl = publicUrlOf(context.config);
  const body = JSON.stringify({
    type: fact.event,
    timestamp: now.toISOString(),
    data: { ...tradeAlert(trade, fact.event, publicUrl, now), ...extra },
  });
  const id = await deliveries.insertDelivery(tx, {
    userId: fact.userId,
    messageId: `msg_${randomUUID().replaceAll("-", "")}`,
    event: fact.event,
    eventKey: fact.eventKey,
    body,
  });
  return id === null ? [] : [id];
}

function publicUrlOf(config: Config): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/** One delivery of an account fact for its user, when their webhook is on and checks it. */
async function queueAccountFact(tx: Tx, context: FanOutContext, userId: number, fact: AccountEventFact) {
  if (!isAccountWebhookEvent(fact.event) || !(await repo.isReceiving(tx, userId, fact.event))) return [];
  const { event, dedupeKey, link, ...data } = fact;
  const body = JSON.stringify({
    type: event,
    timestamp: new Date().toISOString(),
    data: { ...data, link: `${publicUrlOf(context.config)}${link}` },
  });
  const messageId = `msg_${randomUUID().replaceAll("-", "")}`;
  const id = await deliveries.insertDelivery(tx, { userId, messageId, event, eventKey: dedupeKey, body });
  return id === null ? [] : [id];
}

async function handle(tx: Tx, context: FanOutContext, event: RealtimeEventRow): Promise<number[]> {
  const account = accountEventOf(event);
  if (account) return queueAccountFact(tx, context, account.userId, account.fact);
  if (event.name === TRADE_UPDATED_EVENT) {
    const fact = tradeStatusFact(event);
    if (!fact) return [];
    // A trade reaches each status once: one delivery per trade and event.
    return queue(tx, context, { ...fact, eventKey: `${fact.tradeHash}:${fact.event}` });
  }
  const ids: number[] = [];
  for (const { userId, tradeHash, message } of await chatMessageRecipients(event, context.db)) {
    const chat = { author: message.author.username, text: message.text, attachments: message.attachments.length };
    const event = "trade.chat_message_received" as const;
    const eventKey = `chat:${message.messageId}`;
    ids.push(...(await queue(tx, context, { userId, tradeHash, event, eventKey }, { message: chat })));
  }
  return ids;
}

/** One pass over the feed; returns the deliveries it queued, to be sent once this commits. */
export function fanOutAccountWebhooks(context: FanOutContext): Promise<number[]> {
  return readFeed(context.db, {
    name: FEED,
    eventNames: [TRADE_UPDATED_EVENT, CHAT_MESSAGE_EVENT, ACCOUNT_EVENT],
    isWanted: () => repo.hasAnyEnabled(context.db),
    handle: (tx, event) => handle(tx, context, event),
  });
}
