import type { BlockedKycAction, GrantableRole, RestrictionKind } from "@souk/contracts";

/**
 * What staff may do to an account, decided from plain facts (docs/decisions/125-user-restrictions.md).
 * The service reads the facts inside the action's transaction, with the account's row locked, so two
 * actions at once see each other: the second is "already" and only one takes effect.
 */

const ROLE_RANKS: Readonly<Record<string, number>> = { moderator: 1, supermod: 2, admin: 3 };

/** The highest staff rank among the roles: 0 for a plain user, 3 for an admin. */
export function rankOf(roles: readonly string[]): number {
  return Math.max(0, ...roles.map((role) => ROLE_RANKS[role] ?? 0));
}

/** Who acts: a staff member (their id and roles), or the operator CLI (`userId` null, no rank limit). */
export interface StaffActor {
  userId: number | null;
  roles: readonly string[];
}

/** The account acted on, as the transaction found it. */
export interface TargetFacts {
  id: number;
  roles: readonly string[];
  isClosed: boolean;
  /** Kinds with an active restriction row. */
  activeKinds: readonly RestrictionKind[];
  /** Kinds whose users.is_* flag is set (with or without a row: a flag set before the console). */
  flaggedKinds: readonly RestrictionKind[];
  /** The KYC actions refused to the account (users.blocked_kyc_actions). */
  blockedKycActions: readonly string[];
}

export type StaffRefusal =
  | "self"
  | "higher_role"
  | "closed"
  | "already_restricted"
  | "not_restricted"
  | "role_unchanged"
  | "until_in_past";

/** The refusals every action shares: oneself, an equal or higher role, a closed account. */
function refusalOnTarget(actor: StaffActor, target: TargetFacts): StaffRefusal | null {
  if (actor.userId !== null && actor.userId === target.id) return "self";
  if (actor.userId !== null && rankOf(target.roles) >= rankOf(actor.roles)) return "higher_role";
  if (target.isClosed) return "closed";
  return null;
}

export function decideRestrict(
  actor: StaffActor,
  target: TargetFacts,
  kind: RestrictionKind,
  until: Date | null,
  now: Date,
): StaffRefusal | null {
  const refusal = refusalOnTarget(actor, target);
  if (refusal) return refusal;
  if (until !== null && until.getTime() <= now.getTime()) return "until_in_past";
  return target.activeKinds.includes(kind) ? "already_restricted" : null;
}

export function decideLift(actor: StaffActor, target: TargetFacts, kind: RestrictionKind): StaffRefusal | null {
  const refusal = refusalOnTarget(actor, target);
  if (refusal) return refusal;
  const isOn = target.activeKinds.includes(kind) || target.flaggedKinds.includes(kind);
  return isOn ? null : "not_restricted";
}

/** Granting or revoking a staff role: never above one's own rank, and only a real change. */
export function decideRoleChange(
  actor: StaffActor,
  target: TargetFacts,
  role: GrantableRole,
  change: "grant" | "revoke",
): StaffRefusal | null {
  const refusal = refusalOnTarget(actor, target);
  if (refusal) return refusal;
  if (actor.userId !== null && rankOf([role]) > rankOf(actor.roles)) return "higher_role";
  const hasRole = target.roles.includes(role);
  return (change === "grant") === hasRole ? "role_unchanged" : null;
}

/** Blocking a KYC action, or lifting the block: the shared refusals, and only a real change. */
export function decideBlockedAction(
  actor: StaffActor,
  target: TargetFacts,
  action: BlockedKycAction,
  change: "block" | "unblock",
): StaffRefusal | null {
  const refusal = refusalOnTarget(actor, target);
  if (refusal) return refusal;
  const isBlocked = target.blockedKycActions.includes(action);
  if (change === "block") return isBlocked ? "already_restricted" : null;
  return isBlocked ? null : "not_restricted";
}

/** The users column that carries each kind's flag (what the guards and the session read). */
export const FLAG_COLUMNS = {
  banned: "is_banned",
  suspended: "is_suspended",
  frozen: "is_frozen",
  on_hold: "is_on_hold",
  restricted: "is_restricted",
  compromised: "is_compromised",
} as const satisfies Record<RestrictionKind, string>;
