import type { OfferModerationFilter } from "@souk/contracts";
import { type RawBuilder, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import type { ModerationStatus } from "./moderation.domain.ts";

/** SQL of offer moderation (docs/decisions/130-offer-moderation.md). */

export interface ModerationRow {
  id: bigint;
  id_hashed: string;
  user_id: bigint;
  owner_username: string;
  type: "buy" | "sell";
  crypto_currency_id: number;
  fiat_currency_id: number;
  payment_method_id: number;
  offer_terms: string;
  is_active: boolean;
  moderation_status: ModerationStatus;
  moderation_message: string | null;
  moderation_appeal: string | null;
  moderated_at: Date | null;
  is_featured_by_moderator: boolean;
  is_stickied_by_moderator: boolean;
  created_at: Date;
}

const COLUMNS = sql`o.id, o.id_hashed, o.user_id, u.username AS owner_username, o.type, o.crypto_currency_id,
  o.fiat_currency_id, o.payment_method_id, o.offer_terms, o.is_active, o.moderation_status::integer AS moderation_status,
  o.moderation_message, o.moderation_appeal, o.moderated_at, o.is_featured_by_moderator, o.is_stickied_by_moderator,
  o.created_at`;

async function selectOffer(db: Db | Tx, idHashed: string, forUpdate: boolean): Promise<ModerationRow | undefined> {
  const result = await sql<ModerationRow>`
    SELECT ${COLUMNS} FROM offers o JOIN users u ON u.id = o.user_id
    WHERE o.id_hashed = ${idHashed} AND o.deleted_at IS NULL
    ${forUpdate ? sql`FOR UPDATE OF o` : sql``}`.execute(db);
  return result.rows[0];
}

/** The offer a moderation step acts on, its row locked until the step commits; undefined when none (or deleted). */
export const lockOffer = (tx: Tx, idHashed: string) => selectOffer(tx, idHashed, true);

export const findOffer = (db: Db, idHashed: string) => selectOffer(db, idHashed, false);

/** A staff decision: the status, the vendor's message, and the appeal kept or forgotten. */
export async function setStatus(
  tx: Tx,
  id: bigint,
  change: { status: ModerationStatus; message: string | null; keepsAppeal: boolean },
): Promise<void> {
  await sql`
    UPDATE offers SET moderation_status = ${change.status}, moderation_message = ${change.message},
      moderation_appeal = CASE WHEN ${change.keepsAppeal} THEN moderation_appeal END,
      appealed_at = CASE WHEN ${change.keepsAppeal} THEN appealed_at END,
      moderated_at = now(), updated_at = now()
    WHERE id = ${id}`.execute(tx);
}

/** The vendor's appeal: the status becomes appealed and the message waits for staff. */
export async function setAppeal(tx: Tx, id: bigint, status: ModerationStatus, message: string): Promise<void> {
  await sql`
    UPDATE offers SET moderation_status = ${status}, moderation_appeal = ${message}, appealed_at = now(),
      updated_at = now()
    WHERE id = ${id}`.execute(tx);
}

export async function setMark(tx: Tx, id: bigint, mark: "feature" | "sticky", isOn: boolean): Promise<void> {
  const change =
    mark === "feature"
      ? sql`is_featured_by_moderator = ${isOn}`
      : sql`is_stickied_by_moderator = ${isOn}, stickied_at = CASE WHEN ${isOn} THEN now() END`;
  await sql`UPDATE offers SET ${change}, updated_at = now() WHERE id = ${id}`.execute(tx);
}

const STATUS_OF: Record<Exclude<OfferModerationFilter, "all">, ModerationStatus> = {
  approved: 1,
  rejected: 2,
  no_appeal: 3,
  appealed: 4,
};

function conditionOf(filter: OfferModerationFilter, q: string): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`o.deleted_at IS NULL`];
  if (filter !== "all") parts.push(sql`o.moderation_status = ${STATUS_OF[filter]}`);
  if (q) parts.push(sql`(lower(u.username) = lower(${q}) OR o.id_hashed = ${q})`);
  return sql.join(parts, sql` AND `);
}

/** The moderators' list: appealed offers oldest appeal first (a queue), the others newest change first. */
export async function listForModeration(
  db: Db,
  query: { filter: OfferModerationFilter; q: string; limit: number; offset: number },
): Promise<{ rows: ModerationRow[]; total: number }> {
  const order = query.filter === "appealed" ? sql`o.appealed_at ASC, o.id ASC` : sql`o.updated_at DESC, o.id DESC`;
  const result = await sql<ModerationRow & { total: string }>`
    SELECT ${COLUMNS}, count(*) OVER ()::text AS total
    FROM offers o JOIN users u ON u.id = o.user_id
    WHERE ${conditionOf(query.filter, query.q)}
    ORDER BY ${order}
    LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db);
  return { rows: result.rows, total: Number(result.rows[0]?.total ?? 0) };
}
