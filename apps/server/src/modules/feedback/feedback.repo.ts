import type { FeedbackRating, FeedbackType } from "@souk/contracts";
import { type Generated, type Selectable, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

interface FeedbackTable {
  id: Generated<bigint>;
  trade_id: bigint;
  trade_hash: string;
  author_user_id: bigint;
  receiver_user_id: bigint;
  type: FeedbackType;
  rating: FeedbackRating;
  message: string;
  reply: string | null;
  replied_at: Date | null;
  created_at: Generated<Date>;
}

type FeedbackTables = {
  trade_feedback: FeedbackTable;
  /** Read only (decision 002): names, avatars and the counters the users module keeps. */
  users: {
    id: bigint;
    username: string;
    avatar_url: string | null;
    is_banned: boolean;
    feedback_positive_count: number;
    feedback_negative_count: number;
  };
};

function tables(db: Db | Tx) {
  return db.withTables<FeedbackTables>();
}

export type FeedbackRecord = Selectable<FeedbackTable> & {
  author_username: string;
  author_avatar_url: string | null;
  receiver_username: string;
};

function withNames(db: Db | Tx) {
  return tables(db)
    .selectFrom("trade_feedback as f")
    .innerJoin("users as a", "a.id", "f.author_user_id")
    .innerJoin("users as r", "r.id", "f.receiver_user_id")
    .selectAll("f")
    .select(["a.username as author_username", "a.avatar_url as author_avatar_url", "r.username as receiver_username"]);
}

/** Answers the new id, or null when this author already gave feedback on the trade. */
export async function insertFeedback(
  tx: Tx,
  feedback: Omit<FeedbackTable, "id" | "created_at" | "reply" | "replied_at">,
): Promise<bigint | null> {
  const row = await tables(tx)
    .insertInto("trade_feedback")
    .values({ ...feedback, reply: null, replied_at: null })
    .onConflict((conflict) => conflict.constraint("trade_feedback_once").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function listForTrade(db: Db | Tx, tradeId: bigint): Promise<FeedbackRecord[]> {
  return withNames(db).where("f.trade_id", "=", tradeId).orderBy("f.id").execute();
}

/** Sets the reply once: answers the row, or nothing when there is no such feedback or it was answered. */
export async function setReply(
  tx: Tx,
  tradeId: bigint,
  receiverId: number,
  reply: string,
): Promise<{ id: bigint } | undefined> {
  return tables(tx)
    .updateTable("trade_feedback")
    .set({ reply, replied_at: sql`now()` })
    .where("trade_id", "=", tradeId)
    .where("receiver_user_id", "=", BigInt(receiverId))
    .where("reply", "is", null)
    .returning("id")
    .executeTakeFirst();
}

export interface ReceivedFilter {
  receiverId: number;
  type?: FeedbackType;
  rating?: FeedbackRating;
}

export async function listReceived(
  db: Db,
  filter: ReceivedFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: FeedbackRecord[]; total: number }> {
  let rows = withNames(db).where("f.receiver_user_id", "=", BigInt(filter.receiverId));
  let count = tables(db)
    .selectFrom("trade_feedback as f")
    .select((eb) => eb.fn.countAll<string>().as("total"))
    .where("f.receiver_user_id", "=", BigInt(filter.receiverId));
  if (filter.type) {
    rows = rows.where("f.type", "=", filter.type);
    count = count.where("f.type", "=", filter.type);
  }
  if (filter.rating) {
    rows = rows.where("f.rating", "=", filter.rating);
    count = count.where("f.rating", "=", filter.rating);
  }
  const [items, total] = await Promise.all([
    rows.orderBy("f.created_at", "desc").orderBy("f.id", "desc").offset(page.offset).limit(page.limit).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: items, total: Number(total.total) };
}

/** The counts as the users row keeps them (changed in the same transaction as each feedback). */
export async function findCounts(db: Db | Tx, userId: number): Promise<{ positive: number; negative: number }> {
  const row = await tables(db)
    .selectFrom("users")
    .select(["feedback_positive_count", "feedback_negative_count"])
    .where("id", "=", BigInt(userId))
    .executeTakeFirst();
  return { positive: row?.feedback_positive_count ?? 0, negative: row?.feedback_negative_count ?? 0 };
}
