import { PaxfulErrorCode } from "@souk/contracts";
import { DomainError } from "../../platform/index.ts";

/**
 * An answer of the Paxful-compatible API that is not a success: Paxful's code, the HTTP status
 * and a message. 401 is reserved for a missing, invalid or expired token (the Paxful SDK
 * refreshes its token on a 401 and on nothing else), so no refusal below ever uses it.
 */
export class PaxfulError extends Error {
  constructor(
    readonly code: number,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "PaxfulError";
  }
}

export const missingParameters = (fields: readonly string[]) =>
  new PaxfulError(PaxfulErrorCode.MISSING_PARAMETERS, 400, `Missing parameters: ${fields.join(", ")}`);
export const invalidParameters = (fields: readonly string[]) =>
  new PaxfulError(PaxfulErrorCode.VALIDATION_FAILED, 400, `Error validating input data: ${fields.join(", ")}`);
const offerNotFound = () => new PaxfulError(PaxfulErrorCode.OFFER_NOT_FOUND, 404, "Offer not found");
const tradeNotFound = () => new PaxfulError(PaxfulErrorCode.NO_ACCESS, 404, "Trade not found");
export const noAccess = (message = "No access") => new PaxfulError(PaxfulErrorCode.NO_ACCESS, 403, message);
const userNotFound = () => new PaxfulError(PaxfulErrorCode.USER_NOT_FOUND, 404, "User not found");
export const unknownOfferType = () =>
  new PaxfulError(PaxfulErrorCode.UNKNOWN_OFFER_TYPE, 400, "Unknown offer type: use buy or sell");
export const paymentMethodNotFound = (slugs: readonly string[]) =>
  new PaxfulError(
    PaxfulErrorCode.PAYMENT_METHOD_NOT_FOUND,
    400,
    `Payment method not found. Send a slug (${slugs.join(", ")}) or a Souk payment method id (payment-method/list).`,
  );
export const notOnSouk = (what: string) =>
  new PaxfulError(PaxfulErrorCode.ENDPOINT_FORBIDDEN, 501, `${what} is not available on Souk.`);
export const invalidScope = (scope: string) =>
  new PaxfulError(PaxfulErrorCode.INVALID_SCOPE, 403, `Invalid JWT scope: this token lacks ${scope}`);
export const endpointNotFound = () => new PaxfulError(PaxfulErrorCode.NOT_FOUND, 404, "Not Found");
export const tooManyRequests = () => new PaxfulError(PaxfulErrorCode.TOO_MANY_REQUESTS, 429, "Too Many Requests");

/** How a route reads Souk's not-found: an offer (1002) or a trade, which is also "no access" (1006). */
export type NotFoundAs = "offer" | "trade" | "user" | "plain";

function notFoundOf(kind: NotFoundAs, message: string): PaxfulError {
  if (kind === "offer") return offerNotFound();
  if (kind === "trade") return tradeNotFound();
  if (kind === "user") return userNotFound();
  return new PaxfulError(PaxfulErrorCode.NOT_FOUND, 404, message);
}

function detailsText(details: Record<string, unknown> | null): string {
  if (!details) return "";
  const parts = Object.entries(details)
    .filter(([, value]) => Array.isArray(value))
    .map(([field, value]) => `${field}: ${(value as unknown[]).join(", ")}`);
  return parts.length > 0 ? ` (${parts.join("; ")})` : "";
}

/**
 * Souk's refusals in Paxful's terms. The rule that refused stays the service's; only the words
 * change: invalid input 1004, not found 1002/1006/1011, not allowed 1006, a trade action in the
 * wrong state 1007, busy 1010.
 */
export function toPaxfulError(error: DomainError, notFoundAs: NotFoundAs): PaxfulError {
  const message = `${error.message}${detailsText(error.details)}`;
  switch (error.kind) {
    case "validation":
    case "malformed":
    case "payload_too_large":
    case "unsupported_media_type":
      return new PaxfulError(PaxfulErrorCode.VALIDATION_FAILED, 400, message);
    case "not_found":
      return notFoundOf(notFoundAs, message);
    case "forbidden":
    case "unauthenticated":
      return new PaxfulError(PaxfulErrorCode.NO_ACCESS, 403, message);
    case "conflict":
      return new PaxfulError(PaxfulErrorCode.TRADE_ACTION_FAILED, 409, message);
    case "rate_limited":
      return new PaxfulError(PaxfulErrorCode.TOO_MANY_REQUESTS, 429, message);
    case "busy":
      return new PaxfulError(PaxfulErrorCode.RETRY_LATER, 503, message);
    default:
      return new PaxfulError(PaxfulErrorCode.SERVER_ERROR, 500, "Unknown server error");
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
