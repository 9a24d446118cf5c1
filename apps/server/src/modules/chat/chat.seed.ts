import { type SeedContext, sessionlessViewer, type Viewer } from "../../platform/index.ts";
import { listSeededTrades } from "../trades/index.ts";
import { postMessage } from "./chat.service.ts";

/** A few lines in the demo trades' chats, so the trade page shows a conversation. */
type Author = "buyer" | "seller" | "mod";
const CONVERSATIONS: { tradeKey: string; lines: [Author, string][] }[] = [
  {
    tradeKey: "alice-to-bob-active",
    lines: [
      ["buyer", "Hi, I will pay in cash this afternoon."],
      ["seller", "Great, see you at 5 pm at the usual place."],
    ],
  },
  {
    tradeKey: "erin-to-judy-paid",
    lines: [
      ["buyer", "Sent just now, the reference is the trade code."],
      ["seller", "Thanks, I will check my account and release."],
    ],
  },
  {
    tradeKey: "grace-to-frank-disputed",
    lines: [
      ["buyer", "I sent the payment an hour ago."],
      ["seller", "Nothing has arrived on my side yet."],
      ["mod", "Moderator here: please both upload your payment records."],
    ],
  },
];

/** Each conversation is posted once, in a trade the seed played, and marked. */
export async function seedDemoChat(context: SeedContext): Promise<void> {
  let count = 0;
  const trades = await listSeededTrades(context);
  const moderatorId = context.users.get("mod");
  for (const conversation of CONVERSATIONS) {
    const trade = trades.find((seeded) => seeded.key === conversation.tradeKey)?.trade;
    if (!trade || (await context.marks.get("chat", conversation.tradeKey)) !== null) continue;
    const authors: Record<Author, Viewer | null> = {
      buyer: sessionlessViewer(trade.buyerId, trade.buyerUsername, ["user"]),
      seller: sessionlessViewer(trade.sellerId, trade.sellerUsername, ["user"]),
      mod: moderatorId === undefined ? null : sessionlessViewer(moderatorId, "mod", ["user", "moderator"]),
    };
    for (const [author, text] of conversation.lines) {
      const viewer = authors[author];
      if (!viewer) continue;
      await postMessage(context.db, viewer, trade.idHashed, text);
      count += 1;
    }
    await context.marks.add("chat", conversation.tradeKey, trade.idHashed);
  }
  if (count > 0) context.print(`demo chat: ${count} messages`);
}
