import {
  CHAT_ATTACHMENTS_PER_MESSAGE,
  CHAT_ATTACHMENTS_PER_TRADE,
  CHAT_MESSAGE_EVENT,
  type ChatAttachment,
  type ChatItem,
  type ChatListQuery,
  TRADE_STATUSES,
} from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import {
  type CheckedFile,
  checkAttachment,
  type FileStorage,
  type UploadedFile,
  type Viewer,
  withStoredFiles,
} from "../../platform/index.ts";
import { channelFor, publishEvent } from "../../realtime/index.ts";
import { tradeBankAccountOf } from "../bank-accounts/index.ts";
import { getRelation } from "../contacts/index.ts";
import { notifyTradeParty } from "../notifications/index.ts";
import {
  announceModeratorAvailable,
  getTradeAccess,
  listTradeEvents,
  recordBankAccountShared,
  type TradeAccess,
  type TradeEventRecord,
} from "../trades/index.ts";
import { chatBlockReason, isInWindow, mergeByTime, type TimeWindow, visibleEventData } from "./chat.domain.ts";
import {
  attachmentMissing,
  attachmentNotFound,
  attachmentRefused,
  attachmentRequired,
  chatNotAvailable,
  sellerOnly,
  tradeNotFound,
} from "./chat.errors.ts";
import * as repo from "./chat.repo.ts";

type UserMessage = Extract<ChatItem, { kind: "user" | "moderator" }>;
type SystemMessage = Extract<ChatItem, { kind: "system" }>;

export interface ChatPage {
  items: ChatItem[];
  meta: {
    canPost: boolean;
    blockReason: ReturnType<typeof chatBlockReason>;
    lastMessageId: number;
    lastEventSeq: number;
    hasMoreBefore: boolean;
    hasMoreAfter: boolean;
    attachmentsLeft: number;
  };
}

async function accessOrNotFound(db: Db | Tx, viewer: Viewer, idHashed: string): Promise<TradeAccess> {
  const access = await getTradeAccess(db, idHashed, viewer);
  if (!access) throw tradeNotFound();
  return access;
}

/** Staff who are not a party write as moderators, in any state of the trade. */
function isModeratorOf(access: TradeAccess): boolean {
  return access.isStaff && !access.isParty;
}

async function blockReasonFor(db: Db | Tx, access: TradeAccess, now: Date) {
  if (isModeratorOf(access)) return null;
  const relation = await getRelation(db, access.buyerId, access.sellerId);
  return chatBlockReason(access, relation.isBlocked || relation.isBlockedBy, now);
}

function attachmentView(row: repo.AttachmentRow): ChatAttachment {
  return {
    id: row.id,
    kind: row.kind,
    contentType: row.content_type,
    byteSize: row.byte_size,
    fileName: row.file_name,
    width: row.width,
    height: row.height,
    pageCount: row.page_count,
    url: `/rest/v1/chat/attachments/${row.id}`,
  };
}

function messageView(row: repo.MessageRow, attachments: repo.AttachmentRow[], viewer: Viewer): UserMessage {
  return {
    kind: row.kind,
    id: `m${row.id}`,
    messageId: Number(row.id),
    author: { username: row.author_username, role: row.author_role },
    isMine: Number(row.author_user_id) === viewer.userId,
    text: row.body,
    attachments: attachments.filter((attachment) => attachment.message_id === row.id).map(attachmentView),
    createdAt: row.created_at.toISOString(),
  };
}

const STATUS_NAMES = new Set<string>(TRADE_STATUSES);

/** A trade event as a system message; status events carry the status reached. */
function systemMessageOf(event: TradeEventRecord, access: TradeAccess): SystemMessage {
  const to = event.payload.to;
  return {
    kind: "system",
    id: `e${event.seq}`,
    eventSeq: event.seq,
    event: event.name,
    actorRole: event.actorRole,
    status: typeof to === "string" ? to : STATUS_NAMES.has(event.name) ? event.name : null,
    data: visibleEventData(event, access.isParty),
    createdAt: event.createdAt.toISOString(),
  };
}

async function withAttachments(db: Db, rows: repo.MessageRow[], viewer: Viewer): Promise<UserMessage[]> {
  const attachments = await repo.listAttachmentsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => messageView(row, attachments, viewer));
}

/**
 * The chat of a trade, as its parties and staff see it: the messages and the trade's events as
 * system messages, in time order. See chatListQuerySchema for the cursors.
 */
