import { ErrorCode } from "@souk/contracts";
import { isApiError } from "../../../lib/api-client.ts";

/**
 * The message keys an API failure carries: for input errors, the first key of each field (and
 * its field name); otherwise its code. The page turns them into sentences.
 */
export interface FailureKeys {
  keys: string[];
  /** The server's own sentence, used when no key is known. */
  message: string | null;
  details: Record<string, unknown> | null;
}

export function failureKeysOf(error: unknown, ignoredFields: readonly string[] = []): FailureKeys {
  if (!isApiError(error)) return { keys: [], message: null, details: null };
  if (error.code === ErrorCode.INPUT_VALIDATION && error.details) {
    const keys = Object.entries(error.details).flatMap(([field, value]) => {
      if (ignoredFields.includes(field)) return [];
      const first = Array.isArray(value) ? value[0] : value;
      return typeof first === "string" ? [first] : [];
    });
    return { keys: keys.length > 0 ? keys : [error.code], message: error.message, details: error.details };
  }
  return { keys: [error.code], message: error.message, details: error.details };
}
