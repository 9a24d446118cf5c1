import { z } from "zod";
import { envelopeSchema, pageMetaSchema, pageQuerySchema } from "./envelope.ts";

/**
 * Feedback after a trade (docs/product.md#feedback: rating, message, reply; give and reply; its
 * calls). Ratings use the spec's words, positive and negative; the numbers 1 and -1 are
 * accepted as the same on input.
 */

export const FEEDBACK_RATINGS = ["positive", "negative"] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
/** 'sell' is given by buyers (about the seller) and 'buy' by sellers (about the buyer). */
export const FEEDBACK_TYPES = ["buy", "sell"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_MESSAGE_MAX_LENGTH = 1_000;

export const FeedbackErrorCode = {
  /** The trade is not finished with a result both sides can rate (409, details.status). */
  NOT_AVAILABLE: "ERROR_FEEDBACK_NOT_AVAILABLE",
  /** This party already gave feedback on the trade (409). */
  ALREADY_GIVEN: "ERROR_FEEDBACK_ALREADY_GIVEN",
  /** The feedback was already answered (409). */
  ALREADY_REPLIED: "ERROR_FEEDBACK_ALREADY_REPLIED",
  /** There is no feedback to the viewer on this trade yet (404). */
  NOTHING_TO_REPLY: "ERROR_FEEDBACK_NOT_FOUND",
} as const;

const ratingInputSchema = z.union(
  [
    z.enum(FEEDBACK_RATINGS),
    z.literal(1).transform((): FeedbackRating => "positive"),
    z.literal(-1).transform((): FeedbackRating => "negative"),
  ],
  { message: "feedback_rating_invalid" },
);

const feedbackMessageSchema = z
  .string({ message: "feedback_message_required" })
  .trim()
  .min(1, { message: "feedback_message_required" })
  .max(FEEDBACK_MESSAGE_MAX_LENGTH, { message: "feedback_message_too_long" });

/** POST /rest/v1/feedback/{tradeId}/give. */
export const feedbackGiveRequestSchema = z.object({ rating: ratingInputSchema, message: feedbackMessageSchema });
export type FeedbackGiveRequest = z.infer<typeof feedbackGiveRequestSchema>;

/** POST /rest/v1/feedback/{tradeId}/reply: the receiver answers once. */
export const feedbackReplyRequestSchema = z.object({ message: feedbackMessageSchema });
export type FeedbackReplyRequest = z.infer<typeof feedbackReplyRequestSchema>;

export const feedbackIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });

export const feedbackSchema = z.object({
  id: z.number().int(),
  /** The trade's public id. */
  tradeId: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  rating: z.enum(FEEDBACK_RATINGS),
  message: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  author: z.object({ username: z.string(), avatarUrl: z.string().nullable() }),
  receiver: z.object({ username: z.string() }),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** GET /rest/v1/feedback/{tradeId}: the two feedbacks of one trade, as a party sees them. */
export const tradeFeedbackSchema = z.object({
  tradeId: z.string(),
  /** The viewer may give feedback now (a party of a finished trade who has not yet). */
  canGive: z.boolean(),
  /** The viewer received feedback and has not replied yet. */
  canReply: z.boolean(),
  /** The type the viewer's feedback has (or would have): 'sell' for the buyer, 'buy' for the seller. */
  type: z.enum(FEEDBACK_TYPES).nullable(),
  given: feedbackSchema.nullable(),
  received: feedbackSchema.nullable(),
});
export type TradeFeedback = z.infer<typeof tradeFeedbackSchema>;
export const tradeFeedbackResponseSchema = envelopeSchema(tradeFeedbackSchema);
export const feedbackResponseSchema = envelopeSchema(feedbackSchema);

/** GET /rest/v1/feedback/{username}: feedback a user received, newest first, with filters. */
export const userFeedbackQuerySchema = pageQuerySchema.extend({
  type: z.enum(FEEDBACK_TYPES, { message: "feedback_type_invalid" }).optional(),
  rating: z.enum(FEEDBACK_RATINGS, { message: "feedback_rating_invalid" }).optional(),
});
export type UserFeedbackQuery = z.infer<typeof userFeedbackQuerySchema>;

export const feedbackCountsSchema = z.object({
  positive: z.number().int(),
  negative: z.number().int(),
  total: z.number().int(),
});
export type FeedbackCounts = z.infer<typeof feedbackCountsSchema>;

/** Page meta, the user's counts (all feedback, not only the filtered), and the next page's URL. */
export const userFeedbackMetaSchema = pageMetaSchema.extend({
  positive: z.number().int(),
  negative: z.number().int(),
  nextPageUrl: z.string().nullable(),
});
export const userFeedbackResponseSchema = envelopeSchema(z.array(feedbackSchema), userFeedbackMetaSchema);

/** Real-time hint on the trade's channel when feedback is given or answered: refetch it. */
export const FEEDBACK_UPDATED_EVENT = "feedback.updated";
