import {
  contactListQuerySchema,
  contactListResponseSchema,
  errorBodySchema,
  messengerProfileResponseSchema,
  messengerProfileUpdateSchema,
  relationParamsSchema,
  relationRequestSchema,
  relationResponseSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, refusals, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import {
  changeRelation,
  getMessengerProfile,
  listContacts,
  updateMessengerProfile,
  viewRelation,
} from "./contacts.service.ts";

const tags = ["contacts"];

export function registerContactsPrivateRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.post(
    "/rest/v1/users/:username/relations",
    {
      schema: {
        tags,
        summary: "Trust, untrust, block or unblock another user",
        params: relationParamsSchema,
        body: relationRequestSchema,
        response: { 200: relationResponseSchema, ...refusals },
      },
    },
    async (request) =>
      envelope(await changeRelation(deps.db, viewerOf(request).userId, request.params.username, request.body.action)),
  );

  app.get(
    "/rest/v1/users/:username/relations",
    {
      schema: {
        tags,
        summary: "The viewer's relation to another user as it stands: trusted, blocked or untrusted",
        params: relationParamsSchema,
        response: { 200: relationResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await viewRelation(deps.readDb, viewerOf(request).userId, request.params.username)),
  );

  for (const [path, state] of [
    ["/rest/v1/users/me/contacts/trusted-list", "trusted"],
    ["/rest/v1/users/me/contacts/blocked-list", "blocked"],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: `Users the viewer has ${state}, newest first (paged, 10 per page by default)`,
          querystring: contactListQuerySchema,
          response: { 200: contactListResponseSchema, ...refusals },
        },
      },
      async (request) => {
        const { items, meta } = await listContacts(deps.readDb, viewerOf(request).userId, state, request.query);
        return envelope(items, meta);
      },
    );
  }

  app.get(
    "/proxy/messenger/v3/profile",
    {
      schema: {
        tags,
        summary: "The viewer's chat visibility (accept_chat_messages)",
        response: { 200: messengerProfileResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => envelope(await getMessengerProfile(deps.db, viewerOf(request).userId)),
  );

  app.put(
    "/proxy/messenger/v3/profile",
    {
      schema: {
        tags,
        summary: "Choose who may write to the viewer: YES (everyone), TRUSTED_ONLY, TRUSTED_AND_TRADE_PARTNERS, NO",
        body: messengerProfileUpdateSchema,
        response: { 200: messengerProfileResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await updateMessengerProfile(deps.db, viewerOf(request).userId, request.body)),
  );
}
