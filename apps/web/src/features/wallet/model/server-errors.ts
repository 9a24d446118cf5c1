import { ErrorCode } from "@souk/contracts";
import type { TFunction } from "i18next";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../../../lib/api-client.ts";
import { translateWalletErrorCode, translateWalletMessage } from "../i18n/wallet-texts.ts";

function messageKeysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return [];
}

/**
 * Maps a refused wallet call back onto its form. The wallet's refusals carry field-keyed message
 * keys in `details` not only for ERROR_INPUT_VALIDATION but also for an overdraft
 * (ERROR_INSUFFICIENT_BALANCE) or a passed daily limit (ERROR_SEND_LIMIT_EXCEEDED) and the second
 * factor (ERROR_SECOND_FACTOR_REQUIRED): each lands on its field. Returns the form-level sentence,
 * or null when every problem landed on a field.
 */
export function applyWalletServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  t: TFunction,
): string | null {
  if (!(error instanceof ApiError)) return translateWalletErrorCode(t, undefined);
  const unplaced: string[] = [];
  let placedCount = 0;
  for (const [field, value] of Object.entries(error.details ?? {})) {
    const [firstKey] = messageKeysOf(value);
    if (firstKey === undefined) continue;
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: "server", message: firstKey }, { shouldFocus: placedCount === 0 });
      placedCount += 1;
    } else if (error.code === ErrorCode.INPUT_VALIDATION) {
      unplaced.push(translateWalletMessage(t, firstKey));
    }
  }
  if (unplaced.length > 0) return unplaced.join(" ");
  return placedCount > 0 ? null : translateWalletErrorCode(t, error.code);
}
