import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import type { StoredRelation } from "./contacts.domain.ts";

type RelationStateColumn = "trusted" | "blocked";

type ContactsTables = {
  user_relations: {
    owner_user_id: bigint;
    other_user_id: bigint;
    state: RelationStateColumn;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** The columns of the users row this module reads (decision 002); the users module owns it. */
  users: {
    id: bigint;
    username: string;
    avatar_url: string | null;
    last_seen_at: Date | null;
    accept_chat_messages: string;
    feedback_positive_count: number;
    feedback_negative_count: number;
  };
};

function tables(db: Db | Tx) {
  return db.withTables<ContactsTables>();
}

/**
 * Serialises the relation changes of one owner. Two concurrent actions on the same pair would
 * otherwise both read "no relation" and both move the other user's figures.
 */
export async function lockOwnerRelations(tx: Tx, ownerId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`user_relations:${ownerId}`}, 0))`.execute(tx);
}

export async function findRelation(db: Db | Tx, ownerId: number, otherId: number): Promise<StoredRelation> {
  const row = await tables(db)
    .selectFrom("user_relations")
    .select("state")
    .where("owner_user_id", "=", BigInt(ownerId))
    .where("other_user_id", "=", BigInt(otherId))
    .executeTakeFirst();
  return row?.state ?? null;
}

export async function saveRelation(tx: Tx, ownerId: number, otherId: number, state: StoredRelation): Promise<void> {
  if (state === null) {
    await tables(tx)
      .deleteFrom("user_relations")
      .where("owner_user_id", "=", BigInt(ownerId))
      .where("other_user_id", "=", BigInt(otherId))
      .execute();
    return;
  }
  await tables(tx)
    .insertInto("user_relations")
    .values({ owner_user_id: BigInt(ownerId), other_user_id: BigInt(otherId), state })
    .onConflict((conflict) =>
      conflict.columns(["owner_user_id", "other_user_id"]).doUpdateSet({ state, updated_at: sql`now()` }),
    )
    .execute();
}

/** Both directions between two users: [a's relation to b, b's relation to a]. */
export async function relationsBetween(db: Db | Tx, a: number, b: number): Promise<[StoredRelation, StoredRelation]> {
  const rows = await tables(db)
    .selectFrom("user_relations")
    .select(["owner_user_id", "state"])
    .where((eb) =>
      eb.or([
        eb.and([eb("owner_user_id", "=", BigInt(a)), eb("other_user_id", "=", BigInt(b))]),
        eb.and([eb("owner_user_id", "=", BigInt(b)), eb("other_user_id", "=", BigInt(a))]),
      ]),
    )
    .execute();
  const of = (owner: number) => rows.find((row) => Number(row.owner_user_id) === owner)?.state ?? null;
  return [of(a), of(b)];
}

export interface ContactRow {
  username: string;
  avatar_url: string | null;
  last_seen_at: Date | null;
  feedback_positive_count: number;
  feedback_negative_count: number;
  since: Date;
}

export async function listRelations(
  db: Db,
  ownerId: number,
  state: RelationStateColumn,
  page: { offset: number; limit: number },
): Promise<{ rows: ContactRow[]; total: number }> {
  const base = tables(db)
    .selectFrom("user_relations as r")
    .innerJoin("users as u", "u.id", "r.other_user_id")
    .where("r.owner_user_id", "=", BigInt(ownerId))
    .where("r.state", "=", state);
  const [rows, count] = await Promise.all([
    base
      .select([
        "u.username",
        "u.avatar_url",
        "u.last_seen_at",
        "u.feedback_positive_count",
        "u.feedback_negative_count",
        "r.updated_at as since",
      ])
      .orderBy("r.updated_at", "desc")
      .orderBy("r.other_user_id", "desc")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * The newest relations around a user, for staff: `from` the user (whom they trust or block) or
 * `to` them (who trusts or blocks them); the other account's name and since when.
 */
export async function listRelationsAround(
  db: Db,
  userId: number,
  direction: "from" | "to",
  state: RelationStateColumn,
  limit: number,
): Promise<{ username: string; since: Date }[]> {
  const [self, other] =
    direction === "from"
      ? (["owner_user_id", "other_user_id"] as const)
      : (["other_user_id", "owner_user_id"] as const);
  return tables(db)
    .selectFrom("user_relations as r")
    .innerJoin("users as u", "u.id", `r.${other}`)
    .select(["u.username", "r.updated_at as since"])
    .where(`r.${self}`, "=", BigInt(userId))
    .where("r.state", "=", state)
    .orderBy("r.updated_at", "desc")
    .orderBy(`r.${other}`, "desc")
    .limit(limit)
    .execute();
}

export interface RelationCounts {
  /** Users this user trusts. */
  trusted: number;
  /** Users this user blocks. */
  blocked: number;
  /** Users who trust this user. */
  trustedBy: number;
  /** Users who block this user. */
  blockedBy: number;
}

export async function countRelations(db: Db | Tx, userId: number): Promise<RelationCounts> {
  const id = BigInt(userId);
  const row = await tables(db)
    .selectFrom("user_relations")
    .select([
      sql<string>`count(*) FILTER (WHERE owner_user_id = ${id} AND state = 'trusted')`.as("trusted"),
      sql<string>`count(*) FILTER (WHERE owner_user_id = ${id} AND state = 'blocked')`.as("blocked"),
      sql<string>`count(*) FILTER (WHERE other_user_id = ${id} AND state = 'trusted')`.as("trusted_by"),
      sql<string>`count(*) FILTER (WHERE other_user_id = ${id} AND state = 'blocked')`.as("blocked_by"),
    ])
    .where((eb) => eb.or([eb("owner_user_id", "=", id), eb("other_user_id", "=", id)]))
    .executeTakeFirstOrThrow();
  return {
    trusted: Number(row.trusted),
    blocked: Number(row.blocked),
    trustedBy: Number(row.trusted_by),
    blockedBy: Number(row.blocked_by),
  };
}

export async function findAcceptChatMessages(db: Db | Tx, userId: number): Promise<string | null> {
  const row = await tables(db)
    .selectFrom("users")
    .select("accept_chat_messages")
    .where("id", "=", BigInt(userId))
    .executeTakeFirst();
  return row?.accept_chat_messages ?? null;
}
