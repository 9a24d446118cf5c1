import { createHash, randomBytes } from "node:crypto";
import type { UserRole } from "@souk/contracts";
import { type Generated, sql } from "kysely";
import { afterCommit, type Db, type Tx } from "../db/pool.ts";
import { deviceIdEnd, hashDeviceId } from "./device-id.ts";

export const SESSION_COOKIE = "souk_session";

/** Who is calling: loaded once per request from the session cookie. */
export interface Viewer {
  userId: number;
  username: string;
  roles: UserRole[];
  sessionId: number;
  isBanned: boolean;
  isSuspended: boolean;
  isOnHold: boolean;
  isFrozen: boolean;
  isRestricted: boolean;
  isCompromised: boolean;
  blockedKycActions: string[];
}

type SessionTables = {
  sessions: {
    id: Generated<number>;
    token_hash: string;
    user_id: number;
    created_at: Generated<Date>;
    expires_at: Date;
    last_seen_at: Generated<Date>;
    revoked_at: Generated<Date | null>;
    ip: string | null;
    user_agent: string | null;
    device_id_hash: string | null;
    device_id_end: string | null;
  };
  users: {
    id: number;
    username: string;
    roles: string[];
    is_banned: boolean;
    is_suspended: boolean;
    is_on_hold: boolean;
    is_frozen: boolean;
    is_restricted: boolean;
    is_compromised: boolean;
    blocked_kyc_actions: string[];
    last_seen_at: Date | null;
  };
};

function tables(db: Db) {
  return db.withTables<SessionTables>();
}

/**
 * A viewer in good standing without a session: what seeds and tests act as when they call a
 * service directly instead of going through a logged-in request.
 */
export function sessionlessViewer(userId: number, username: string, roles: UserRole[] = ["user"]): Viewer {
  return {
    userId,
    username,
    roles,
    sessionId: 0,
    isBanned: false,
    isSuspended: false,
    isOnHold: false,
    isFrozen: false,
    isRestricted: false,
    isCompromised: false,
    blockedKycActions: [],
  };
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * Sessions this process looked up, by token hash, reused for a moment (SESSION_CACHE_MS): a
 * logged-in request then skips a database round trip. A logout through this process forgets its
 * entry at once, and so does a change of the account made through it (a restriction, a role:
 * `forgetViewersOf`); a change made on another copy is seen when the entry runs out. Only found
 * sessions are kept: an unknown token is looked up every time.
 */
class ViewerCache {
  private readonly entries = new Map<string, { viewer: Viewer; until: number }>();
  /** When each account's entries were last forgotten: a lookup begun before then is not kept. */
  private readonly forgottenAt = new Map<number, number>();

  get(tokenHash: string, now: number): Viewer | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.until > now) return entry.viewer;
    this.entries.delete(tokenHash);
    return null;
  }

  /** Keeps a viewer read by a lookup begun at `readAt`, unless its account changed since. */
  set(tokenHash: string, viewer: Viewer, readAt: number, until: number): void {
    if ((this.forgottenAt.get(viewer.userId) ?? -1) >= readAt) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { viewer, until });
    // A Map iterates in insertion order: the entries set longest ago go first.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= MAX_CACHED_VIEWERS) break;
      this.entries.delete(key);
    }
  }

  forget(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: number, now: number, keptForMs: number): void {
    for (const [tokenHash, entry] of this.entries) {
      if (entry.viewer.userId === userId) this.entries.delete(tokenHash);
    }
    this.forgottenAt.set(userId, now);
    // A mark older than any lookup still under way has done its work.
    for (const [id, at] of this.forgottenAt) {
      if (at < now - keptForMs) this.forgottenAt.delete(id);
    }
  }
}

/** Longest a lookup may take and still be kept after its account changed (see `forgetUser`). */
const SLOWEST_LOOKUP_MS = 60_000;

const MAX_CACHED_VIEWERS = 50_000;
/** One cache per database handle, so two apps in one process (tests) never share sessions. */
const viewerCaches = new WeakMap<Db, ViewerCache>();

function viewerCacheFor(db: Db): ViewerCache {
  let cache = viewerCaches.get(db);
  if (!cache) {
    cache = new ViewerCache();
    viewerCaches.set(db, cache);
  }
  return cache;
}

/** The viewer a session token stands for; `reuseForMs` lets a recent lookup of it answer. */
export async function findViewer(db: Db, token: string, options: { reuseForMs?: number } = {}): Promise<Viewer | null> {
  const tokenHash = hashToken(token);
  const reuseForMs = options.reuseForMs ?? 0;
  const now = Date.now();
  if (reuseForMs > 0) {
    const cached = viewerCacheFor(db).get(tokenHash, now);
    if (cached) return cached;
  }
  const viewer = await lookUpViewer(db, tokenHash);
  if (viewer && reuseForMs > 0) viewerCacheFor(db).set(tokenHash, viewer, now, now + reuseForMs);
  return viewer;
}

