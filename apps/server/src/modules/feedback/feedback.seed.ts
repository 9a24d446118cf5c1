import { FeedbackErrorCode } from "@souk/contracts";
import { DomainError, type SeedContext, sessionlessViewer } from "../../platform/index.ts";
import { listSeededTrades } from "../trades/index.ts";
import { giveFeedback, replyToFeedback } from "./feedback.service.ts";

const BUYER_MESSAGES = ["Quick release, friendly trader.", "Smooth trade, would buy again.", "Fast and clear, thanks!"];
const SELLER_MESSAGES = ["Paid on time, thank you.", "Paid promptly, easy trade."];

/**
 * Feedback both ways on the completed trades the seed played, with the sellers' replies, once per
 * trade (marked). A trade with a real user is never one of them.
 */
export async function seedDemoFeedback(context: SeedContext): Promise<void> {
  let count = 0;
  const trades = await listSeededTrades(context);
  for (const [index, { key, trade }] of trades.entries()) {
    if (!trade.isSuccessful || (await context.marks.get("feedback", key)) !== null) continue;
    const buyer = sessionlessViewer(trade.buyerId, trade.buyerUsername);
    const seller = sessionlessViewer(trade.sellerId, trade.sellerUsername);
    const given = [
      { viewer: buyer, message: BUYER_MESSAGES[index % BUYER_MESSAGES.length] ?? "" },
      { viewer: seller, message: SELLER_MESSAGES[index % SELLER_MESSAGES.length] ?? "" },
    ];
    for (const { viewer, message } of given) {
      try {
        await giveFeedback(context.db, viewer, trade.idHashed, { rating: "positive", message });
        count += 1;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === FeedbackErrorCode.ALREADY_GIVEN)) throw error;
      }
    }
    // The seller answers the buyer's feedback.
    await replyToFeedback(context.db, seller, trade.idHashed, "Thanks, happy to trade again.");
    await context.marks.add("feedback", key, trade.idHashed);
  }
  if (count > 0) context.print(`demo feedback: ${count} given`);
}
