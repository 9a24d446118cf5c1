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
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
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
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode] | (string & {});

/** The failure body of every endpoint: `{errors: {message, code, details}}`. */
export const errorBodySchema = z.object({
  errors: z.object({
    message: z.string(),
    code: z.string(),
    details: z.record(z.string(), z.unknown()).nullable(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
