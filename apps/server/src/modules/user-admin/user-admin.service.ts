import type {
  AdminUser,
  AdminUserSummary,
  BlockedKycAction,
  GrantableRole,
  PageMeta,
  RestrictionKind,
  UserRole,
} from "@souk/contracts";
import { pageMeta } from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { userNotFound } from "../../platform/index.ts";
import { type AuditActor, listAudit, recordAudit } from "../audit/index.ts";
import {
  decideBlockedAction,
  decideLift,
  decideRestrict,
  decideRoleChange,
  type StaffActor,
  type StaffRefusal,
} from "./user-admin.domain.ts";
import { refusalError } from "./user-admin.errors.ts";
import * as repo from "./user-admin.repo.ts";

/**
 * Staff actions on accounts. Each reads its facts in the transaction with the account's row locked,
 * decides in user-admin.domain.ts, then writes the change and its one audit row in that transaction.
 */

/** Who acts, as the audit log and the domain both need it. */
export interface StaffCaller {
  audit: AuditActor;
  staff: StaffActor;
  ip?: string | null;
}

export function staffCaller(viewer: { userId: number; roles: readonly string[] }, ip?: string | null): StaffCaller {
  return { audit: { kind: "user", userId: viewer.userId }, staff: { userId: viewer.userId, roles: viewer.roles }, ip };
}

/** The operator CLI: no rank limit, audited as "cli". */
export const CLI_CALLER: StaffCaller = { audit: { kind: "cli" }, staff: { userId: null, roles: [] } };

const actorIdOf = (caller: StaffCaller) => (caller.audit.kind === "user" ? caller.audit.userId : null);

/** Locks the account, reads its facts and asks `decide`; throws the refusal, else returns the facts. */
async function lockAndDecide(
  tx: Tx,
  username: string,
  decide: (facts: ReturnType<typeof repo.targetFactsOf>) => StaffRefusal | null,
): Promise<repo.UserRow> {
  const user = await repo.findUser(tx, username, true);
  if (!user) throw userNotFound();
  const refusal = decide(repo.targetFactsOf(user, await repo.activeRestrictions(tx, Number(user.id))));
  if (refusal) throw refusalError(refusal);
  return user;
}

export interface RestrictInput {
  kind: RestrictionKind;
  reason: string;
  until?: string | null;
}

/** POST /rest/v1/admin/users/{username}/restrictions and `user:restrict`. */
export async function restrictUser(db: Db, caller: StaffCaller, username: string, input: RestrictInput): Promise<void> {
  const until = input.until ? new Date(input.until) : null;
  await withTx(db, async (tx) => {
    const now = new Date();
    const user = await lockAndDecide(tx, username, (facts) =>
      decideRestrict(caller.staff, facts, input.kind, until, now),
    );
    const userId = Number(user.id);
    await repo.insertRestriction(tx, {
      userId,
      kind: input.kind,
      reason: input.reason,
      expiresAt: until,
      createdBy: actorIdOf(caller),
    });
    await repo.setFlag(tx, userId, input.kind, true);
    await recordAudit(tx, {
      actor: caller.audit,
      action: "user.restrict",
      subjectType: "user",
      subjectId: user.username,
      reason: input.reason,
      details: { kind: input.kind, until: until?.toISOString() ?? null },
      ip: caller.ip ?? null,
    });
  });
}

/** POST /rest/v1/admin/users/{username}/restrictions/{kind}/lift and `user:unrestrict`. */
export async function liftUserRestriction(
  db: Db,
  caller: StaffCaller,
  username: string,
  kind: RestrictionKind,
  reason: string,
): Promise<void> {
  await withTx(db, async (tx) => {
    const user = await lockAndDecide(tx, username, (facts) => decideLift(caller.staff, facts, kind));
    await endRestriction(tx, caller, user, kind, reason, {});
  });
}

async function endRestriction(
  tx: Tx,
  caller: StaffCaller,
  user: repo.UserRow,
  kind: RestrictionKind,
  reason: string,
  details: Record<string, unknown>,
): Promise<void> {
  const userId = Number(user.id);
  await repo.liftRestriction(tx, { userId, kind, reason, liftedBy: actorIdOf(caller) });
  await repo.setFlag(tx, userId, kind, false);
  await recordAudit(tx, {
    actor: caller.audit,
    action: "user.unrestrict",
    subjectType: "user",
    subjectId: user.username,
    reason,
    details: { kind, ...details },
    ip: caller.ip ?? null,
  });
}

