import { type SeedContext, sessionlessViewer, type Viewer } from "../../platform/index.ts";
import { listTradeHistory } from "../trades/index.ts";
import { listChat, postMessage } from "./chat.service.ts";

/**
 * A few lines in the demo trades' chats, so the trade page shows a conversation. Trades are found
 * by their buyer and status (the trades seed may pick another vendor than planned).
 */
type Author = "buyer" | "seller" | "mod";
const CONVERSATIONS: { buyer: string; status: string; lines: [Author, string][] }[] = [
  {
    buyer: "bob",
    status: "active_funded",
    lines: [
      ["buyer", "Hi, I will pay in cash this afternoon."],
      ["seller", "Great, see you at 5 pm at the usual place."],
    ],
  },
  {
    buyer: "frank",
    status: "dispute_open",
    lines: [
      ["buyer", "I sent the payment an hour ago."],
      ["seller", "Nothing has arrived on my side yet."],
      ["mod", "Moderator here: please both upload your payment records."],
    ],
  },
];

export async function seedDemoChat(context: SeedContext): Promise<void> {
  let count = 0;
  for (const conversation of CONVERSATIONS) {
    const buyerId = context.users.get(conversation.buyer);
    if (buyerId === undefined) continue;
    const { items } = await listTradeHistory(context.db, buyerId, { filter: "all" }, { limit: 50, offset: 0 });
    const trade = items.find((item) => item.status === conversation.status && item.side === "bought");
    const sellerId = trade ? context.users.get(trade.partner.username) : undefined;
    const moderatorId = context.users.get("mod");
    if (!trade || sellerId === undefined) continue;
    const authors: Record<Author, Viewer | null> = {
      buyer: sessionlessViewer(buyerId, conversation.buyer, ["user"]),
      seller: sessionlessViewer(sellerId, trade.partner.username, ["user"]),
      mod: moderatorId === undefined ? null : sessionlessViewer(moderatorId, "mod", ["user", "moderator"]),
    };
    // Seeding twice adds nothing: a chat that already has messages is left alone.
    const existing = await listChat(context.db, authors.buyer as Viewer, trade.id, { limit: 1 });
    if (existing.items.some((item) => item.kind !== "system")) continue;
    for (const [author, text] of conversation.lines) {
      const viewer = authors[author];
      if (!viewer) continue;
      await postMessage(context.db, viewer, trade.id, text);
      count += 1;
    }
  }
  if (count > 0) context.print(`demo chat: ${count} messages`);
}
