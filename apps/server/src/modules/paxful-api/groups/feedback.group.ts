import { userFeedbackQuerySchema } from "@souk/contracts";
import { giveFeedback, listFeedbackForUsername, replyToFeedback } from "../../feedback/index.ts";
import { defineAction, viewerOf } from "../paxful.action.ts";
import { invalidParameters, missingParameters, notOnSouk } from "../paxful.errors.ts";

export const feedbackActions = [
  defineAction({
    path: "feedback/list",
    summary: "Feedback a user received, newest first, 10 a page",
    notFoundAs: "user",
    run: async (context, input) => {
      if (input.offer_hash !== undefined) throw notOnSouk("Feedback by offer");
      if (input.username === undefined) throw missingParameters(["username"]);
      const query = userFeedbackQuerySchema.safeParse({
        page: String(input.page ?? 1),
        perPage: "10",
        ...(input.role ? { type: input.role === "seller" ? "sell" : "buy" } : {}),
        ...(input.rating ? { rating: input.rating === "1" ? "positive" : "negative" } : {}),
      });
      if (!query.success) throw invalidParameters(query.error.issues.map((issue) => issue.path.join(".")));
      const list = await listFeedbackForUsername(context.readDb, input.username, query.data);
      return {
        page: list.meta.currentPage,
        count: list.items.length,
        limit: list.meta.perPage,
        total_count: list.meta.total,
        feedback: list.items.map((item) => ({
          rating: item.rating === "positive" ? 1 : -1,
          message: item.message,
          created_at: item.createdAt,
          trade_hash: item.tradeId,
          author_username: item.author.username,
          receiver_username: item.receiver.username,
          reply_message: item.reply,
        })),
      };
    },
  }),
  defineAction({
    path: "feedback/give",
    summary: "Rate the partner of a finished trade (1 or -1, with a message)",
    notFoundAs: "trade",
    run: async (context, input) => {
      if (!input.message?.trim()) throw missingParameters(["message"]);
      const rating = Number(input.rating) === 1 ? "positive" : "negative";
      await giveFeedback(context.db, viewerOf(context), input.trade_hash, { rating, message: input.message.trim() });
      return { success: true };
    },
  }),
  defineAction({
    path: "feedback/reply",
    summary: "Answer the feedback received on a trade (once)",
    notFoundAs: "trade",
    run: async (context, input) => {
      await replyToFeedback(context.db, viewerOf(context), input.trade_hash, input.message.trim());
      return { success: true };
    },
  }),
];