/** The lifting job: ends restrictions whose expiry has passed, one transaction (and audit row) each. */
export async function liftExpiredRestrictions(db: Db, now = new Date()): Promise<number> {
  const due = await repo.expiredRestrictions(db, now, 100);
  let lifted = 0;
  for (const { username, kind } of due) {
    const isLifted = await withTx(db, async (tx) => {
      const user = await repo.findUser(tx, username, true);
      if (!user) return false;
      const active = (await repo.activeRestrictions(tx, Number(user.id))).find((r) => r.kind === kind);
      // Lifted or replaced by staff meanwhile: nothing to do.
      if (!active?.expires_at || active.expires_at.getTime() > now.getTime()) return false;
      await endRestriction(tx, { audit: { kind: "job" }, staff: { userId: null, roles: [] } }, user, kind, "expired", {
        expiredAt: active.expires_at.toISOString(),
      });
      return true;
    });
    if (isLifted) lifted += 1;
  }
  return lifted;
}

/** The one audit row of a staff action on an account, in the action's transaction. */
function auditOnUser(
  tx: Tx,
  caller: StaffCaller,
  username: string,
  entry: { action: string; reason: string; details: Record<string, unknown> },
): Promise<void> {
  return recordAudit(tx, {
    actor: caller.audit,
    subjectType: "user",
    subjectId: username,
    ...entry,
    ip: caller.ip ?? null,
  });
}

/** POST /rest/v1/admin/users/{username}/roles (grant) and .../roles/{role}/revoke (admins). */
export async function changeRole(
  db: Db,
  caller: StaffCaller,
  username: string,
  input: { role: GrantableRole; reason: string; change: "grant" | "revoke" },
): Promise<void> {
  await withTx(db, async (tx) => {
    const user = await lockAndDecide(tx, username, (facts) =>
      decideRoleChange(caller.staff, facts, input.role, input.change),
    );
    const roles =
      input.change === "grant" ? [...user.roles, input.role] : user.roles.filter((role) => role !== input.role);
    await repo.setRoles(tx, Number(user.id), roles);
    await auditOnUser(tx, caller, user.username, {
      action: `role.${input.change}`,
      reason: input.reason,
      details: { role: input.role },
    });
  });
}

/**
 * POST /rest/v1/admin/users/{username}/blocked-actions (block) and .../blocked-actions/{action}/lift:
 * the account's KYC action is refused, or allowed again, from its next request on.
 */
export async function changeBlockedKycAction(
  db: Db,
  caller: StaffCaller,
  username: string,
  input: { action: BlockedKycAction; reason: string; change: "block" | "unblock" },
): Promise<void> {
  await withTx(db, async (tx) => {
    const user = await lockAndDecide(tx, username, (facts) =>
      decideBlockedAction(caller.staff, facts, input.action, input.change),
    );
    const actions =
      input.change === "block"
        ? [...user.blocked_kyc_actions, input.action]
        : user.blocked_kyc_actions.filter((action) => action !== input.action);
    await repo.setBlockedKycActions(tx, Number(user.id), actions);
    await auditOnUser(tx, caller, user.username, {
      action: `kyc_action.${input.change}`,
      reason: input.reason,
      details: { kycAction: input.action },
    });
  });
}

function toSummary(row: repo.UserRow): AdminUserSummary {
  return {
    id: Number(row.id),
    externalId: row.external_id,
    username: row.username,
    email: row.email,
    roles: row.roles as UserRole[],
    restrictions: repo.flaggedKindsOf(row),
    createdAt: row.created_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
  };
}

/** GET /rest/v1/admin/users. */
export async function searchUsers(
  db: Db,
  query: { q: string; page: number; perPage: number },
): Promise<{ items: AdminUserSummary[]; meta: PageMeta }> {
  const { rows, total } = await repo.searchUsers(db, query.q, {
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return { items: rows.map(toSummary), meta: pageMeta(total, query.page, query.perPage) };
}

/** GET /rest/v1/admin/users/{username}. */
export async function getAdminUser(db: Db, username: string): Promise<AdminUser> {
  const row = await repo.findUser(db, username);
  if (!row) throw userNotFound();
  const [active, audit] = await Promise.all([
    repo.activeRestrictions(db, Number(row.id)),
    listAudit(db, { subjectType: "user", subjectId: row.username, page: 1, perPage: 20 }),
  ]);
  return {
    ...toSummary(row),
    lastSeenAt: row.last_seen_at?.toISOString() ?? null,
    activeRestrictions: active.map((restriction) => ({
      kind: restriction.kind,
      reason: restriction.reason,
      expiresAt: restriction.expires_at?.toISOString() ?? null,
      createdAt: restriction.created_at.toISOString(),
      createdBy: restriction.created_by_username,
    })),
    blockedKycActions: row.blocked_kyc_actions,
    audit: audit.items,
  };
}
