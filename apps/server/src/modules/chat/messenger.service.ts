import {
  type DirectMessage,
  MESSENGER_MESSAGE_EVENT,
  MESSENGER_READ_EVENT,
  type MessengerConversation,
  type MessengerListMeta,
  PAGE_PATHS,
} from "@souk/contracts";
import { type Db, withTx } from "../../db/pool.ts";
import { isStaff, type Viewer } from "../../platform/index.ts";
import { announceAccountEvent, channelFor, publishEvent } from "../../realtime/index.ts";
import { getChatAcceptance, getRelation } from "../contacts/index.ts";
import { haveTradedTogether } from "../trades/index.ts";
import { findUserByUsername } from "../users/index.ts";
import { type DirectMessageRefusal, directMessageRefusalOf, messengerChatState } from "./chat.domain.ts";
import { messengerBlocked, messengerNotAccepted, messengerSelf, userNotFound } from "./chat.errors.ts";
import * as repo from "./chat.repo.ts";

/**
 * The messenger: direct messages between two users outside trades, who may start or continue a
 * conversation (the recipient's accept_chat_messages and blocks), and how far each has read.
 */

function directMessageView(
  row: Pick<repo.DirectMessageRow, "id" | "sender_user_id" | "sender_username" | "body" | "created_at">,
  viewer: Viewer,
): DirectMessage {
  return {
    id: Number(row.id),
    from: row.sender_username,
    isMine: Number(row.sender_user_id) === viewer.userId,
    text: row.body,
    createdAt: row.created_at.toISOString(),
  };
}

async function recipientOf(db: Db, viewer: Viewer, username: string) {
  const user = await findUserByUsername(db, username);
  if (!user || user.is_banned) throw userNotFound();
  if (Number(user.id) === viewer.userId) throw messengerSelf();
  return user;
}

/** Why the viewer may not write to this user now, or null (chat.domain's rule on read facts). */
async function directMessageRefusal(db: Db, viewer: Viewer, recipientId: number): Promise<DirectMessageRefusal | null> {
  const relation = await getRelation(db, recipientId, viewer.userId);
  const setting = await getChatAcceptance(db, recipientId);
  const needsTradeCheck = setting === "TRUSTED_AND_TRADE_PARTNERS" && !relation.isTrusted && !isStaff(viewer);
  return directMessageRefusalOf({
    isBlockedEitherWay: relation.isBlocked || relation.isBlockedBy,
    isStaff: isStaff(viewer),
    setting,
    recipientTrustsSender: relation.isTrusted,
    haveTradedTogether: needsTradeCheck ? await haveTradedTogether(db, recipientId, viewer.userId) : false,
  });
}

function refusalError(refusal: DirectMessageRefusal) {
  return "blockReason" in refusal ? messengerBlocked() : messengerNotAccepted(refusal.acceptChatMessages);
}

interface ConversationPage {
  items: DirectMessage[];
  meta: MessengerListMeta;
}

export async function listConversation(
  db: Db,
  viewer: Viewer,
  username: string,
  query: { before?: number; limit: number },
): Promise<ConversationPage> {
  const other = await recipientOf(db, viewer, username);
  const me = BigInt(viewer.userId);
  const rows = await repo.listConversation(
    db,
    me,
    other.id,
    query.before === undefined ? null : BigInt(query.before),
    query.limit + 1,
  );
  const hasMoreBefore = rows.length > query.limit;
  const page = hasMoreBefore ? rows.slice(1) : rows;
  const refusal = await directMessageRefusal(db, viewer, Number(other.id));
  const hasMessages = page.length > 0 || (await repo.hasConversation(db, me, other.id));
  return {
    items: page.map((row) => directMessageView(row, viewer)),
    meta: {
      chatState: messengerChatState(hasMessages, refusal),
      canPost: refusal === null,
      blockReason: refusal && "blockReason" in refusal ? refusal.blockReason : null,
      acceptChatMessages: refusal && "acceptChatMessages" in refusal ? refusal.acceptChatMessages : null,
      unreadCount: await repo.countUnread(db, me, other.id),
      hasMoreBefore,
    },
  };
}

/**
 * The viewer has read the conversation with `username` up to a message id; the mark only moves
 * forward. The viewer's other tabs hear of it on their channel.
 */
export async function markConversationRead(
  db: Db,
  viewer: Viewer,
  username: string,
  lastReadId: number,
): Promise<{ lastReadId: number; unreadCount: number }> {
  const other = await recipientOf(db, viewer, username);
  const me = BigInt(viewer.userId);
  return withTx(db, async (tx) => {
    const mark = await repo.markRead(tx, me, other.id, BigInt(lastReadId));
    await publishEvent(tx, {
      channel: channelFor.user(viewer.userId),
      name: MESSENGER_READ_EVENT,
      payload: { with: other.username, lastReadId: Number(mark) },
    });
    return { lastReadId: Number(mark), unreadCount: await repo.countUnread(tx, me, other.id) };
  });
}

/** The viewer's conversations, newest first, with unread counts. */
export async function listConversations(
  db: Db,
  viewer: Viewer,
  limit: number,
): Promise<{ items: MessengerConversation[]; meta: { unreadTotal: number } }> {
  const me = BigInt(viewer.userId);
  const rows = await repo.listConversations(db, me, limit);
  return {
    items: rows.map((row) => ({
      username: row.other_username,
      unreadCount: Number(row.unread),
      lastMessage: directMessageView(
        {
          ...row,
          sender_username: Number(row.sender_user_id) === viewer.userId ? viewer.username : row.other_username,
        },
        viewer,
      ),
    })),
    meta: { unreadTotal: await repo.countAllUnread(db, me) },
  };
}

export async function postDirectMessage(
  db: Db,
  viewer: Viewer,
  username: string,
  text: string,
): Promise<DirectMessage> {
  const recipient = await recipientOf(db, viewer, username);
  const refusal = await directMessageRefusal(db, viewer, Number(recipient.id));
  if (refusal) throw refusalError(refusal);
  const row = await withTx(db, async (tx) => {
    const inserted = await repo.insertDirectMessage(tx, {
      sender_user_id: BigInt(viewer.userId),
      recipient_user_id: recipient.id,
      body: text,
    });
    for (const userId of [viewer.userId, Number(recipient.id)]) {
      await publishEvent(tx, {
        channel: channelFor.user(userId),
        name: MESSENGER_MESSAGE_EVENT,
        payload: { messageId: Number(inserted.id), from: viewer.username, to: recipient.username },
      });
    }
    // The recipient hears of it through the event catalogue, once per message, on the channels
    // of their chat settings (docs/decisions/147-direct-message-notifications-and-listing-badges.md).
    await announceAccountEvent(tx, Number(recipient.id), {
      event: "messenger.message_received",
      subjectId: viewer.username,
      dedupeKey: `dm:${inserted.id}`,
      link: `${PAGE_PATHS.messenger}?messenger-chat=${encodeURIComponent(viewer.username)}`,
      counterparty: viewer.username,
      text,
    });
    return inserted;
  });
  return directMessageView({ ...row, sender_username: viewer.username }, viewer);
}
