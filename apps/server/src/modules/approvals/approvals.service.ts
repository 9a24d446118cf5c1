import { type Approval, type ApprovalsQuery, type PageMeta, pageMeta } from "@souk/contracts";
import { z } from "zod";
import type { Db, Tx } from "../../db/pool.ts";
import type { ApprovalAction, ApprovalRequestFacts, JobQueue } from "../../platform/index.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { withLedgerTx } from "../ledger/index.ts";
import { type ApprovalFacts, decideApprove, decideReject } from "./approvals.domain.ts";
import { alreadyRequested, approvalExpired, approvalNotFound, refusalError } from "./approvals.errors.ts";
import * as repo from "./approvals.repo.ts";

/**
 * Staff approvals (docs/decisions/143-staff-approvals.md). A request is opened in the transaction of
 * what asks for it (a withdrawal's hold), and decided in one transaction with its row locked: the
 * decision, the action (through its module's ApprovalAction) and the audit row commit together,
 * so two approvals at once run the action once and a failing action leaves the request pending.
 */

/** How long a request waits before it can no longer be approved: SOUK_APPROVAL_TTL_HOURS, default 72. */
function approvalTtlHours(env: NodeJS.ProcessEnv = process.env): number {
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(72)
    .parse(env.SOUK_APPROVAL_TTL_HOURS);
}

/** A request as its requester opens it (the requesting account: an admin, or the withdrawing user). */
export interface OpenApproval extends Omit<repo.NewApproval, "expiresAt"> {
  actor: AuditActor;
  ip?: string | null;
}

/** Opens a request in the caller's transaction and writes its audit row there. */
export async function openApprovalRequest(tx: Tx, input: OpenApproval): Promise<bigint> {
  const expiresAt = new Date(Date.now() + approvalTtlHours() * 3_600_000);
  const row = await repo.insertApproval(tx, { ...input, expiresAt });
  if (!row) throw alreadyRequested();
  await recordAudit(tx, {
    actor: input.actor,
    action: "approval.request",
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    reason: input.reason,
    details: { approvalId: String(row.id), kind: input.kind, approvalsRequired: input.approvalsRequired },
    ip: input.ip ?? null,
  });
  return row.id;
}

/**
 * An admin proposes an action (a correction, a reset): one approval by another admin runs it. The
 * request is opened in one transaction after `check` (in it) found the subject; answers the request.
 */
export async function proposeApproval(
  db: Db,
  caller: ApprovalCaller,
  reason: string,
  check: (tx: Tx) => Promise<Pick<OpenApproval, "kind" | "subjectType" | "subjectId" | "subjectUserId" | "payload">>,
): Promise<Approval> {
  const id = await withLedgerTx(db, async (tx) =>
    openApprovalRequest(tx, {
      ...(await check(tx)),
      requestedBy: caller.userId,
      reason,
      approvalsRequired: 1,
      actor: { kind: "user", userId: caller.userId },
      ip: caller.ip,
    }),
  );
  return getApproval(db, id);
}

/** The admin deciding, as the audit log records them. */
export interface ApprovalCaller {
  userId: number;
  ip: string | null;
}

function factsOf(row: repo.ApprovalRow): ApprovalFacts {
  return {
    state: row.state,
    requestedBy: row.requested_by === null ? null : Number(row.requested_by),
    subjectUserId: row.subject_user_id === null ? null : Number(row.subject_user_id),
    approvedBy: row.approved_by.map(Number),
    approvalsRequired: row.approvals_required,
    expiresAt: row.expires_at,
  };
}

function requestOf(row: repo.ApprovalRow): ApprovalRequestFacts {
  return {
    id: row.id,
    kind: row.kind,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectUserId: row.subject_user_id === null ? null : Number(row.subject_user_id),
    payload: row.payload,
    requestedBy: row.requested_by === null ? null : Number(row.requested_by),
  };
}

function actionOf(actions: readonly ApprovalAction[], kind: string): ApprovalAction {
  const action = actions.find((candidate) => candidate.kind === kind);
  if (!action) throw new Error(`no approval action for kind ${kind}`);
  return action;
}

async function lockRequest(tx: Tx, id: number): Promise<repo.ApprovalRow> {
  const row = await repo.lockApproval(tx, id);
  if (!row) throw approvalNotFound();
  return row;
}

function auditDecision(
  tx: Tx,
  caller: ApprovalCaller | null,
  row: repo.ApprovalRow,
  entry: { action: string; reason: string; details?: Record<string, unknown> },
): Promise<void> {
  return recordAudit(tx, {
    actor: caller ? { kind: "user", userId: caller.userId } : { kind: "job" },
    action: entry.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    reason: entry.reason,
    details: { approvalId: String(row.id), kind: row.kind, ...entry.details },
    ip: caller?.ip ?? null,
  });
}