export async function listChat(db: Db, viewer: Viewer, idHashed: string, query: ChatListQuery): Promise<ChatPage> {
  const access = await accessOrNotFound(db, viewer, idHashed);
  const tradeId = BigInt(access.tradeId);
  const isSinceMode = query.since !== undefined || query.sinceEvent !== undefined;
  let rows: repo.MessageRow[];
  let events: TradeEventRecord[];
  // The newest event seen, for the next `sinceEvent`: events outside this page's stretch of time
  // come with older pages, but the client is up to date with them all the same.
  let lastEventSeq = query.sinceEvent ?? 0;
  let hasMoreBefore = false;
  let hasMoreAfter = false;
  if (isSinceMode) {
    rows = await repo.listMessagesAfter(db, tradeId, BigInt(query.since ?? 0), query.limit + 1);
    hasMoreAfter = rows.length > query.limit;
    rows = rows.slice(0, query.limit);
    events = await listTradeEvents(db, access.tradeId, query.sinceEvent ?? 0);
    lastEventSeq = events.at(-1)?.seq ?? lastEventSeq;
  } else {
    const before = query.before === undefined ? null : BigInt(query.before);
    rows = await repo.listMessagesBefore(db, tradeId, before, query.limit + 1);
    hasMoreBefore = rows.length > query.limit;
    if (hasMoreBefore) rows = rows.slice(1);
    const anchor = before === null ? null : await repo.findMessage(db, tradeId, before);
    // The page's stretch of time: from its oldest message (or the start when nothing is older)
    // up to the message the client paged back from (or now). Events outside it go with other pages.
    const window: TimeWindow = {
      from: hasMoreBefore && rows[0] ? rows[0].created_at : null,
      until: anchor ? anchor.created_at : null,
    };
    const allEvents = await listTradeEvents(db, access.tradeId);
    lastEventSeq = allEvents.at(-1)?.seq ?? 0;
    events = allEvents.filter((event) => isInWindow(event.createdAt, window));
  }
  const messages = await withAttachments(db, rows, viewer);
  const blockReason = await blockReasonFor(db, access, new Date());
  const attachmentsUsed = await repo.countTradeAttachments(db, tradeId);
  const lastRow = rows.at(-1);
  return {
    items: mergeByTime([...messages, ...events.map((event) => systemMessageOf(event, access))]),
    meta: {
      canPost: blockReason === null,
      blockReason,
      lastMessageId: lastRow ? Number(lastRow.id) : (query.since ?? 0),
      lastEventSeq,
      hasMoreBefore,
      hasMoreAfter,
      attachmentsLeft: Math.max(0, CHAT_ATTACHMENTS_PER_TRADE - attachmentsUsed),
    },
  };
}

async function announceMessage(tx: Tx, access: TradeAccess, messageId: bigint): Promise<void> {
  await publishEvent(tx, {
    channel: channelFor.trade(access.idHashed),
    name: CHAT_MESSAGE_EVENT,
    payload: { tradeId: access.idHashed, messageId: Number(messageId) },
  });
}

/**
 * The other party (both, for a moderator's message) is notified in the message's transaction;
 * the e-mail digest follows the recipient's notifyTradeMessagesInterval.
 */
async function notifyRecipients(
  tx: Tx,
  access: TradeAccess,
  authorId: number,
  message: { id: bigint; text: string; hasFiles: boolean },
): Promise<void> {
  const event = message.hasFiles ? "trade.attachment_uploaded" : "trade.chat_message_received";
  for (const userId of [access.buyerId, access.sellerId].filter((id) => id !== authorId)) {
    await notifyTradeParty(tx, { userId, event, trade: access, dedupeKey: `chat:${message.id}`, text: message.text });
  }
}

/**
 * A moderator's first message in a dispute tells the parties that a moderator is there (the chat
 * system event moderator_available), in the message's transaction and before it.
 */
async function announceModerator(tx: Tx, access: TradeAccess, viewer: Viewer): Promise<void> {
  if (isModeratorOf(access) && access.status === "dispute_open") {
    await announceModeratorAvailable(tx, access.tradeId, viewer.userId);
  }
}

async function assertMayPost(db: Db, access: TradeAccess): Promise<void> {
  const reason = await blockReasonFor(db, access, new Date());
  if (reason) throw chatNotAvailable(reason);
}

function authorOf(access: TradeAccess): Pick<repo.MessageRow, "kind" | "author_role"> {
  return isModeratorOf(access)
    ? { kind: "moderator", author_role: "moderator" }
    : { kind: "user", author_role: access.viewerRole };
}

/** A text message. The chat.message hint is written in the same transaction as the message. */
export async function postMessage(db: Db, viewer: Viewer, idHashed: string, text: string): Promise<UserMessage> {
  const access = await accessOrNotFound(db, viewer, idHashed);
  await assertMayPost(db, access);
  const row = await withTx(db, async (tx) => {
    await announceModerator(tx, access, viewer);
    const inserted = await repo.insertMessage(tx, {
      trade_id: BigInt(access.tradeId),
      author_user_id: BigInt(viewer.userId),
      body: text,
      ...authorOf(access),
    });
    await announceMessage(tx, access, inserted.id);
    await notifyRecipients(tx, access, viewer.userId, { id: inserted.id, text, hasFiles: false });
    return inserted;
  });
  return messageView({ ...row, author_username: viewer.username }, [], viewer);
}

