import { CHAT_ATTACHMENT_REASONS } from "@souk/contracts";
import { isApiError } from "../../../lib/api-client.ts";

/** The server's sentence for a failed call, else the generic one. */
export function errorText(error: unknown, generic: string): string {
  return isApiError(error) && error.message ? error.message : generic;
}

/** Reason words a refusal gives for the attachment type, not in the spec's list but in its style. */
const EXTRA_ATTACHMENT_REASONS = ["attachment_type_not_accepted"];

/**
 * The attachment reasons (trading-core §8) in a refusal's `errors.details`: the chat answers
 * `details.files`, the requirement upload `details["requirements.N.field"]`; both list words.
 */
export function attachmentReasonsOf(error: unknown): string[] {
  if (!isApiError(error) || !error.details) return [];
  const known = new Set<string>([...CHAT_ATTACHMENT_REASONS, ...EXTRA_ATTACHMENT_REASONS]);
  const words = Object.values(error.details).flatMap((value) => (Array.isArray(value) ? value : []));
  return [...new Set(words.filter((word): word is string => typeof word === "string" && known.has(word)))];
}