/**
 * After a change to an account that its viewer carries (a restriction, a role, blocked actions)
 * commits, this process stops reusing the account's sessions: its next request reads the change.
 */
export function forgetViewersOf(db: Db | Tx, userId: number): void {
  afterCommit(db, (committed) => viewerCacheFor(committed).forgetUser(userId, Date.now(), SLOWEST_LOOKUP_MS));
}

const VIEWER_COLUMNS = [
  "u.id as userId",
  "u.username",
  "u.roles",
  "u.is_banned",
  "u.is_suspended",
  "u.is_on_hold",
  "u.is_frozen",
  "u.is_restricted",
  "u.is_compromised",
  "u.blocked_kyc_actions",
] as const;

type ViewerColumns = {
  userId: number | string;
  username: string;
  roles: string[];
  is_banned: boolean;
  is_suspended: boolean;
  is_on_hold: boolean;
  is_frozen: boolean;
  is_restricted: boolean;
  is_compromised: boolean;
  blocked_kyc_actions: string[];
};

function toViewer(row: ViewerColumns, sessionId: number): Viewer {
  return {
    userId: Number(row.userId),
    username: row.username,
    roles: row.roles as UserRole[],
    sessionId,
    isBanned: row.is_banned,
    isSuspended: row.is_suspended,
    isOnHold: row.is_on_hold,
    isFrozen: row.is_frozen,
    isRestricted: row.is_restricted,
    isCompromised: row.is_compromised,
    blockedKycActions: row.blocked_kyc_actions,
  };
}

async function lookUpViewer(db: Db, tokenHash: string): Promise<Viewer | null> {
  const row = await tables(db)
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.id as sessionId", "s.last_seen_at as sessionSeenAt", ...VIEWER_COLUMNS])
    .where("s.token_hash", "=", tokenHash)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;
  // Last-seen is kept to the minute; writing it on every request would make reads write.
  if (Date.now() - row.sessionSeenAt.getTime() > 60_000) {
    void touchSession(db, Number(row.sessionId), Number(row.userId)).catch(() => {});
  }
  return toViewer(row, Number(row.sessionId));
}

/**
 * The viewer of a user who calls without a session (an API client's token stands for them), with
 * the standing the user has now; null for an unknown user. Its sessionId is 0.
 */
export async function findViewerByUserId(db: Db, userId: number): Promise<Viewer | null> {
  const row = await tables(db)
    .selectFrom("users as u")
    .select(VIEWER_COLUMNS)
    .where("u.id", "=", userId)
    .executeTakeFirst();
  return row ? toViewer(row, 0) : null;
}

async function touchSession(db: Db, sessionId: number, userId: number): Promise<void> {
  await tables(db).updateTable("sessions").set({ last_seen_at: sql`now()` }).where("id", "=", sessionId).execute();
  await tables(db).updateTable("users").set({ last_seen_at: sql`now()` }).where("id", "=", userId).execute();
}

export interface NewSessionInfo {
  token: string;
  expiresAt: Date;
}

/** Creates a session with a fresh random token; the caller sets it as the cookie. */
export async function createSession(
  db: Db,
  input: { userId: number; ttlHours: number; ip: string | null; userAgent: string | null; deviceId?: string | null },
): Promise<NewSessionInfo> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + input.ttlHours * 3_600_000);
  await tables(db)
    .insertInto("sessions")
    .values({
      token_hash: hashToken(token),
      user_id: input.userId,
      expires_at: expiresAt,
      ip: input.ip,
      user_agent: input.userAgent?.slice(0, 500) ?? null,
      device_id_hash: input.deviceId ? hashDeviceId(input.deviceId) : null,
      device_id_end: input.deviceId ? deviceIdEnd(input.deviceId) : null,
    })
    .execute();
  await tables(db).updateTable("users").set({ last_seen_at: sql`now()` }).where("id", "=", input.userId).execute();
  return { token, expiresAt };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  await tables(db)
    .updateTable("sessions")
    .set({ revoked_at: sql`now()` })
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .execute();
  viewerCacheFor(db).forget(tokenHash);
}

/**
 * The one way sessions of a user end (sessions screen, password change and reset, account
 * closure): `only` the one with that id, or every one `except` that id (0 keeps none). A session
 * of another user is never touched. Inside a transaction the ends commit with it; this process
 * forgets the ended sessions once they are committed, other copies within SESSION_CACHE_MS.
 * Returns the ids it ended.
 */
export async function revokeUserSessions(
  db: Db | Tx,
  userId: number,
  which: { only: number } | { except: number },
): Promise<number[]> {
  let query = tables(db as Db)
    .updateTable("sessions")
    .set({ revoked_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  query = "only" in which ? query.where("id", "=", which.only) : query.where("id", "!=", which.except);
  const ended = await query.returning(["id", "token_hash"]).execute();
  afterCommit(db, (committed) => {
    for (const row of ended) viewerCacheFor(committed).forget(row.token_hash);
  });
  return ended.map((row) => Number(row.id));
}
