import {
  AVATAR_MAX_BYTES,
  avatarParamsSchema,
  currentUserSchema,
  envelopeSchema,
  errorBodySchema,
  publicProfileSchema,
  setUsernameRequestSchema,
  tourCompletedRequestSchema,
  usernameParamsSchema,
  userSettingsRequestSchema,
} from "@souk/contracts";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type AppDeps,
  acceptMultipart,
  envelope,
  fileStorageFor,
  readMultipart,
  replyWithStoredFile,
  type SoukRoutes,
  viewerOf,
} from "../../platform/index.ts";
import { processAvatar, readAvatar } from "./users.avatar.ts";
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

  const storage = fileStorageFor(deps.config);
  app.get(
    "/rest/v1/avatars/:id",
    {
      schema: {
        tags: ["users"],
        summary: "A user's avatar (the avatarUrl of profiles), a square WebP image",
        params: avatarParamsSchema,
        response: { 200: z.any(), 404: errorBodySchema },
      },
    },
    async (request, reply) => replyWithStoredFile(reply, await readAvatar(storage, request.params.id)),
  );
}

async function registerAvatarUpload(app: SoukRoutes, deps: AppDeps): Promise<void> {
  const storage = fileStorageFor(deps.config);
  await app.register(async (plain) => {
    // Multipart parsing lives in this scope only: the rest of the users calls take JSON.
    await acceptMultipart(plain);
    plain.withTypeProvider<ZodTypeProvider>().post(
      "/rest/v1/users/process-avatar",
      {
        config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
        schema: {
          tags: ["users"],
          summary:
            "Set the avatar (multipart: one png, jpeg or webp file, checked by content, stored as a square WebP); " +
            "answers the current user with its new avatarUrl",
          consumes: ["multipart/form-data"],
          response: { 200: currentUserAnswer },
        },
      },
      async (request) => {
        const upload = await readMultipart(request, {
          fileBytes: AVATAR_MAX_BYTES,
          files: 1,
          fields: 1,
          fieldBytes: 100,
        });
        return envelope(await processAvatar(deps.db, storage, viewerOf(request).userId, upload.files));
      },
    );
  });
}

export async function registerUsersPrivateRoutes(app: SoukRoutes, deps: AppDeps): Promise<void> {
  await registerAvatarUpload(app, deps);
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
