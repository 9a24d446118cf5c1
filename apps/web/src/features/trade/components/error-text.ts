import { CHAT_ATTACHMENT_REASONS } from "@souk/contracts";
import { isApiError } from "../../../lib/api-client.ts";

/** The server's sentence for a failed call, else the generic one. */
export function errorText(error: unknown, generic: string): string {
  return isApiError(error) && error.message ? error.message : generic;
}

/**
 * Words the requirement upload answers besides the attachment reasons: no file, or a requirement
 * that is missing, unknown, not an upload or not on this trade.
 */
const REQUIREMENT_UPLOAD_REASONS = [
  "attachment_required",
  "requirement_required",
  "requirement_unknown",
  "requirement_not_an_upload",
  "requirement_not_on_trade",
];

/**
 * The refusal words of an upload (docs/product.md#attachments and the requirement's own) in
 * `errors.details`: the chat answers `details.files`; the requirement upload `details.files`,
 * `details.requirementId` or `details.requirements`. Each lists words.
 */
export function uploadReasonsOf(error: unknown): string[] {
  if (!isApiError(error) || !error.details) return [];
  const known = new Set<string>([...CHAT_ATTACHMENT_REASONS, ...REQUIREMENT_UPLOAD_REASONS]);
  const words = Object.values(error.details).flatMap((value) => (Array.isArray(value) ? value : []));
  return [...new Set(words.filter((word): word is string => typeof word === "string" && known.has(word)))];
}
