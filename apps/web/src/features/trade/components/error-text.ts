import { isApiError } from "../../../lib/api-client.ts";

/** The server's sentence for a failed call, else the generic one. */
export function errorText(error: unknown, generic: string): string {
  return isApiError(error) && error.message ? error.message : generic;
}
