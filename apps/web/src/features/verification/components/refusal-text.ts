import { ApiError } from "../../../lib/api-client.ts";

/** The text key of a refused submission: a file's reason, a known code, else the generic one. */
export function refusalKey(error: unknown): string {
  if (!(error instanceof ApiError)) return "errors.generic";
  const body = error.body.errors as { code?: string; details?: Record<string, unknown> };
  const file = [body.details?.files].flat()[0];
  if (
    typeof file === "string" &&
    ["attachment_limit_size", "attachment_type_not_allowed", "attachment_image_broken"].includes(file)
  ) {
    return `errors.files.${file}`;
  }
  if (body.code === "ERROR_VERIFICATION_IN_PROGRESS") return "errors.inProgress";
  const fields = Object.values(body.details ?? {}).flat();
  if (fields.includes("country_not_supported")) return "errors.country";
  return "errors.generic";
}
