import { sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

/** Telegram's tables (migration 0101). */

export async function findChatId(db: Db | Tx, userId: number): Promise<number | null> {
  const result = await sql<{ chat_id: string }>`
    SELECT chat_id FROM telegram_links WHERE user_id = ${userId}`.execute(db);
  const row = result.rows[0];
  return row ? Number(row.chat_id) : null;
}

export async function insertLinkCode(tx: Db | Tx, userId: number, codeHash: string, expiresAt: Date): Promise<void> {
  await sql`DELETE FROM telegram_link_codes WHERE user_id = ${userId} AND used_at IS NULL`.execute(tx);
  await sql`INSERT INTO telegram_link_codes (code_hash, user_id, expires_at)
    VALUES (${codeHash}, ${userId}, ${expiresAt})`.execute(tx);
}

/** Uses a code once: the user it links, or null for an unknown, used or expired code. */
export async function useLinkCode(tx: Tx, codeHash: string): Promise<number | null> {
  const result = await sql<{ user_id: string }>`
    UPDATE telegram_link_codes SET used_at = now()
    WHERE code_hash = ${codeHash} AND used_at IS NULL AND expires_at > now()
    RETURNING user_id`.execute(tx);
  const row = result.rows[0];
  return row ? Number(row.user_id) : null;
}

export async function saveLink(tx: Tx, userId: number, chatId: number): Promise<void> {
  await sql`INSERT INTO telegram_links (user_id, chat_id) VALUES (${userId}, ${chatId})
    ON CONFLICT (user_id) DO UPDATE SET chat_id = excluded.chat_id, linked_at = now()`.execute(tx);
}

export async function deleteLink(db: Db | Tx, userId: number): Promise<void> {
  await sql`DELETE FROM telegram_links WHERE user_id = ${userId}`.execute(db);
}
