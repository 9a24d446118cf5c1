import { type Generated, type Selectable, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

interface ChatMessagesTable {
  id: Generated<bigint>;
  trade_id: bigint;
  author_user_id: bigint;
  kind: "user" | "moderator";
  author_role: "buyer" | "seller" | "moderator";
  body: string;
  created_at: Generated<Date>;
}

interface ChatAttachmentsTable {
  id: Generated<string>;
  message_id: bigint;
  trade_id: bigint;
  trade_hash: string;
  uploader_user_id: bigint;
  kind: "image" | "pdf";
  content_type: string;
  byte_size: number;
  file_name: string;
  width: number | null;
  height: number | null;
  page_count: number | null;
  storage_key: string;
  created_at: Generated<Date>;
}

interface DirectMessagesTable {
  id: Generated<bigint>;
  sender_user_id: bigint;
  recipient_user_id: bigint;
  body: string;
  created_at: Generated<Date>;
}

type ChatTables = {
  chat_messages: ChatMessagesTable;
  chat_attachments: ChatAttachmentsTable;
  direct_messages: DirectMessagesTable;
  /** Read only: authors' names (decision 002). */
  users: { id: bigint; username: string; avatar_url: string | null; is_banned: boolean };
};

function tables(db: Db | Tx) {
  return db.withTables<ChatTables>();
}

export type MessageRow = Selectable<ChatMessagesTable> & { author_username: string };
export type AttachmentRow = Selectable<ChatAttachmentsTable>;
export type DirectMessageRow = Selectable<DirectMessagesTable> & { sender_username: string };

/**
 * Serialises the posts of one trade's chat, so that two uploads at once cannot both pass the
 * per-trade attachment limit.
 */
export async function lockTradeChat(tx: Tx, tradeId: bigint): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`chat:${tradeId}`}, 0))`.execute(tx);
}

export async function insertMessage(
  tx: Tx,
  message: Pick<ChatMessagesTable, "trade_id" | "author_user_id" | "kind" | "author_role" | "body">,
): Promise<Selectable<ChatMessagesTable>> {
  return tables(tx).insertInto("chat_messages").values(message).returningAll().executeTakeFirstOrThrow();
}

export async function insertAttachment(
  tx: Tx,
  attachment: Omit<ChatAttachmentsTable, "id" | "created_at">,
): Promise<AttachmentRow> {
  return tables(tx).insertInto("chat_attachments").values(attachment).returningAll().executeTakeFirstOrThrow();
}

export async function countTradeAttachments(db: Db | Tx, tradeId: bigint): Promise<number> {
  const row = await tables(db)
    .selectFrom("chat_attachments")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("trade_id", "=", tradeId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function messagesOf(db: Db | Tx, tradeId: bigint) {
  return tables(db)
    .selectFrom("chat_messages as m")
    .innerJoin("users as u", "u.id", "m.author_user_id")
    .selectAll("m")
    .select("u.username as author_username")
    .where("m.trade_id", "=", tradeId);
}

/** The newest `limit` messages before an id (or the newest of all), in ascending order. */
export async function listMessagesBefore(
  db: Db,
  tradeId: bigint,
  beforeId: bigint | null,
  limit: number,
): Promise<MessageRow[]> {
  let query = messagesOf(db, tradeId);
  if (beforeId !== null) query = query.where("m.id", "<", beforeId);
  const rows = await query.orderBy("m.id", "desc").limit(limit).execute();
  return rows.reverse();
}

/** Messages after an id, oldest first. */
export async function listMessagesAfter(
  db: Db,
  tradeId: bigint,
  afterId: bigint,
  limit: number,
): Promise<MessageRow[]> {
  return messagesOf(db, tradeId).where("m.id", ">", afterId).orderBy("m.id", "asc").limit(limit).execute();
}

export async function findMessage(db: Db | Tx, tradeId: bigint, id: bigint): Promise<MessageRow | undefined> {
  return messagesOf(db, tradeId).where("m.id", "=", id).executeTakeFirst();
}

export async function listAttachmentsOf(db: Db | Tx, messageIds: bigint[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return tables(db)
    .selectFrom("chat_attachments")
    .selectAll()
    .where("message_id", "in", messageIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function findAttachment(db: Db, id: string): Promise<AttachmentRow | undefined> {
  return tables(db).selectFrom("chat_attachments").selectAll().where("id", "=", id).executeTakeFirst();
}

// ---- direct messages (the messenger) ------------------------------------------------------

export async function insertDirectMessage(
  tx: Tx,
  message: Pick<DirectMessagesTable, "sender_user_id" | "recipient_user_id" | "body">,
): Promise<Selectable<DirectMessagesTable>> {
  return tables(tx).insertInto("direct_messages").values(message).returningAll().executeTakeFirstOrThrow();
}

/** A conversation between two users, newest `limit` before an id, in ascending order. */
export async function listConversation(
  db: Db,
  a: bigint,
  b: bigint,
  beforeId: bigint | null,
  limit: number,
): Promise<DirectMessageRow[]> {
  const [low, high] = a < b ? [a, b] : [b, a];
  let query = tables(db)
    .selectFrom("direct_messages as d")
    .innerJoin("users as u", "u.id", "d.sender_user_id")
    .selectAll("d")
    .select("u.username as sender_username")
    .where(sql`least(d.sender_user_id, d.recipient_user_id)`, "=", low)
    .where(sql`greatest(d.sender_user_id, d.recipient_user_id)`, "=", high);
  if (beforeId !== null) query = query.where("d.id", "<", beforeId);
  const rows = await query.orderBy("d.id", "desc").limit(limit).execute();
  return rows.reverse();
}

interface DirectMessageReadsTable {
  reader_user_id: bigint;
  other_user_id: bigint;
  last_read_id: bigint;
  updated_at: Generated<Date>;
}

function reads(db: Db | Tx) {
  return db.withTables<{ direct_message_reads: DirectMessageReadsTable; direct_messages: DirectMessagesTable }>();
}

/** Whether the two users have any message between them. */
export async function hasConversation(db: Db, a: bigint, b: bigint): Promise<boolean> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const row = await tables(db)
    .selectFrom("direct_messages as d")
    .select("d.id")
    .where(sql`least(d.sender_user_id, d.recipient_user_id)`, "=", low)
    .where(sql`greatest(d.sender_user_id, d.recipient_user_id)`, "=", high)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The other user's messages to the reader after the reader's read mark. */
export async function countUnread(db: Db | Tx, readerId: bigint, otherId: bigint): Promise<number> {
  const row = await reads(db)
    .selectFrom("direct_messages as d")
    .leftJoin("direct_message_reads as r", (join) =>
      join.on("r.reader_user_id", "=", readerId).on("r.other_user_id", "=", otherId),
    )
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("d.recipient_user_id", "=", readerId)
    .where("d.sender_user_id", "=", otherId)
    .where(sql<boolean>`d.id > coalesce(r.last_read_id, 0)`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Moves the reader's mark forward to `upToId`, but never past the newest message the other user
 * sent them (a mark cannot cover messages not written yet) and never back. Returns the mark.
 */
export async function markRead(tx: Tx, readerId: bigint, otherId: bigint, upToId: bigint): Promise<bigint> {
  const newest = await reads(tx)
    .selectFrom("direct_messages")
    .select((eb) => eb.fn.max<bigint | null>("id").as("id"))
    .where("recipient_user_id", "=", readerId)
    .where("sender_user_id", "=", otherId)
    .where("id", "<=", upToId)
    .executeTakeFirstOrThrow();
  if (newest.id === null) {
    const current = await reads(tx)
      .selectFrom("direct_message_reads")
      .select("last_read_id")
      .where("reader_user_id", "=", readerId)
      .where("other_user_id", "=", otherId)
      .executeTakeFirst();
    return current?.last_read_id ?? 0n;
  }
  const row = await reads(tx)
    .insertInto("direct_message_reads")
    .values({ reader_user_id: readerId, other_user_id: otherId, last_read_id: BigInt(newest.id) })
    .onConflict((conflict) =>
      conflict.columns(["reader_user_id", "other_user_id"]).doUpdateSet({
        last_read_id: sql`greatest(direct_message_reads.last_read_id, excluded.last_read_id)`,
        updated_at: sql`now()`,
      }),
    )
    .returning("last_read_id")
    .executeTakeFirstOrThrow();
  return BigInt(row.last_read_id);
}

export interface ConversationRow {
  other_username: string;
  id: bigint;
  sender_user_id: bigint;
  body: string;
  created_at: Date;
  unread: bigint;
}

/** A user's conversations: each with its newest message and its unread count, newest first. */
export async function listConversations(db: Db, userId: bigint, limit: number): Promise<ConversationRow[]> {
  const result = await sql<ConversationRow>`
    WITH mine AS (
      SELECT d.id, d.sender_user_id, d.body, d.created_at,
        CASE WHEN d.sender_user_id = ${userId} THEN d.recipient_user_id ELSE d.sender_user_id END AS other_id
      FROM direct_messages d
      WHERE d.sender_user_id = ${userId} OR d.recipient_user_id = ${userId}
    ), newest AS (
      SELECT DISTINCT ON (other_id) * FROM mine ORDER BY other_id, id DESC
    )
    SELECT u.username AS other_username, n.id, n.sender_user_id, n.body, n.created_at,
      (SELECT count(*) FROM direct_messages x
        LEFT JOIN direct_message_reads r ON r.reader_user_id = ${userId} AND r.other_user_id = n.other_id
        WHERE x.recipient_user_id = ${userId} AND x.sender_user_id = n.other_id
          AND x.id > coalesce(r.last_read_id, 0)) AS unread
    FROM newest n JOIN users u ON u.id = n.other_id
    ORDER BY n.id DESC
    LIMIT ${limit}`.execute(db);
  return result.rows;
}

/** All the other users' messages to this user after their read marks. */
export async function countAllUnread(db: Db, userId: bigint): Promise<number> {
  const result = await sql<{ count: bigint }>`
    SELECT count(*) AS count FROM direct_messages x
    LEFT JOIN direct_message_reads r ON r.reader_user_id = ${userId} AND r.other_user_id = x.sender_user_id
    WHERE x.recipient_user_id = ${userId} AND x.id > coalesce(r.last_read_id, 0)`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}
