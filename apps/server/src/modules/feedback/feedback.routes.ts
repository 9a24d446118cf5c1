import {
  feedbackGiveRequestSchema,
  feedbackGiveResponseSchema,
  feedbackIdParamsSchema,
  feedbackReplyRequestSchema,
  tradeFeedbackResponseSchema,
  userFeedbackQuerySchema,
  userFeedbackResponseSchema,
  usernameParamsSchema,
} from "@souk/contracts";
import { z } from "zod";
import { type AppDeps, envelope, refusals, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { findTradeFeedback, giveFeedback, listFeedbackForUsername, replyToFeedback } from "./feedback.service.ts";

const tags = ["feedback"];

/**
 * Reading feedback is public: a user's received feedback is part of their profile. The spec's
 * GET /rest/v1/feedback/{id} serves both a trade (when the viewer may see that trade) and a
 * username; /rest/v1/users/{username}/feedback is the same list without the ambiguity.
 */
export function registerFeedbackPublicRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/feedback/:id",
    {
      schema: {
        tags,
        summary:
          "A trade's feedback (its parties and staff), or else the feedback a user received (page, type, rating)",
        params: feedbackIdParamsSchema,
        querystring: userFeedbackQuerySchema,
        response: { 200: z.union([tradeFeedbackResponseSchema, userFeedbackResponseSchema]), ...refusals },
      },
    },
    async (request) => {
      const trade = await findTradeFeedback(deps.db, request.viewer, request.params.id);
      if (trade) return envelope(trade);
      const { items, meta } = await listFeedbackForUsername(deps.readDb, request.params.id, request.query);
      return envelope(items, meta);
    },
  );

  app.get(
    "/rest/v1/users/:username/feedback",
    {
      schema: {
        tags,
        summary: "The feedback a user received, newest first (page, type, rating)",
        params: usernameParamsSchema,
        querystring: userFeedbackQuerySchema,
        response: { 200: userFeedbackResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { items, meta } = await listFeedbackForUsername(deps.readDb, request.params.username, request.query);
      return envelope(items, meta);
    },
  );
}

export function registerFeedbackPrivateRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.post(
    "/rest/v1/feedback/:id/give",
    {
      schema: {
        tags,
        summary: "Rate the other party of a completed trade, once (rating positive or negative, and a message)",
        params: feedbackIdParamsSchema,
        body: feedbackGiveRequestSchema,
        response: { 200: feedbackGiveResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await giveFeedback(deps.db, viewerOf(request), request.params.id, request.body)),
  );

  app.post(
    "/rest/v1/feedback/:id/reply",
    {
      schema: {
        tags,
        summary: "Answer the feedback received on a trade, once",
        params: feedbackIdParamsSchema,
        body: feedbackReplyRequestSchema,
        response: { 200: feedbackGiveResponseSchema, ...refusals },
      },
    },
    async (request) =>
      envelope(await replyToFeedback(deps.db, viewerOf(request), request.params.id, request.body.message)),
  );
}