/** The locked, pending, past-due request turns `expired`; what it held goes back; one audit row. */
async function expireLocked(
  tx: Tx,
  actions: readonly ApprovalAction[],
  row: repo.ApprovalRow,
  caller: ApprovalCaller | null,
): Promise<void> {
  await repo.closeApproval(tx, row.id, { state: "expired", decidedBy: null, reason: null });
  await actionOf(actions, row.kind).release?.(tx, requestOf(row), "expired");
  await auditDecision(tx, caller, row, { action: "approval.expire", reason: "" });
}

/**
 * The `approvals.expire` job: each pending request past its time expires in its own transaction,
 * giving back what it held (a withdrawal's funds). Safe to run many times and at once: the row
 * lock and the state check let one run expire a request.
 */
export async function expireOverdueApprovals(
  db: Db,
  actions: readonly ApprovalAction[],
  now = new Date(),
): Promise<number> {
  let expired = 0;
  for (const id of await repo.overdueApprovalIds(db, now, 100)) {
    const isExpired = await withLedgerTx(db, async (tx) => {
      const row = await lockRequest(tx, id);
      if (row.state !== "pending" || row.expires_at.getTime() > now.getTime()) return false;
      await expireLocked(tx, actions, row, null);
      return true;
    });
    if (isExpired) expired += 1;
  }
  return expired;
}

/** What decisions run with: every module's approval actions, and the job queue they may use. */
interface ApprovalRuntime {
  actions: readonly ApprovalAction[];
  jobs: JobQueue;
}

/** POST /rest/v1/admin/approvals/{id}/approve. */
export async function approveRequest(
  db: Db,
  runtime: ApprovalRuntime,
  caller: ApprovalCaller,
  id: number,
  reason: string,
): Promise<Approval> {
  const outcome = await withLedgerTx(db, async (tx) => {
    const row = await lockRequest(tx, id);
    const decision = decideApprove(factsOf(row), caller.userId, new Date());
    if (decision.outcome === "refused") throw refusalError(decision.refusal);
    if (decision.outcome === "expire") {
      await expireLocked(tx, runtime.actions, row, caller);
      return "expired" as const;
    }
    const action = actionOf(runtime.actions, row.kind);
    await repo.addApprover(tx, row.id, caller.userId);
    const given = row.approved_by.length + 1;
    if (decision.outcome === "approve") {
      await repo.closeApproval(tx, row.id, { state: "approved", decidedBy: caller.userId, reason });
      await action.execute(tx, requestOf(row), runtime.jobs);
    }
    await auditDecision(tx, caller, row, {
      action: "approval.approve",
      reason,
      details: { approvals: given, approvalsRequired: row.approvals_required },
    });
    return "done" as const;
  });
  // The expiry committed (what the request held is given back); the approval itself is refused.
  if (outcome === "expired") throw approvalExpired();
  return getApproval(db, id);
}

/** POST /rest/v1/admin/approvals/{id}/reject: what waiting held is given back once. */
export async function rejectRequest(
  db: Db,
  runtime: ApprovalRuntime,
  caller: ApprovalCaller,
  id: number,
  reason: string,
): Promise<Approval> {
  await withLedgerTx(db, async (tx) => {
    const row = await lockRequest(tx, id);
    const decision = decideReject(factsOf(row));
    if (decision.outcome === "refused") throw refusalError(decision.refusal);
    await repo.closeApproval(tx, row.id, { state: "rejected", decidedBy: caller.userId, reason });
    await actionOf(runtime.actions, row.kind).release?.(tx, requestOf(row), "rejected");
    await auditDecision(tx, caller, row, { action: "approval.reject", reason });
  });
  return getApproval(db, id);
}

function toApproval(row: repo.ApprovalListRow): Approval {
  return {
    id: Number(row.id),
    kind: row.kind,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectUsername: row.subject_username,
    payload: row.payload,
    requestedBy: row.requested_by_username,
    reason: row.reason,
    approvalsRequired: row.approvals_required,
    approvedBy: row.approved_by_usernames,
    state: row.state,
    decidedBy: row.decided_by_username,
    decisionReason: row.decision_reason,
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

async function getApproval(db: Db | Tx, id: number | bigint): Promise<Approval> {
  const row = await repo.findApprovalView(db, BigInt(id));
  if (!row) throw approvalNotFound();
  return toApproval(row);
}

/** GET /rest/v1/admin/approvals: newest first, by state (pending by default) and kind. */
export async function listApprovals(db: Db, query: ApprovalsQuery): Promise<{ items: Approval[]; meta: PageMeta }> {
  const { rows, total } = await repo.listApprovals(db, {
    state: query.state,
    kind: query.kind,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return { items: rows.map(toApproval), meta: pageMeta(total, query.page, query.perPage) };
}
