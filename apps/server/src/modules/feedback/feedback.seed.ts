import { FeedbackErrorCode } from "@souk/contracts";
import { DomainError, type SeedContext, sessionlessViewer, type Viewer } from "../../platform/index.ts";
import { listTradeHistory } from "../trades/index.ts";
import { giveFeedback, replyToFeedback } from "./feedback.service.ts";

/** Feedback on the demo's completed trades, both ways, with the sellers' replies. Seeding twice adds nothing. */
export async function seedDemoFeedback(context: SeedContext): Promise<void> {
  const done: { viewer: Viewer; tradeId: string; isBuyer: boolean }[] = [];
  for (const [username, userId] of context.users) {
    const { items } = await listTradeHistory(context.db, userId, { filter: "successful" }, { limit: 50, offset: 0 });
    for (const trade of items)
      done.push({ viewer: sessionlessViewer(userId, username), tradeId: trade.id, isBuyer: trade.side === "bought" });
  }
  let count = 0;
  for (const { viewer, tradeId, isBuyer } of done) {
    try {
      await giveFeedback(context.db, viewer, tradeId, {
        rating: "positive",
        message: isBuyer ? "Quick release, friendly trader." : "Paid on time, thank you.",
      });
      count += 1;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === FeedbackErrorCode.ALREADY_GIVEN)) throw error;
    }
  }
  // Replies after every feedback is in; a feedback already answered is left as it is.
  for (const { viewer, tradeId, isBuyer } of done) {
    if (!isBuyer) await replyToFeedback(context.db, viewer, tradeId, "Thanks, happy to trade again.").catch(() => {});
  }
  if (count > 0) context.print(`demo feedback: ${count} given`);
}
