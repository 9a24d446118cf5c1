import { z } from "zod";
import { ACCEPT_CHAT_MESSAGES } from "./enums.ts";
import { envelopeSchema } from "./envelope.ts";
import { ATTACHMENT_ERROR_REASONS, CHAT_BLOCK_REASONS } from "./trades.ts";

/**
 * Trade chat (docs/product.md#chat): messages of the two parties and of moderators, the trade's
 * own events shown as system messages, and checked attachments (images and PDFs).
 */

/**
 * Why a chat attachment was refused: the spec's six reasons (docs/product.md#attachments), plus
 * attachment_type_not_allowed (ours, in the same style) for a file that is neither an image nor a
 * PDF by its content and did not claim to be one either.
 */
export const CHAT_ATTACHMENT_REASONS = [...ATTACHMENT_ERROR_REASONS, "attachment_type_not_allowed"] as const;
export type ChatAttachmentReason = (typeof CHAT_ATTACHMENT_REASONS)[number];

export const ChatErrorCode = {
  /**
   * The viewer may not write in this trade's chat now; `details.reason` is the spec's chat block
   * reason. 403 for ChatBlocked (a block between the parties), 409 for the trade-state reasons.
   */
  NOT_AVAILABLE: "ERROR_CHAT_NOT_AVAILABLE",
  /** The recipient's accept_chat_messages setting does not let the sender write (403). */
  MESSENGER_NOT_ACCEPTED: "ERROR_MESSENGER_NOT_ACCEPTED",
  /** The attachment's file is gone from the storage (404). */
  ATTACHMENT_MISSING: "ERROR_ATTACHMENT_MISSING",
} as const;

export const CHAT_MESSAGE_MAX_LENGTH = 2_000;
/** Bytes of one uploaded file, before re-encoding. */
export const CHAT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const CHAT_ATTACHMENTS_PER_MESSAGE = 5;
export const CHAT_ATTACHMENTS_PER_TRADE = 30;
/** Images are re-encoded to fit this many pixels on their longer side. */
export const CHAT_IMAGE_MAX_SIDE = 2_048;
export const CHAT_PDF_MAX_PAGES = 20;
export const CHAT_PAGE_SIZE = 50;
export const CHAT_PAGE_SIZE_MAX = 200;
/** Accepted image types (by content); anything else that is not a PDF is refused. */
export const CHAT_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

