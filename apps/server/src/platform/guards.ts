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

/**
 * Restricted states refuse actions that move money or publish offers. The spec does not show
 * the gating rules; Souk refuses them for banned, suspended, frozen, on-hold and compromised
 * accounts (docs/decisions/004-restrictions.md).
 */
export function assertMayTransact(viewer: Viewer, kycAction?: string): void {
  const blockers: [boolean, string][] = [
    [viewer.isBanned, "banned"],
    [viewer.isSuspended, "suspended"],
    [viewer.isFrozen, "frozen"],
    [viewer.isOnHold, "onHold"],
    [viewer.isCompromised, "compromised"],
  ];
  const reason = blockers.find(([isSet]) => isSet)?.[1];
  if (reason) throw forbidden(`This account is ${reason}.`, ErrorCode.USER_RESTRICTED, { restriction: reason });
  if (kycAction && viewer.blockedKycActions.includes(kycAction)) {
    throw forbidden("Verify your identity to do this.", ErrorCode.KYC_ACTION_BLOCKED, { action: kycAction });
  }
}
