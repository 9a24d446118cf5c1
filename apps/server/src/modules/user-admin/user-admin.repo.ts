import { isIP } from "node:net";
import { RESTRICTION_KINDS, type RestrictionKind } from "@souk/contracts";
import { sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import { forgetViewersOf } from "../../platform/index.ts";
import { FLAG_COLUMNS, type TargetFacts } from "./user-admin.domain.ts";

export interface UserRow {
  id: number;
  external_id: string;
  username: string;
  email: string;
  roles: string[];
  created_at: Date;
  closed_at: Date | null;
  last_seen_at: Date | null;
  is_banned: boolean;
  is_suspended: boolean;
  is_frozen: boolean;
  is_on_hold: boolean;
  is_restricted: boolean;
  is_compromised: boolean;
  blocked_kyc_actions: string[];
}

export interface RestrictionRow {
  id: number;
  user_id: number;
  kind: RestrictionKind;
  reason: string;
  expires_at: Date | null;
  created_at: Date;
  created_by_username: string | null;
}

const USER_COLUMNS = sql`u.id, u.external_id, u.username, u.email, u.roles, u.created_at, u.closed_at, u.last_seen_at,
  u.is_banned, u.is_suspended, u.is_frozen, u.is_on_hold, u.is_restricted, u.is_compromised, u.blocked_kyc_actions`;

export function flaggedKindsOf(row: UserRow): RestrictionKind[] {
  return RESTRICTION_KINDS.filter((kind) => row[FLAG_COLUMNS[kind]]);
}

/** The account by username (any case), its row locked when `tx` is a transaction of an action. */
export async function findUser(db: Db | Tx, username: string, forUpdate = false): Promise<UserRow | null> {
  const lock = forUpdate ? sql`FOR UPDATE` : sql``;
  const result = await sql<UserRow>`SELECT ${USER_COLUMNS} FROM users u
    WHERE lower(u.username) = lower(${username}) ${lock}`.execute(db);
  return result.rows[0] ?? null;
}

/** Search by username (prefix), e-mail (prefix), numeric id, external id or a session's IP address. */
export async function searchUsers(
  db: Db,
  q: string,
  page: { limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const asId = /^\d{1,18}$/.test(q) ? q : null;
  const asUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q) ? q : null;
  // An address matches the accounts any of whose sessions (live or ended) came from it.
  // (A zone, "fe80::1%eth0", is an address to Node but not to PostgreSQL's inet.)
  const asIp = isIP(q) && !q.includes("%") ? q : null;
  const byIp = asIp ? sql` OR u.id IN (SELECT s.user_id FROM sessions s WHERE s.ip = ${asIp}::inet)` : sql``;
  const condition =
    q === ""
      ? sql`true`
      : sql`(lower(u.username) LIKE ${prefix} OR lower(u.email) LIKE ${prefix}
          OR u.id = ${asId}::bigint OR u.external_id = ${asUuid}::uuid${byIp})`;
  const [rows, count] = await Promise.all([
    sql<UserRow>`SELECT ${USER_COLUMNS} FROM users u WHERE ${condition}
      ORDER BY lower(u.username) LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM users u WHERE ${condition}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}

export async function activeRestrictions(db: Db | Tx, userId: number): Promise<RestrictionRow[]> {
  const result = await sql<RestrictionRow>`SELECT r.id, r.user_id, r.kind, r.reason, r.expires_at, r.created_at,
      c.username AS created_by_username
    FROM user_restrictions r LEFT JOIN users c ON c.id = r.created_by
    WHERE r.user_id = ${userId} AND r.lifted_at IS NULL ORDER BY r.id`.execute(db);
  return result.rows;
}

export function targetFactsOf(row: UserRow, active: readonly RestrictionRow[]): TargetFacts {
  return {
    id: Number(row.id),
    roles: row.roles,
    isClosed: row.closed_at !== null,
    activeKinds: active.map((restriction) => restriction.kind),
    flaggedKinds: flaggedKindsOf(row),
    blockedKycActions: row.blocked_kyc_actions,
  };
}

export async function setFlag(tx: Tx, userId: number, kind: RestrictionKind, isOn: boolean): Promise<void> {
  const column = sql.ref(FLAG_COLUMNS[kind]);
  await sql`UPDATE users SET ${column} = ${isOn}, updated_at = now() WHERE id = ${userId}`.execute(tx);
  forgetViewersOf(tx, userId);
}

export async function insertRestriction(
  tx: Tx,
  row: { userId: number; kind: RestrictionKind; reason: string; expiresAt: Date | null; createdBy: number | null },
): Promise<void> {
  await sql`INSERT INTO user_restrictions (user_id, kind, reason, expires_at, created_by)
    VALUES (${row.userId}, ${row.kind}, ${row.reason}, ${row.expiresAt}, ${row.createdBy})`.execute(tx);
}

/** Ends the active row of this kind; false when there was none (a flag set without a row). */
export async function liftRestriction(
  tx: Tx,
  row: { userId: number; kind: RestrictionKind; reason: string; liftedBy: number | null },
): Promise<boolean> {
  const result = await sql`UPDATE user_restrictions SET lifted_at = now(), lifted_by = ${row.liftedBy},
      lift_reason = ${row.reason}
    WHERE user_id = ${row.userId} AND kind = ${row.kind} AND lifted_at IS NULL`.execute(tx);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function setBlockedKycActions(tx: Tx, userId: number, actions: readonly string[]): Promise<void> {
  await sql`UPDATE users SET blocked_kyc_actions = ${[...actions]}::text[], updated_at = now()
    WHERE id = ${userId}`.execute(tx);
  forgetViewersOf(tx, userId);
}

export async function setRoles(tx: Tx, userId: number, roles: readonly string[]): Promise<void> {
  await sql`UPDATE users SET roles = ${[...roles]}::text[], updated_at = now() WHERE id = ${userId}`.execute(tx);
  forgetViewersOf(tx, userId);
}

/** Active restrictions whose expiry has passed: what the lifting job ends, oldest first. */
export async function expiredRestrictions(
  db: Db,
  now: Date,
  limit: number,
): Promise<{ username: string; kind: RestrictionKind }[]> {
  const result = await sql<{ username: string; kind: RestrictionKind }>`SELECT u.username, r.kind
    FROM user_restrictions r JOIN users u ON u.id = r.user_id
    WHERE r.lifted_at IS NULL AND r.expires_at IS NOT NULL AND r.expires_at <= ${now}
    ORDER BY r.expires_at LIMIT ${limit}`.execute(db);
  return result.rows;
}
