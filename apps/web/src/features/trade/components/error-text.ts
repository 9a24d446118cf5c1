import { CHAT_ATTACHMENT_REASONS, WalletErrorCode } from "@souk/contracts";
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

const SECOND_FACTOR_REFUSALS = ["second_factor_required", "second_factor_invalid", "second_factor_reused"] as const;
type SecondFactorRefusal = (typeof SECOND_FACTOR_REFUSALS)[number];

/** The second factor's refusal of a release (on the `code` field), or null for any other outcome. */
export function secondFactorRefusal(error: unknown): SecondFactorRefusal | null {
  if (!isApiError(error) || error.code !== WalletErrorCode.SECOND_FACTOR_REQUIRED) return null;
  const keys = error.details?.code;
  const first = Array.isArray(keys) ? keys[0] : null;
  return SECOND_FACTOR_REFUSALS.find((key) => key === first) ?? "second_factor_required";
}
