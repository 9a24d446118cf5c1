import {
  FEEDBACK_UPDATED_EVENT,
  type Feedback,
  type FeedbackCounts,
  type FeedbackGiveRequest,
  type PageMeta,
  pageMeta,
  type TradeFeedback,
  type UserFeedbackQuery,
} from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import type { Viewer } from "../../platform/index.ts";
import { channelFor, publishEvent } from "../../realtime/index.ts";
import { notifyTradeParty } from "../notifications/index.ts";
import { getTradeAccess, type TradeAccess } from "../trades/index.ts";
import { adjustProfileCounts, findUserByUsername } from "../users/index.ts";
import { countsDeltaOf, feedbackTypeOf, isRatable, nextPageUrlOf } from "./feedback.domain.ts";
import {
  alreadyGiven,
  alreadyReplied,
  feedbackTargetNotFound,
  nothingToReply,
  notRatable,
  onlyParties,
} from "./feedback.errors.ts";
import * as repo from "./feedback.repo.ts";

function toView(row: repo.FeedbackRecord): Feedback {
  return {
    id: Number(row.id),
    tradeId: row.trade_hash,
    type: row.type,
    rating: row.rating,
    message: row.message,
    reply: row.reply,
    repliedAt: row.replied_at?.toISOString() ?? null,
    author: { username: row.author_username, avatarUrl: row.author_avatar_url },
    receiver: { username: row.receiver_username },
    createdAt: row.created_at.toISOString(),
  };
}

async function accessOrNotFound(db: Db | Tx, viewer: Viewer | null, idHashed: string): Promise<TradeAccess> {
  const access = await getTradeAccess(db, idHashed, viewer);
  if (!access) throw feedbackTargetNotFound();
  return access;
}

async function announce(tx: Tx, access: TradeAccess): Promise<void> {
  await publishEvent(tx, {
    channel: channelFor.trade(access.idHashed),
    name: FEEDBACK_UPDATED_EVENT,
    payload: { tradeId: access.idHashed },
  });
}

/** The trade's feedback from the viewer's side (staff looking on see the buyer's side). */
function tradeFeedbackOf(access: TradeAccess, viewerId: number, rows: repo.FeedbackRecord[]): TradeFeedback {
  const me = access.isParty ? viewerId : access.buyerId;
  const given = rows.find((row) => Number(row.author_user_id) === me) ?? null;
  const received = rows.find((row) => Number(row.receiver_user_id) === me) ?? null;
  const role = access.viewerRole === "moderator" ? null : access.viewerRole;
  return {
    tradeId: access.idHashed,
    canGive: access.isParty && isRatable(access) && given === null,
    canReply: access.isParty && received !== null && received.reply === null,
    type: role ? feedbackTypeOf(role) : null,
    given: given ? toView(given) : null,
    received: received ? toView(received) : null,
  };
}

/** GET /rest/v1/feedback/{tradeId}: null when the viewer cannot see such a trade. */
export async function findTradeFeedback(
  db: Db,
  viewer: Viewer | null,
  idHashed: string,
): Promise<TradeFeedback | null> {
  const access = viewer ? await getTradeAccess(db, idHashed, viewer) : null;
  if (!access || !viewer) return null;
  return tradeFeedbackOf(access, viewer.userId, await repo.listForTrade(db, BigInt(access.tradeId)));
}

/**
 * A party rates the other once per finished trade. The unique index decides a race between two
 * submissions; the receiver's profile counts move in the same transaction.
 */
