import { type ChatItem, chatListQuerySchema } from "@souk/contracts";
import type { Db } from "../../../db/pool.ts";
import { findViewerByUserId } from "../../../platform/index.ts";
import type { RealtimeEventRow } from "../../../realtime/index.ts";
import { listChat } from "../../chat/index.ts";
import { findTradePartyIds } from "../../trades/index.ts";

/** The webhook events of a trade's life, as both kinds of webhooks name them. */
export type TradeWebhookEvent =
  | "trade.started"
  | "trade.paid"
  | "trade.released"
  | "trade.cancelled_or_expired"
  | "trade.dispute_started"
  | "trade.dispute_finished";

/** The event for a status a trade reached, or null for a status no webhook reports. */
function tradeEventOf(status: string): TradeWebhookEvent | null {
  if (status === "active_funded") return "trade.started";
  if (status === "paid") return "trade.paid";
  if (status === "released") return "trade.released";
  if (status.startsWith("cancelled_")) return "trade.cancelled_or_expired";
  if (status === "dispute_open") return "trade.dispute_started";
  if (status.startsWith("dispute_won_")) return "trade.dispute_finished";
  return null;
}

/** A trade-status event of the feed: who it was published to, which trade, the event. */
export function tradeStatusFact(
  row: RealtimeEventRow,
): { userId: number; tradeHash: string; event: TradeWebhookEvent } | null {
  const userId = Number(row.channel.slice("user.".length));
  const tradeHash = String(row.payload.tradeId ?? "");
  const event = tradeEventOf(String(row.payload.status ?? ""));
  if (!row.channel.startsWith("user.") || !Number.isSafeInteger(userId) || !tradeHash || !event) return null;
  return { userId, tradeHash, event };
}

type PartyMessage = Exclude<ChatItem, { kind: "system" }>;

/**
 * A chat event of the feed as its recipients see it: the message, read as each party other than
 * its author (system lines are nobody's message).
 */
export async function chatMessageRecipients(
  row: RealtimeEventRow,
  db: Db,
): Promise<{ userId: number; tradeHash: string; message: PartyMessage }[]> {
  const tradeHash = String(row.payload.tradeId ?? "");
  const messageId = Number(row.payload.messageId);
  if (!row.channel.startsWith("trade.") || !tradeHash || !Number.isSafeInteger(messageId)) return [];
  const parties = await findTradePartyIds(db, tradeHash);
  if (!parties) return [];
  const recipients: { userId: number; tradeHash: string; message: PartyMessage }[] = [];
  for (const userId of [parties.buyerId, parties.sellerId]) {
    const viewer = await findViewerByUserId(db, userId);
    if (!viewer) continue;
    const page = await listChat(db, viewer, tradeHash, chatListQuerySchema.parse({ since: messageId - 1, limit: 1 }));
    const message = page.items.find((item) => item.kind !== "system" && item.messageId === messageId);
    if (!message || message.kind === "system" || message.isMine) continue;
    recipients.push({ userId, tradeHash, message });
  }
  return recipients;
}