/**
 * POST /rest/v1/trade/{id}/chat/bank-account: the seller shares another of their own accounts with
 * the buyer, as a chat system event carrying a copy of it (the account's later edits do not reach
 * it). Only while the seller may write in the chat and once the payment details are revealed.
 */
export async function shareBankAccount(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  bankAccountId: number,
): Promise<SystemMessage> {
  const access = await accessOrNotFound(db, viewer, idHashed);
  if (access.viewerRole !== "seller") throw sellerOnly();
  await assertMayPost(db, access);
  const account = await tradeBankAccountOf(db, viewer.userId, bankAccountId);
  const seq = await withTx(db, (tx) => recordBankAccountShared(tx, access.tradeId, viewer.userId, account));
  const [event] = await listTradeEvents(db, access.tradeId, seq - 1);
  if (!event) throw new Error("the shared account's event is gone");
  return systemMessageOf(event, access);
}

export interface AttachmentUpload {
  text: string;
  files: UploadedFile[];
}

/**
 * A message with files. Every file is checked by its content first (all or nothing); the checked
 * files are stored under random keys, then the message and its attachment rows are written in
 * one transaction that also re-checks the per-trade limit under a lock. Files of a failed post
 * are removed again.
 */
export async function postAttachments(
  db: Db,
  storage: FileStorage,
  viewer: Viewer,
  idHashed: string,
  upload: AttachmentUpload,
): Promise<UserMessage> {
  const access = await accessOrNotFound(db, viewer, idHashed);
  await assertMayPost(db, access);
  if (upload.files.length === 0) throw attachmentRequired();
  if (upload.files.length > CHAT_ATTACHMENTS_PER_MESSAGE) throw attachmentRefused("attachment_limit_count");
  const tradeId = BigInt(access.tradeId);
  const used = await repo.countTradeAttachments(db, tradeId);
  if (used + upload.files.length > CHAT_ATTACHMENTS_PER_TRADE) throw attachmentRefused("attachment_limit_count");

  const checked: CheckedFile[] = [];
  for (const file of upload.files) {
    const result = await checkAttachment(file);
    if (!result.ok) throw attachmentRefused(result.reason);
    checked.push(result.file);
  }

  return withStoredFiles(storage, "chat", checked, async (stored) => {
    const { message, attachments } = await withTx(db, async (tx) => {
      await repo.lockTradeChat(tx, tradeId);
      if ((await repo.countTradeAttachments(tx, tradeId)) + stored.length > CHAT_ATTACHMENTS_PER_TRADE) {
        throw attachmentRefused("attachment_limit_count");
      }
      await announceModerator(tx, access, viewer);
      const inserted = await repo.insertMessage(tx, {
        trade_id: tradeId,
        author_user_id: BigInt(viewer.userId),
        body: upload.text,
        ...authorOf(access),
      });
      const rows: repo.AttachmentRow[] = [];
      for (const { key, file } of stored) {
        rows.push(
          await repo.insertAttachment(tx, {
            message_id: inserted.id,
            trade_id: tradeId,
            trade_hash: access.idHashed,
            uploader_user_id: BigInt(viewer.userId),
            kind: file.kind,
            content_type: file.contentType,
            byte_size: file.bytes.length,
            file_name: file.fileName,
            width: file.width,
            height: file.height,
            page_count: file.pageCount,
            storage_key: key,
          }),
        );
      }
      await announceMessage(tx, access, inserted.id);
      await notifyRecipients(tx, access, viewer.userId, { id: inserted.id, text: upload.text, hasFiles: true });
      return { message: inserted, attachments: rows };
    });
    return messageView({ ...message, author_username: viewer.username }, attachments, viewer);
  });
}

export interface AttachmentDownload {
  bytes: Buffer;
  contentType: string;
  fileName: string;
  isInline: boolean;
}

/** An attachment's bytes, for the trade's parties and staff only; anyone else gets 404. */
export async function downloadAttachment(
  db: Db,
  storage: FileStorage,
  viewer: Viewer,
  id: string,
): Promise<AttachmentDownload> {
  const row = await repo.findAttachment(db, id);
  if (!row) throw attachmentNotFound();
  const access = await getTradeAccess(db, row.trade_hash, viewer);
  if (!access) throw attachmentNotFound();
  const bytes = await storage.get(row.storage_key);
  if (!bytes) throw attachmentMissing();
  return { bytes, contentType: row.content_type, fileName: row.file_name, isInline: row.kind === "image" };
}
