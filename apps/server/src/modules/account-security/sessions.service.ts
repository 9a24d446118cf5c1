import type { AccountSession, StaffSessionView } from "@souk/contracts";
import { sql } from "kysely";
import type { Db } from "../../db/pool.ts";
import { inputError, notFound, revokeUserSessions, type Viewer } from "../../platform/index.ts";
import { describeDevice } from "./sessions.domain.ts";

/** Read only: the platform owns the sessions table and writes it (platform/session.ts). */
type Tables = {
  sessions: {
    id: number;
    user_id: number;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    ip: string | null;
    user_agent: string | null;
    device_id_end: string | null;
  };
};

/** GET users/sessions: the viewer's live sessions, the most recently active first. */
export async function listSessions(db: Db, viewer: Viewer): Promise<AccountSession[]> {
  const rows = await db
    .withTables<Tables>()
    .selectFrom("sessions")
    .select(["id", "created_at", "last_seen_at", "ip", "user_agent", "device_id_end"])
    .where("user_id", "=", viewer.userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .orderBy("last_seen_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    device: describeDevice(row.user_agent),
    deviceId: row.device_id_end,
    ip: row.ip,
    country: null,
    createdAt: row.created_at.toISOString(),
    lastActiveAt: row.last_seen_at.toISOString(),
    isCurrent: Number(row.id) === viewer.sessionId,
  }));
}

/**
 * DELETE users/sessions/{id}: ends one other session of the viewer. The current one is refused
 * (log out ends it; decision 110); a session that is not the viewer's, or already ended, is "not
 * found", so the answer says nothing of other accounts' sessions.
 */
export async function endSession(db: Db, viewer: Viewer, sessionId: number): Promise<number> {
  if (sessionId === viewer.sessionId)
    throw inputError({ id: ["sessions.current"] }, "This is the session you are using; log out to end it.");
  const ended = await revokeUserSessions(db, viewer.userId, { only: sessionId });
  if (ended.length === 0) throw notFound("No such session.");
  return ended.length;
}

/** DELETE users/sessions: ends every session of the viewer but the current one. */
export async function endOtherSessions(db: Db, viewer: Viewer): Promise<number> {
  return (await revokeUserSessions(db, viewer.userId, { except: viewer.sessionId })).length;
}

/**
 * The operator console's list of an account's sessions, live and ended, newest first, with the
 * address each came from (docs/product.md#operator-console).
 */
export async function listSessionsForStaff(db: Db, userId: number, limit = 20): Promise<StaffSessionView[]> {
  const rows = await db
    .withTables<Tables>()
    .selectFrom("sessions")
    .select(["id", "created_at", "last_seen_at", "expires_at", "revoked_at", "ip", "user_agent"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    device: describeDevice(row.user_agent),
    ip: row.ip,
    createdAt: row.created_at.toISOString(),
    lastActiveAt: row.last_seen_at.toISOString(),
    endedAt:
      (row.revoked_at ?? (row.expires_at.getTime() <= Date.now() ? row.expires_at : null))?.toISOString() ?? null,
  }));
}
