import { type AuditEntry, type AuditQuery, type PageMeta, pageMeta } from "@souk/contracts";
import { type Generated, type RawBuilder, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

type Tables = {
  audit_log: {
    id: Generated<number>;
    actor_user_id: number | null;
    actor_kind: string;
    action: string;
    subject_type: string | null;
    subject_id: string | null;
    details: Record<string, unknown>;
    reason: string;
    ip: string | null;
    created_at: Generated<Date>;
  };
};

const t = (db: Db | Tx) => db.withTables<Tables>();

/** Who took a staff action: a logged-in staff member, the operator CLI, or a job (an expiry). */
export type AuditActor = { kind: "user"; userId: number } | { kind: "cli" } | { kind: "job" };

export interface AuditRecord {
  actor: AuditActor;
  /** `<area>.<verb>`: user.restrict, role.grant, dispute.resolve, deposit.record, ... */
  action: string;
  subjectType: string;
  subjectId: string;
  /** Why, in the actor's words (empty when the action asks for none). */
  reason?: string;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * The one way to write the audit log. Call it with the transaction of the action itself, so the
 * row exists exactly when the action committed and a failed action leaves none (decision 124).
 */
export async function recordAudit(tx: Db | Tx, record: AuditRecord): Promise<void> {
  await t(tx)
    .insertInto("audit_log")
    .values({
      actor_user_id: record.actor.kind === "user" ? record.actor.userId : null,
      actor_kind: record.actor.kind,
      action: record.action,
      subject_type: record.subjectType,
      subject_id: record.subjectId,
      reason: record.reason ?? "",
      details: sql<Record<string, unknown>>`${JSON.stringify(record.details ?? {})}::jsonb`,
      ip: record.ip ?? null,
    })
    .execute();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The filters of the list as one SQL condition (they combine with AND). */
function conditionOf(filters: Omit<AuditQuery, "page" | "perPage">): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (filters.actor) parts.push(sql`(lower(u.username) = lower(${filters.actor}) OR a.actor_kind = ${filters.actor})`);
  if (filters.action) parts.push(sql`a.action = ${filters.action}`);
  if (filters.subjectType) parts.push(sql`a.subject_type = ${filters.subjectType}`);
  if (filters.subjectId) parts.push(sql`lower(a.subject_id) = lower(${filters.subjectId})`);
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    parts.push(
      sql`(a.action ILIKE ${like} OR a.subject_id ILIKE ${like} OR a.reason ILIKE ${like} OR u.username ILIKE ${like})`,
    );
  }
  return sql.join(parts, sql` AND `);
}

/** GET /rest/v1/admin/audit: newest first, filtered and paged. */
export async function listAudit(db: Db, query: AuditQuery): Promise<{ items: AuditEntry[]; meta: PageMeta }> {
  const { page, perPage, ...filters } = query;
  const condition = conditionOf(filters);
  const [rows, count] = await Promise.all([
    sql<AuditRow>`SELECT a.id, a.created_at, a.actor_kind, a.action, a.subject_type, a.subject_id, a.reason,
        a.details, u.username
      FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id
      WHERE ${condition} ORDER BY a.id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total
      FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id WHERE ${condition}`.execute(db),
  ]);
  return {
    items: rows.rows.map(toEntry),
    meta: pageMeta(Number(count.rows[0]?.total ?? 0), page, perPage),
  };
}

interface AuditRow {
  id: number | string;
  created_at: Date;
  actor_kind: string;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  reason: string;
  details: Record<string, unknown>;
  username: string | null;
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    createdAt: row.created_at.toISOString(),
    actorKind: row.actor_kind as AuditEntry["actorKind"],
    actorUsername: row.username,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    reason: row.reason,
    details: row.details,
  };
}
