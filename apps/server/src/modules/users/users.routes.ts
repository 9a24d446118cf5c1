import {
  currentUserSchema,
  envelopeSchema,
  publicProfileSchema,
  setUsernameRequestSchema,
  tourCompletedRequestSchema,
  usernameParamsSchema,
  userSettingsRequestSchema,
} from "@souk/contracts";
import { type AppDeps, envelope, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import { completeTour, getCurrentUser, getPublicProfile, setUsername, updateSettings } from "./users.service.ts";

const currentUserAnswer = envelopeSchema(currentUserSchema);

export function registerUsersPublicRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/users/:username",
    {
      schema: {
        tags: ["users"],
        summary: "Public profile",
        params: usernameParamsSchema,
        response: { 200: envelopeSchema(publicProfileSchema) },
      },
    },
    async (request) => envelope(await getPublicProfile(deps.readDb, request.params.username)),
  );
}

export function registerUsersPrivateRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/users/current_user",
    { schema: { tags: ["users"], summary: "The logged-in user", response: { 200: currentUserAnswer } } },
    async (request) => envelope(await getCurrentUser(deps.db, viewerOf(request).userId)),
  );

  app.post(
    "/rest/v1/users/settings",
    {
      schema: {
        tags: ["users"],
        summary: "Update account settings",
        body: userSettingsRequestSchema,
        response: { 200: currentUserAnswer },
      },
    },
    async (request) => envelope(await updateSettings(deps.db, viewerOf(request).userId, request.body)),
  );

  app.post(
    "/rest/v1/users/set-username",
    {
      schema: {
        tags: ["users"],
        summary: "Change the username (once)",
        body: setUsernameRequestSchema,
        response: { 200: currentUserAnswer },
      },
    },
    async (request) => envelope(await setUsername(deps.db, viewerOf(request).userId, request.body.username)),
  );

  app.post(
    "/rest/v1/users/tour/completed",
    {
      schema: {
        tags: ["users"],
        summary: "Mark a tour guide completed",
        body: tourCompletedRequestSchema,
        response: { 200: currentUserAnswer },
      },
    },
    async (request) => envelope(await completeTour(deps.db, viewerOf(request).userId, request.body.tourName)),
  );
}
