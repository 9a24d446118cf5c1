import fastifyMultipart, { type MultipartFile } from "@fastify/multipart";
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENTS_PER_MESSAGE,
  CHAT_MESSAGE_MAX_LENGTH,
  chatAttachmentParamsSchema,
  chatListQuerySchema,
  chatListResponseSchema,
  chatPostRequestSchema,
  chatPostResponseSchema,
  chatTradeParamsSchema,
  errorBodySchema,
  messengerListQuerySchema,
  messengerListResponseSchema,
  messengerParamsSchema,
  messengerPostRequestSchema,
  messengerPostResponseSchema,
} from "@souk/contracts";
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppDeps, DomainError, envelope, inputError, type SoukRoutes, viewerOf } from "../../platform/index.ts";
import type { UploadedFile } from "./chat.attachments.ts";
import { attachmentRefused } from "./chat.errors.ts";
import {
  type AttachmentUpload,
  downloadAttachment,
  listChat,
  listConversation,
  postAttachments,
  postDirectMessage,
  postMessage,
} from "./chat.service.ts";
import { fileStorageFor } from "./file-storage.ts";

const tags = ["chat"];
const refusals = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

/**
 * Reads a multipart upload into memory within the limits: a file over the size limit or one file
 * too many stops the parse with the spec's reason; the text field is the message.
 */
async function readUpload(request: FastifyRequest): Promise<AttachmentUpload> {
  if (!request.isMultipart())
    throw inputError({ files: ["attachment_required"] }, "Send the files as multipart/form-data.");
  const files: UploadedFile[] = [];
  let text = "";
  try {
    const parts = request.parts({
      limits: {
        fileSize: CHAT_ATTACHMENT_MAX_BYTES,
        files: CHAT_ATTACHMENTS_PER_MESSAGE,
        fields: 4,
        fieldSize: CHAT_MESSAGE_MAX_LENGTH * 4,
        parts: CHAT_ATTACHMENTS_PER_MESSAGE + 4,
      },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        const file = part as MultipartFile;
        files.push({ fileName: file.filename ?? "", declaredType: file.mimetype ?? "", bytes: await file.toBuffer() });
      } else if (part.fieldname === "message" && typeof part.value === "string") {
        if (part.valueTruncated) throw inputError({ message: ["chat_message_too_long"] });
        text = part.value;
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw attachmentRefused("attachment_limit_size");
    if (code === "FST_FILES_LIMIT") throw attachmentRefused("attachment_limit_count");
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw inputError({ body: ["multipart_too_many_parts"] }, "The upload has too many parts.");
    }
    throw inputError({ body: ["multipart_invalid"] }, "The upload could not be read.");
  }
  const message = text.trim();
  if (message.length > CHAT_MESSAGE_MAX_LENGTH) throw inputError({ message: ["chat_message_too_long"] });
  return { text: message, files };
}

export async function registerChatPrivateRoutes(app: SoukRoutes, deps: AppDeps): Promise<void> {
  const storage = fileStorageFor(deps.config);

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // Multipart parsing lives in this scope only: the rest of the API takes JSON.
    if (!scope.hasRequestDecorator("parts")) await scope.register(fastifyMultipart);

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
        const file = await downloadAttachment(deps.db, storage, viewerOf(request), request.params.id);
        // The type is the one the content check found; nothing here lets a browser run the file.
        return reply
          .header("content-type", file.contentType)
          .header("content-disposition", `${file.isInline ? "inline" : "attachment"}; filename="${file.fileName}"`)
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", "default-src 'none'; img-src 'self'; sandbox")
          .header("cross-origin-resource-policy", "same-origin")
          .header("cache-control", "private, max-age=3600")
          .send(file.bytes);
      },
    );

    scope.get(
      "/rest/v1/messenger/:username",
      {
        schema: {
          tags,
          summary: "The direct-message conversation with a user (outside trades)",
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

    scope.post(
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
  });
}
