import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENTS_PER_MESSAGE,
  CHAT_MESSAGE_MAX_LENGTH,
  chatAttachmentParamsSchema,
  chatListQuerySchema,
  chatListResponseSchema,
  chatPostRequestSchema,
  chatPostResponseSchema,
  chatShareBankAccountRequestSchema,
  chatShareBankAccountResponseSchema,
  chatTradeParamsSchema,
} from "@souk/contracts";
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type AppDeps,
  acceptMultipart,
  envelope,
  fileStorageFor,
  inputError,
  readMultipart,
  refusals,
  replyWithStoredFile,
  type SoukRoutes,
  viewerOf,
} from "../../platform/index.ts";
import {
  type AttachmentUpload,
  downloadAttachment,
  listChat,
  postAttachments,
  postMessage,
  shareBankAccount,
} from "./chat.service.ts";
import { registerMessengerRoutes } from "./messenger.routes.ts";

const tags = ["chat"];

/** A chat upload: the file parts and an optional `message` field, which becomes the message's text. */
async function readUpload(request: FastifyRequest): Promise<AttachmentUpload> {
  const upload = await readMultipart(request, {
    fileBytes: CHAT_ATTACHMENT_MAX_BYTES,
    files: CHAT_ATTACHMENTS_PER_MESSAGE,
    fields: 4,
    fieldBytes: CHAT_MESSAGE_MAX_LENGTH * 4,
  });
  if (upload.truncatedFields.has("message")) throw inputError({ message: ["chat_message_too_long"] });
  const message = (upload.fields.get("message") ?? "").trim();
  if (message.length > CHAT_MESSAGE_MAX_LENGTH) throw inputError({ message: ["chat_message_too_long"] });
  return { text: message, files: upload.files };
}

export async function registerChatPrivateRoutes(app: SoukRoutes, deps: AppDeps): Promise<void> {
  const storage = fileStorageFor(deps.config);
  registerMessengerRoutes(app, deps);

  await app.register(async (plain) => {
    // Multipart parsing lives in this scope only: the rest of the API takes JSON.
    await acceptMultipart(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();

    scope.get(
      "/rest/v1/trade/:id/chat",
      {
        schema: {
          tags,
          summary: "A trade's chat: messages and the trade's events as system messages, in time order",
          params: chatTradeParamsSchema,
          querystring: chatListQuerySchema,
          response: { 200: chatListResponseSchema, ...refusals },
        },
      },
      async (request) => {
        const { items, meta } = await listChat(deps.db, viewerOf(request), request.params.id, request.query);
        return envelope(items, meta);
      },
    );

    scope.post(
      "/rest/v1/trade/:id/chat",
      {
        schema: {
          tags,
          summary: "Write in a trade's chat (parties; staff write as moderators)",
          params: chatTradeParamsSchema,
          body: chatPostRequestSchema,
          response: { 200: chatPostResponseSchema, ...refusals },
        },
      },
      async (request) =>
        envelope(await postMessage(deps.db, viewerOf(request), request.params.id, request.body.message)),
    );

    scope.post(
      "/rest/v1/trade/:id/chat/bank-account",
      {
        schema: {
          tags,
          summary:
            "The seller shares another of their bank accounts in the trade's chat, once the payment details are revealed (a system event the two parties see)",
          params: chatTradeParamsSchema,
          body: chatShareBankAccountRequestSchema,
          response: { 200: chatShareBankAccountResponseSchema, ...refusals },
        },
      },
      async (request) =>
        envelope(await shareBankAccount(deps.db, viewerOf(request), request.params.id, request.body.bankAccountId)),
    );

    scope.post(
      "/rest/v1/trade/:id/chat/attachments",
      {
        schema: {
          tags,
          summary:
            "Send images (png, jpeg, webp) or PDFs in a trade's chat (multipart: file parts and an optional message field)",
          params: chatTradeParamsSchema,
          consumes: ["multipart/form-data"],
          response: { 200: chatPostResponseSchema, ...refusals },
        },
      },
      async (request) => {
        const upload = await readUpload(request);
        return envelope(await postAttachments(deps.db, storage, viewerOf(request), request.params.id, upload));
      },
    );

    scope.get(
      "/rest/v1/chat/attachments/:id",
      {
        schema: {
          tags,
          summary: "An attachment's file (the trade's parties and staff only)",
          params: chatAttachmentParamsSchema,
          response: { 200: z.any(), ...refusals },
        },
      },
      async (request, reply) => {
        return replyWithStoredFile(
          reply,
          await downloadAttachment(deps.db, storage, viewerOf(request), request.params.id),
        );
      },
    );
  });
}
