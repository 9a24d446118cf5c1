import { ErrorCode, STAFF_ROLES, type UserRole } from "@souk/contracts";
import type { FastifyRequest } from "fastify";
import { DomainError, forbidden, unauthenticated } from "./errors.ts";
import type { Viewer } from "./session.ts";

/** The logged-in viewer; private routes run behind requireSession, so this only fails on misuse. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

export async function requireSession(request: FastifyRequest): Promise<void> {
  if (!request.viewer) throw unauthenticated();
  if (request.viewer.isBanned) throw new DomainError(ErrorCode.ACCOUNT_BANNED, "forbidden", "This account is banned.");
}

function hasRole(viewer: Viewer | null, ...roles: UserRole[]): boolean {
  return viewer !== null && roles.some((role) => viewer.roles.includes(role));
}

export function isStaff(viewer: Viewer | null): boolean {
  return hasRole(viewer, ...STAFF_ROLES);
}

/**
 * The role check of a route limited to some roles, declared as its `onRequest` hook: it answers 403
 * before the input is validated or an idempotency key claimed, so nobody outside learns the shape of
 * what the route takes.
 */
export function requireRole(...roles: UserRole[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.viewer) throw unauthenticated();
    if (!hasRole(request.viewer, ...roles)) throw forbidden("This needs another role.");
  };
}

/** The restricted states that refuse money and offers (docs/decisions/004-restrictions.md). */
export type TransactRestriction = "banned" | "suspended" | "frozen" | "onHold" | "compromised";

/**
 * The first restricted state of an account that refuses actions moving money or publishing offers,
 * or null. Pure: the trade start decides with it on the flags its viewer already carries.
 */
export function transactRestrictionOf(
  flags: Pick<Viewer, "isBanned" | "isSuspended" | "isFrozen" | "isOnHold" | "isCompromised">,
): TransactRestriction | null {
  const blockers: [boolean, TransactRestriction][] = [
    [flags.isBanned, "banned"],
    [flags.isSuspended, "suspended"],
    [flags.isFrozen, "frozen"],
    [flags.isOnHold, "onHold"],
    [flags.isCompromised, "compromised"],
  ];
  return blockers.find(([isSet]) => isSet)?.[1] ?? null;
}

/** 403 `ERROR_USER_RESTRICTED`, naming the restriction. */
export const userRestricted = (restriction: TransactRestriction) =>
  forbidden(`This account is ${restriction}.`, ErrorCode.USER_RESTRICTED, { restriction });

/**
 * Restricted states refuse actions that move money or publish offers. The spec does not show
 * the gating rules; Souk refuses them for banned, suspended, frozen, on-hold and compromised
 * accounts (docs/decisions/004-restrictions.md); the trade start decides with `transactRestrictionOf`
 * (docs/decisions/131-restricted-accounts-at-the-trade-start.md).
 */
export function assertMayTransact(viewer: Viewer, kycAction?: string): void {
  const restriction = transactRestrictionOf(viewer);
  if (restriction) throw userRestricted(restriction);
  if (kycAction && viewer.blockedKycActions.includes(kycAction)) {
    throw forbidden("Verify your identity to do this.", ErrorCode.KYC_ACTION_BLOCKED, { action: kycAction });
  }
}