export const chatAttachmentSchema = z.object({
  /** Random id; the download is GET /rest/v1/chat/attachments/{id}. */
  id: z.string(),
  kind: z.enum(["image", "pdf"]),
  /** From the content check, never from the uploaded name or header. */
  contentType: z.string(),
  byteSize: z.number().int(),
  fileName: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  pageCount: z.number().int().nullable(),
  url: z.string(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** Who wrote a message, as the viewer sees it. */
export const CHAT_AUTHOR_ROLES = ["buyer", "seller", "moderator"] as const;

export const chatUserMessageSchema = z.object({
  kind: z.enum(["user", "moderator"]),
  /** `m<number>`: message ids grow, and the number is the paging cursor. */
  id: z.string(),
  messageId: z.number().int(),
  author: z.object({ username: z.string(), role: z.enum(CHAT_AUTHOR_ROLES) }),
  isMine: z.boolean(),
  text: z.string(),
  attachments: z.array(chatAttachmentSchema),
  createdAt: z.string(),
});

/** A trade event shown in the chat: status changes, moderator available or not, and the like. */
export const chatSystemMessageSchema = z.object({
  kind: z.literal("system"),
  /** `e<seq>`: the trade event's sequence number. */
  id: z.string(),
  eventSeq: z.number().int(),
  /** The trade event's name (a status change, moderator available or not, and the like). */
  event: z.string(),
  actorRole: z.enum(["buyer", "seller", "moderator", "system"]),
  /** The new trade status, for status changes. */
  status: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

/**
 * The chat system event of an account the seller shared (POST /rest/v1/trade/{id}/chat/bank-account):
 * its `data.bankAccount` is a copy of the account as the buyer reads payment details
 * (TradeBankAccount), shown to the two parties only; staff looking on see the event without it.
 */
export const BANK_ACCOUNT_SHARED_EVENT = "bank_account_shared";

export const chatShareBankAccountRequestSchema = z.object({
  bankAccountId: z
    .number({ message: "bank_account_required" })
    .int({ message: "id_invalid" })
    .min(1)
    .max(2_147_483_647),
});

export const chatItemSchema = z.discriminatedUnion("kind", [chatUserMessageSchema, chatSystemMessageSchema]);
export type ChatItem = z.infer<typeof chatItemSchema>;

/**
 * GET /rest/v1/trade/{id}/chat. Without cursors: the newest page. `since` (a messageId) and
 * `sinceEvent` (an eventSeq) ask for what came after, for a client woken by a chat.message hint;
 * `before` (a messageId) pages back in time.
 */
export const chatListQuerySchema = z.object({
  since: z.coerce.number().int().min(0).optional(),
  sinceEvent: z.coerce.number().int().min(0).optional(),
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_SIZE_MAX).default(CHAT_PAGE_SIZE),
});
export type ChatListQuery = z.infer<typeof chatListQuerySchema>;

export const chatShareBankAccountResponseSchema = envelopeSchema(chatSystemMessageSchema);

export const chatListMetaSchema = z.object({
  /** The viewer may write now; when not, blockReason says why (staff may always write). */
  canPost: z.boolean(),
  blockReason: z.enum(CHAT_BLOCK_REASONS).nullable(),
  /** Cursors for the next `since` and `sinceEvent` call. */
  lastMessageId: z.number().int(),
  lastEventSeq: z.number().int(),
  /** Older messages exist: ask again with `before` = the first messageId of this page. */
  hasMoreBefore: z.boolean(),
  /** In a `since` answer: more new messages than `limit`; ask again with the new cursors. */
  hasMoreAfter: z.boolean(),
  attachmentsLeft: z.number().int(),
});
export const chatListResponseSchema = envelopeSchema(z.array(chatItemSchema), chatListMetaSchema);

export const chatTradeParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const chatAttachmentParamsSchema = z.object({ id: z.uuid() });

/** POST /rest/v1/trade/{id}/chat. */
export const chatPostRequestSchema = z.object({
  message: z
    .string({ message: "chat_message_required" })
    .trim()
    .min(1, { message: "chat_message_required" })
    .max(CHAT_MESSAGE_MAX_LENGTH, { message: "chat_message_too_long" }),
});
export type ChatPostRequest = z.infer<typeof chatPostRequestSchema>;
export const chatPostResponseSchema = envelopeSchema(chatUserMessageSchema);

/**
 * POST /rest/v1/trade/{id}/chat/attachments is multipart/form-data: one or more file parts (any
 * field name; CHAT_ATTACHMENTS_PER_MESSAGE at most) and an optional `message` text field. The
 * answer is the message with its checked attachments (chatPostResponseSchema). A refused file
 * answers 422 ERROR_INPUT_VALIDATION with `details.files` = [one of CHAT_ATTACHMENT_REASONS].
 */
export const CHAT_ATTACHMENT_FIELD = "files";

// ---- the messenger: direct messages outside trades -------------------------------------------

export const messengerParamsSchema = z.object({ username: z.string().trim().min(1).max(64) });

/** GET /rest/v1/messenger/{username}: the conversation with that user, newest page first. */
export const messengerListQuerySchema = z.object({
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_SIZE_MAX).default(CHAT_PAGE_SIZE),
});

export const directMessageSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  isMine: z.boolean(),
  text: z.string(),
  createdAt: z.string(),
});
export type DirectMessage = z.infer<typeof directMessageSchema>;

/**
 * The spec's chat existence states of a direct conversation (docs/decisions/134-messenger-states-and-unread.md):
 * it has messages; it has none and the viewer may start it; it has none and the viewer may not.
 */
export const MESSENGER_CHAT_STATES = ["chat_exists", "chat_create_is_allowed", "chat_create_is_forbidden"] as const;
export type MessengerChatState = (typeof MESSENGER_CHAT_STATES)[number];

export const messengerListMetaSchema = z.object({
  chatState: z.enum(MESSENGER_CHAT_STATES),
  /** May the viewer write to this user now (their accept_chat_messages setting and blocks)? */
  canPost: z.boolean(),
  /** ChatBlocked when a block (either way) stops the viewer; null otherwise. */
  blockReason: z.enum(CHAT_BLOCK_REASONS).nullable(),
  /** The other user's accept_chat_messages, only when it is what refuses the viewer. */
  acceptChatMessages: z.enum(ACCEPT_CHAT_MESSAGES).nullable(),
  /** The other user's messages to the viewer after the viewer's read mark. */
  unreadCount: z.number().int(),
  hasMoreBefore: z.boolean(),
});
export type MessengerListMeta = z.infer<typeof messengerListMetaSchema>;
export const messengerListResponseSchema = envelopeSchema(z.array(directMessageSchema), messengerListMetaSchema);

/** POST /rest/v1/messenger/{username}/read: the viewer has read the conversation up to `lastReadId`. */
export const messengerReadRequestSchema = z.object({ lastReadId: z.number().int().min(1) });
export const messengerReadResponseSchema = envelopeSchema(
  z.object({ lastReadId: z.number().int(), unreadCount: z.number().int() }),
);

/** GET /rest/v1/messenger: the viewer's conversations, the newest first. */
export const messengerConversationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_SIZE_MAX).default(CHAT_PAGE_SIZE),
});
export const messengerConversationSchema = z.object({
  username: z.string(),
  lastMessage: directMessageSchema,
  unreadCount: z.number().int(),
});
export type MessengerConversation = z.infer<typeof messengerConversationSchema>;
export const messengerConversationsResponseSchema = envelopeSchema(
  z.array(messengerConversationSchema),
  z.object({ unreadTotal: z.number().int() }),
);

/** POST /rest/v1/messenger/{username}. */
export const messengerPostRequestSchema = chatPostRequestSchema;
export const messengerPostResponseSchema = envelopeSchema(directMessageSchema);

/**
 * Real-time hints: `chat.message` on `trade.<id>`; `messenger.message` on both users' channels;
 * `messenger.read` on the reader's channel (the reader's other tabs update their unread counts).
 */
export const CHAT_MESSAGE_EVENT = "chat.message";
export const MESSENGER_MESSAGE_EVENT = "messenger.message";
export const MESSENGER_READ_EVENT = "messenger.read";
