import { ErrorCode, type ErrorCodeValue, type ErrorKind, OfferErrorCode } from "@souk/contracts";

export type ErrorDetails = Record<string, unknown>;

/**
 * The one error type domain code throws. It carries a spec-style code and a kind; the error
 * mapper at the edge turns the kind into an HTTP status, so domain code never speaks HTTP.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    readonly kind: ErrorKind,
    message: string,
    readonly details: ErrorDetails | null = null,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** Input errors keyed by field, each with message keys the web app translates. */
export function inputError(
  details: Record<string, string[]>,
  message = "The request has invalid fields.",
): DomainError {
  return new DomainError(ErrorCode.INPUT_VALIDATION, "validation", message, details);
}

export function notFound(message = "Not found.", code: ErrorCodeValue = ErrorCode.NOT_FOUND): DomainError {
  return new DomainError(code, "not_found", message);
}

/** The one answer for a username that names no one (or no one this viewer may see). */
export const userNotFound = (): DomainError => notFound("No such user.", ErrorCode.USER_NOT_FOUND);

/** The one answer for "no such offer" and "not yours to see": existence never leaks. */
export const offerNotFound = (): DomainError => notFound("No such offer.", OfferErrorCode.OFFER_NOT_FOUND);

export function forbidden(
  message = "You are not allowed to do this.",
  code: ErrorCodeValue = ErrorCode.FORBIDDEN,
  details: ErrorDetails | null = null,
): DomainError {
  return new DomainError(code, "forbidden", message, details);
}

export function conflict(
  message: string,
  code: ErrorCodeValue = ErrorCode.CONFLICT,
  details: ErrorDetails | null = null,
): DomainError {
  return new DomainError(code, "conflict", message, details);
}

export function unauthenticated(message = "Log in to continue."): DomainError {
  return new DomainError(ErrorCode.UNAUTHENTICATED, "unauthenticated", message);
}

/** `retryAfter` (seconds) goes into the details and the Retry-After header. */
export function rateLimited(message = "Too many attempts; try again later.", retryAfter?: number): DomainError {
  return new DomainError(ErrorCode.RATE_LIMITED, "rate_limited", message, retryAfter ? { retryAfter } : null);
}
