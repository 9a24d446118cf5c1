import type { TFunction } from "i18next";
import { ApiError } from "../../../lib/api-client.ts";
import { translateErrorCode, translateValidationMessage } from "../../../lib/form-errors.ts";

/** The sentence for a refused call: the first per-field key the server names, else its error code. */
export function refusalText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return translateErrorCode(t, error);
  const details = error.details ?? {};
  const first = Object.entries(details)
    .filter(([field]) => field !== "retryAfter")
    .flatMap(([, value]) => (Array.isArray(value) ? value : []))
    .find((value): value is string => typeof value === "string");
  return first ? translateValidationMessage(t, first) : translateErrorCode(t, error);
}
