import {
  messengerConversationsQuerySchema,
  messengerConversationsResponseSchema,
  messengerListQuerySchema,
  messengerListResponseSchema,
  messengerParamsSchema,
  messengerPostRequestSchema,
  messengerPostResponseSchema,
  messengerReadRequestSchema,
  messengerReadResponseSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, refusals, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { listConversation, listConversations, markConversationRead, postDirectMessage } from "./messenger.service.ts";

const tags = ["chat"];

/** The messenger's routes: direct messages outside trades (JSON only). */
export function registerMessengerRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/messenger",
    {
      schema: {
        tags,
        summary: "The viewer's direct conversations, newest first, with unread counts",
        querystring: messengerConversationsQuerySchema,
        response: { 200: messengerConversationsResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { items, meta } = await listConversations(deps.db, viewerOf(request), request.query.limit);
      return envelope(items, meta);
    },
  );

  app.get(
    "/rest/v1/messenger/:username",
    {
      schema: {
        tags,
        summary: "The direct-message conversation with a user (outside trades), with its chat existence state",
        params: messengerParamsSchema,
        querystring: messengerListQuerySchema,
        response: { 200: messengerListResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const { items, meta } = await listConversation(
        deps.db,
        viewerOf(request),
        request.params.username,
        request.query,
      );
      return envelope(items, meta);
    },
  );

  app.post(
    "/rest/v1/messenger/:username",
    {
      schema: {
        tags,
        summary: "Write to a user outside trades, as their accept_chat_messages setting allows",
        params: messengerParamsSchema,
        body: messengerPostRequestSchema,
        response: { 200: messengerPostResponseSchema, ...refusals },
      },
    },
    async (request) =>
      envelope(await postDirectMessage(deps.db, viewerOf(request), request.params.username, request.body.message)),
  );

  app.post(
    "/rest/v1/messenger/:username/read",
    {
      schema: {
        tags,
        summary: "Mark the conversation with a user read up to a message (the mark only moves forward)",
        params: messengerParamsSchema,
        body: messengerReadRequestSchema,
        response: { 200: messengerReadResponseSchema, ...refusals },
      },
    },
    async (request) =>
      envelope(
        await markConversationRead(deps.db, viewerOf(request), request.params.username, request.body.lastReadId),
      ),
  );
}
