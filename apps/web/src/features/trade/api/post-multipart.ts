import { CSRF_HEADER, type ErrorBody, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@souk/contracts";
import type { z } from "zod";
import { getCsrfToken } from "../../../lib/api.ts";
import { ApiError, isErrorBody } from "../../../lib/api-client.ts";

/**
 * POSTs a multipart form (the API client speaks JSON only) with the headers every call carries,
 * and parses the answer with `schema`. A refusal throws the same ApiError the API client throws,
 * so the spec's `{errors: {message, code, details}}` reaches the form that sent the files.
 */
export async function postMultipart<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
): Promise<z.output<S>> {
  const url = `${path}?keyCase=camelCase`;
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: {
      Accept: "application/json",
      [CSRF_HEADER]: getCsrfToken(),
      [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
    },
    body: form,
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const body: ErrorBody = isErrorBody(answer)
      ? answer
      : { errors: { message: response.statusText, code: "ERROR_UNKNOWN", details: null } };
    throw new ApiError(response.status, body, { method: "POST", url });
  }
  return schema.parse(answer);
}
