import { z } from "zod";

/**
 * Error codes. The spec names ERROR_INPUT_VALIDATION; the others follow its style. Each code has
 * one kind, and the server's error mapper turns a kind into an HTTP status
 * (docs/product.md#error-envelope).
 */
export const errorKinds = {
  validation: 422,
  malformed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  headers_too_large: 431,
  rate_limited: 429,
  internal: 500,
  busy: 503,
} as const;

export type ErrorKind = keyof typeof errorKinds;

export const ErrorCode = {
  INPUT_VALIDATION: "ERROR_INPUT_VALIDATION",
  MALFORMED_REQUEST: "ERROR_MALFORMED_REQUEST",
  UNAUTHENTICATED: "ERROR_UNAUTHENTICATED",
  FORBIDDEN: "ERROR_FORBIDDEN",
  CSRF: "ERROR_CSRF_TOKEN",
  NOT_FOUND: "ERROR_NOT_FOUND",
  CONFLICT: "ERROR_CONFLICT",
  RATE_LIMITED: "ERROR_RATE_LIMITED",
  PAYLOAD_TOO_LARGE: "ERROR_PAYLOAD_TOO_LARGE",
  URI_TOO_LONG: "ERROR_URI_TOO_LONG",
  HEADERS_TOO_LARGE: "ERROR_HEADERS_TOO_LARGE",
  REQUEST_TIMEOUT: "ERROR_REQUEST_TIMEOUT",
  UNSUPPORTED_MEDIA_TYPE: "ERROR_UNSUPPORTED_MEDIA_TYPE",
  INTERNAL: "ERROR_INTERNAL",
  SERVICE_BUSY: "ERROR_SERVICE_BUSY",
  IDEMPOTENCY_KEY_REUSED: "ERROR_IDEMPOTENCY_KEY_REUSED",
  IDEMPOTENCY_IN_PROGRESS: "ERROR_IDEMPOTENCY_IN_PROGRESS",
  INVALID_CREDENTIALS: "ERROR_INVALID_CREDENTIALS",
  EMAIL_TAKEN: "ERROR_EMAIL_TAKEN",
  USERNAME_TAKEN: "ERROR_USERNAME_TAKEN",
  ACCOUNT_BANNED: "ERROR_ACCOUNT_BANNED",
  USER_RESTRICTED: "ERROR_USER_RESTRICTED",
  KYC_ACTION_BLOCKED: "ERROR_KYC_ACTION_BLOCKED",
  LEDGER_BUSY: "ERROR_LEDGER_ASYNC_MODE",
  // The areas' codes that have no catalogue of their own.
  API_CLIENT_LIMIT: "ERROR_API_CLIENT_LIMIT",
  API_CLIENT_NOT_FOUND: "ERROR_API_CLIENT_NOT_FOUND",
  ATTACHMENT_NOT_FOUND: "ERROR_ATTACHMENT_NOT_FOUND",
  BID_EXISTS: "ERROR_BID_EXISTS",
  BID_NOT_FOUND: "ERROR_BID_NOT_FOUND",
  BID_TOO_LOW: "ERROR_BID_TOO_LOW",
  EMAIL_ALREADY_VERIFIED: "ERROR_EMAIL_ALREADY_VERIFIED",
  EXPORT_NOT_FOUND: "ERROR_EXPORT_NOT_FOUND",
  FAVORITES_LIMIT: "ERROR_FAVORITES_LIMIT",
  NO_MARKET_RATE: "ERROR_NO_MARKET_RATE",
  OFFER_NOT_ACTIVE: "ERROR_OFFER_NOT_ACTIVE",
  PROMOTE_LIMIT: "ERROR_PROMOTE_LIMIT",
  REALTIME_ACCESS_DENIED: "ERROR_REALTIME_ACCESS_DENIED",
  TRADE_UPLOAD_NOT_FOUND: "ERROR_TRADE_UPLOAD_NOT_FOUND",
  USER_NOT_FOUND: "ERROR_USER_NOT_FOUND",
  WEBSOCKET_UPGRADE_REQUIRED: "ERROR_WEBSOCKET_UPGRADE_REQUIRED",
} as const;

/** The failure body of every endpoint: `{errors: {message, code, details}}`. */
export const errorBodySchema = z.object({
  errors: z.object({
    message: z.string(),
    code: z.string(),
    details: z.record(z.string(), z.unknown()).nullable(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
