import {
  ACCEPT_CHAT_MESSAGES,
  type AdminUserRelations,
  type Contact,
  type MessengerProfile,
  type PageMeta,
  pageMeta,
  type Relation,
  type RelationAction,
} from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { adjustProfileCounts, findUserByUsername, updateSettings } from "../users/index.ts";
import { countsDelta, nextRelation, outcomeOf } from "./contacts.domain.ts";
import { selfRelation, unknownUser } from "./contacts.errors.ts";
import * as repo from "./contacts.repo.ts";

export type AcceptChatMessages = (typeof ACCEPT_CHAT_MESSAGES)[number];

/** How the owner relates to another user, and how that user relates back. */
export interface RelationView {
  /** The owner trusts the other user. */
  isTrusted: boolean;
  /** The owner blocks the other user. */
  isBlocked: boolean;
  /** The other user blocks the owner. */
  isBlockedBy: boolean;
}

/** Another user named in a path: unknown is a 404, the viewer themselves a 422. */
async function findOther(db: Db, ownerId: number, username: string) {
  const other = await findUserByUsername(db, username);
  if (!other) throw unknownUser();
  if (Number(other.id) === ownerId) throw selfRelation();
  return { id: Number(other.id), username: other.username };
}

/** The viewer's relation to another user as it stands (the profile's and the trade's buttons). */
export async function viewRelation(db: Db, ownerId: number, username: string): Promise<Relation> {
  const other = await findOther(db, ownerId, username);
  const { isTrusted, isBlocked } = await getRelation(db, ownerId, other.id);
  const state = isBlocked ? "blocked" : isTrusted ? "trusted" : "untrusted";
  return { username: other.username, state, isTrusted, isBlocked };
}

/**
 * Applies a relation action of the viewer to another user. The other user's "trusted by" and
 * "blocked by" figures move in the same transaction as the relation row.
 */
export async function changeRelation(
  db: Db,
  ownerId: number,
  username: string,
  action: RelationAction,
): Promise<Relation> {
  const other = await findOther(db, ownerId, username);
  const otherId = other.id;
  const after = await withTx(db, async (tx) => {
    await repo.lockOwnerRelations(tx, ownerId);
    const before = await repo.findRelation(tx, ownerId, otherId);
    const next = nextRelation(before, action);
    if (next !== before) {
      await repo.saveRelation(tx, ownerId, otherId, next);
      await adjustProfileCounts(tx, otherId, countsDelta(before, next));
    }
    return next;
  });
  return {
    username: other.username,
    state: outcomeOf(action),
    isTrusted: after === "trusted",
    isBlocked: after === "blocked",
  };
}

export async function listContacts(
  db: Db,
  ownerId: number,
  state: "trusted" | "blocked",
  query: { page: number; perPage: number },
): Promise<{ items: Contact[]; meta: PageMeta }> {
  const { rows, total } = await repo.listRelations(db, ownerId, state, {
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
  });
  return {
    items: rows.map((row) => ({
      username: row.username,
      avatarUrl: row.avatar_url,
      lastSeen: row.last_seen_at ? Math.floor(row.last_seen_at.getTime() / 1000) : null,
      feedback: { positive: row.feedback_positive_count, negative: row.feedback_negative_count },
      since: row.since.toISOString(),
    })),
    meta: pageMeta(total, query.page, query.perPage),
  };
}

/** The door other modules use (trades, chat): both directions between two users in one query. */
export async function getRelation(db: Db | Tx, ownerId: number, otherId: number): Promise<RelationView> {
  const [mine, theirs] = await repo.relationsBetween(db, ownerId, otherId);
  return { isTrusted: mine === "trusted", isBlocked: mine === "blocked", isBlockedBy: theirs === "blocked" };
}

/**
 * The relations of an account as staff see them (the operator console's user page): whom it trusts
 * and blocks, who trusts and blocks it, each with its total and newest `limit` entries.
 */
export async function listRelationsForStaff(db: Db, userId: number, limit: number): Promise<AdminUserRelations> {
  const around = async (direction: "from" | "to", state: "trusted" | "blocked") =>
    (await repo.listRelationsAround(db, userId, direction, state, limit)).map((row) => ({
      username: row.username,
      since: row.since.toISOString(),
    }));
  const [counts, trusts, blocks, trustedBy, blockedBy] = await Promise.all([
    repo.countRelations(db, userId),
    around("from", "trusted"),
    around("from", "blocked"),
    around("to", "trusted"),
    around("to", "blocked"),
  ]);
  return {
    trusts: { total: counts.trusted, items: trusts },
    blocks: { total: counts.blocked, items: blocks },
    trustedBy: { total: counts.trustedBy, items: trustedBy },
    blockedBy: { total: counts.blockedBy, items: blockedBy },
  };
}

export async function countRelations(db: Db | Tx, userId: number): Promise<repo.RelationCounts> {
  return repo.countRelations(db, userId);
}

/** The chat-visibility setting; the spec's default is everyone (YES). */
export async function getChatAcceptance(db: Db | Tx, userId: number): Promise<AcceptChatMessages> {
  const value = await repo.findAcceptChatMessages(db, userId);
  return (ACCEPT_CHAT_MESSAGES as readonly string[]).includes(value ?? "") ? (value as AcceptChatMessages) : "YES";
}

export async function getMessengerProfile(db: Db, userId: number): Promise<MessengerProfile> {
  return { acceptChatMessages: await getChatAcceptance(db, userId) };
}

export async function updateMessengerProfile(
  db: Db,
  userId: number,
  input: MessengerProfile,
): Promise<MessengerProfile> {
  const user = await updateSettings(db, userId, { acceptChatMessages: input.acceptChatMessages });
  return { acceptChatMessages: user.acceptChatMessages };
}
