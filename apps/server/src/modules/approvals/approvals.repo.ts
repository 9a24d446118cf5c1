import type { ApprovalKind, ApprovalState } from "@souk/contracts";
import { sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

export interface ApprovalRow {
  id: bigint;
  kind: ApprovalKind;
  subject_type: string;
  subject_id: string;
  subject_user_id: bigint | null;
  payload: Record<string, unknown>;
  requested_by: bigint | null;
  reason: string;
  approvals_required: number;
  approved_by: bigint[];
  state: ApprovalState;
  decided_by: bigint | null;
  decision_reason: string | null;
  expires_at: Date;
  created_at: Date;
  decided_at: Date | null;
}

export interface NewApproval {
  kind: ApprovalKind;
  subjectType: string;
  subjectId: string;
  subjectUserId: number | null;
  payload: Record<string, unknown>;
  requestedBy: number | null;
  reason: string;
  approvalsRequired: 1 | 2;
  expiresAt: Date;
}

/** Inserts a pending request, or returns undefined when the same action already waits. */
export async function insertApproval(tx: Tx, row: NewApproval): Promise<ApprovalRow | undefined> {
  const result = await sql<ApprovalRow>`
    INSERT INTO staff_approvals (kind, subject_type, subject_id, subject_user_id, payload, requested_by, reason,
      approvals_required, expires_at)
    VALUES (${row.kind}, ${row.subjectType}, ${row.subjectId}, ${row.subjectUserId},
      ${JSON.stringify(row.payload)}::jsonb, ${row.requestedBy}, ${row.reason}, ${row.approvalsRequired},
      ${row.expiresAt})
    ON CONFLICT (kind, subject_type, subject_id) WHERE state = 'pending' DO NOTHING
    RETURNING *`.execute(tx);
  return result.rows[0];
}

export async function lockApproval(tx: Tx, id: number): Promise<ApprovalRow | undefined> {
  const result = await sql<ApprovalRow>`SELECT * FROM staff_approvals WHERE id = ${id} FOR UPDATE`.execute(tx);
  return result.rows[0];
}

/** Pending requests past their time, oldest first. */
export async function overdueApprovalIds(db: Db, now: Date, limit: number): Promise<number[]> {
  const result = await sql<{ id: string }>`SELECT id::text AS id FROM staff_approvals
    WHERE state = 'pending' AND expires_at <= ${now} ORDER BY id LIMIT ${limit}`.execute(db);
  return result.rows.map((row) => Number(row.id));
}

export async function addApprover(tx: Tx, id: bigint, adminId: number): Promise<void> {
  await sql`UPDATE staff_approvals SET approved_by = array_append(approved_by, ${adminId}::bigint)
    WHERE id = ${id}`.execute(tx);
}

export async function closeApproval(
  tx: Tx,
  id: bigint,
  close: { state: Exclude<ApprovalState, "pending">; decidedBy: number | null; reason: string | null },
): Promise<void> {
  await sql`UPDATE staff_approvals
    SET state = ${close.state}, decided_by = ${close.decidedBy}, decision_reason = ${close.reason}, decided_at = now()
    WHERE id = ${id} AND state = 'pending'`.execute(tx);
}

export interface ApprovalListRow extends ApprovalRow {
  subject_username: string | null;
  requested_by_username: string | null;
  decided_by_username: string | null;
  approved_by_usernames: string[];
}

const LIST_COLUMNS = sql`a.*, su.username AS subject_username, ru.username AS requested_by_username,
  du.username AS decided_by_username,
  ARRAY(SELECT u.username FROM users u WHERE u.id = ANY (a.approved_by) ORDER BY u.username) AS approved_by_usernames`;
const LIST_JOINS = sql`LEFT JOIN users su ON su.id = a.subject_user_id
  LEFT JOIN users ru ON ru.id = a.requested_by
  LEFT JOIN users du ON du.id = a.decided_by`;

export async function listApprovals(
  db: Db,
  filter: { state: ApprovalState; kind?: ApprovalKind; limit: number; offset: number },
): Promise<{ rows: ApprovalListRow[]; total: number }> {
  const where = sql`a.state = ${filter.state} ${filter.kind ? sql`AND a.kind = ${filter.kind}` : sql``}`;
  const [rows, count] = await Promise.all([
    sql<ApprovalListRow>`SELECT ${LIST_COLUMNS} FROM staff_approvals a ${LIST_JOINS}
      WHERE ${where} ORDER BY a.id DESC LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM staff_approvals a WHERE ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}

export async function findApprovalView(db: Db | Tx, id: bigint): Promise<ApprovalListRow | undefined> {
  const result = await sql<ApprovalListRow>`SELECT ${LIST_COLUMNS} FROM staff_approvals a ${LIST_JOINS}
    WHERE a.id = ${id}`.execute(db);
  return result.rows[0];
}