export async function giveFeedback(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  input: FeedbackGiveRequest,
): Promise<TradeFeedback> {
  const access = await accessOrNotFound(db, viewer, idHashed);
  if (!access.isParty || access.viewerRole === "moderator") throw onlyParties();
  if (!isRatable(access)) throw notRatable(access.status);
  const receiverId = access.viewerRole === "buyer" ? access.sellerId : access.buyerId;
  await withTx(db, async (tx) => {
    const id = await repo.insertFeedback(tx, {
      trade_id: BigInt(access.tradeId),
      trade_hash: access.idHashed,
      author_user_id: BigInt(viewer.userId),
      receiver_user_id: BigInt(receiverId),
      type: feedbackTypeOf(access.viewerRole as "buyer" | "seller"),
      rating: input.rating,
      message: input.message,
    });
    if (id === null) throw alreadyGiven();
    await adjustProfileCounts(tx, receiverId, countsDeltaOf(input.rating));
    await announce(tx, access);
    await notifyTradeParty(tx, {
      userId: receiverId,
      event: "feedback.received",
      trade: access,
      dedupeKey: `feedback:${id}`,
      text: input.message,
      rating: input.rating,
    });
  });
  return tradeFeedbackOf(access, viewer.userId, await repo.listForTrade(db, BigInt(access.tradeId)));
}

/** The receiver answers a feedback once. */
export async function replyToFeedback(
  db: Db,
  viewer: Viewer,
  idHashed: string,
  message: string,
): Promise<TradeFeedback> {
  const access = await accessOrNotFound(db, viewer, idHashed);
  if (!access.isParty) throw onlyParties();
  const tradeId = BigInt(access.tradeId);
  await withTx(db, async (tx) => {
    const updated = await repo.setReply(tx, tradeId, viewer.userId, message);
    if (!updated) {
      const rows = await repo.listForTrade(tx, tradeId);
      throw rows.some((row) => Number(row.receiver_user_id) === viewer.userId) ? alreadyReplied() : nothingToReply();
    }
    await announce(tx, access);
    await notifyTradeParty(tx, {
      userId: viewer.userId === access.buyerId ? access.sellerId : access.buyerId,
      event: "feedback.replied",
      trade: access,
      dedupeKey: `feedback-reply:${access.idHashed}:${viewer.userId}`,
      text: message,
    });
  });
  return tradeFeedbackOf(access, viewer.userId, await repo.listForTrade(db, tradeId));
}

export interface FeedbackList {
  items: Feedback[];
  meta: PageMeta & { positive: number; negative: number; nextPageUrl: string | null };
}

/** The door for other modules (the offers page's feedback block): a user's received feedback. */
export async function listFeedbackForUser(
  db: Db,
  userId: number,
  query: { page: number; perPage?: number; type?: UserFeedbackQuery["type"]; rating?: UserFeedbackQuery["rating"] },
  username?: string,
): Promise<FeedbackList> {
  const perPage = query.perPage ?? 10;
  const [{ rows, total }, counts] = await Promise.all([
    repo.listReceived(
      db,
      {
        receiverId: userId,
        ...(query.type ? { type: query.type } : {}),
        ...(query.rating ? { rating: query.rating } : {}),
      },
      { offset: (query.page - 1) * perPage, limit: perPage },
    ),
    repo.findCounts(db, userId),
  ]);
  const meta = pageMeta(total, query.page, perPage);
  const name = username ?? rows[0]?.receiver_username;
  return {
    items: rows.map(toView),
    meta: {
      ...meta,
      ...counts,
      nextPageUrl: name ? nextPageUrlOf(name, { ...query, perPage }, meta.lastPage) : null,
    },
  };
}

/** GET /rest/v1/feedback/{username}: banned and unknown users have no public feedback. */
export async function listFeedbackForUsername(
  db: Db,
  username: string,
  query: UserFeedbackQuery,
): Promise<FeedbackList> {
  const user = await findUserByUsername(db, username);
  if (!user || user.is_banned) throw feedbackTargetNotFound();
  return listFeedbackForUser(db, Number(user.id), query, user.username);
}

/** The door for profile and offer answers: positive, negative and total received. */
export async function feedbackCounts(db: Db | Tx, userId: number): Promise<FeedbackCounts> {
  const counts = await repo.findCounts(db, userId);
  return { ...counts, total: counts.positive + counts.negative };
}
