import { type ChatAttachmentReason, type ChatBlockReason, ChatErrorCode, TradeErrorCode } from "@souk/contracts";
import { conflict, DomainError, fileRefused, forbidden, inputError, notFound } from "../../platform/index.ts";

/** Unknown trades and other people's trades look the same (docs/reliability.md#strangers-get-404). */
export const tradeNotFound = () => notFound("No such trade.", "ERROR_TRADE_NOT_FOUND");
export const attachmentNotFound = () => notFound("No such attachment.", "ERROR_ATTACHMENT_NOT_FOUND");
export const attachmentMissing = () =>
  new DomainError(ChatErrorCode.ATTACHMENT_MISSING, "not_found", "This attachment's file is no longer stored.");
export { userNotFound } from "../../platform/index.ts";

export function chatNotAvailable(reason: ChatBlockReason): DomainError {
  const message = "You cannot write in this chat now.";
  return reason === "ChatBlocked"
    ? forbidden(message, ChatErrorCode.NOT_AVAILABLE, { reason })
    : conflict(message, ChatErrorCode.NOT_AVAILABLE, { reason });
}

/** A refused upload: 422 with the spec's reason under `files`, like any field error. */
export const attachmentRefused = (reason: ChatAttachmentReason): DomainError => fileRefused(reason);

export const attachmentRequired = () => inputError({ files: ["attachment_required"] }, "Attach at least one file.");

export const messengerNotAccepted = (setting: string) =>
  forbidden("This user does not accept messages from you.", ChatErrorCode.MESSENGER_NOT_ACCEPTED, {
    acceptChatMessages: setting,
  });

export const messengerBlocked = () =>
  forbidden("You cannot write to this user.", ChatErrorCode.NOT_AVAILABLE, { reason: "ChatBlocked" });

export const messengerSelf = () => inputError({ username: ["messenger_self"] }, "You cannot write to yourself.");

export const sellerOnly = () =>
  forbidden("Only the seller shares a bank account in the trade.", TradeErrorCode.NOT_ALLOWED_FOR_ROLE);
