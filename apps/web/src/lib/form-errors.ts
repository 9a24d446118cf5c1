import { ErrorCode, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@souk/contracts";
import type { TFunction } from "i18next";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client.ts";

/** Values some validation messages interpolate (the limits live in contracts, not in the texts). */
const validationValues = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/**
 * Turns a validation message key (from a contracts schema or from the server's details) into a
 * sentence in the current language. A server text that is not a known key is shown as it is.
 */
export function translateValidationMessage(t: TFunction, key: string | undefined): string {
  if (!key) return t("validation.generic");
  const looksLikeKey = /^[a-z0-9_.]+$/.test(key);
  return t(`validation.${key}`, { ...validationValues, defaultValue: looksLikeKey ? t("validation.generic") : key });
}

/** The form-level text for an error code, falling back to a generic sentence. */
export function translateErrorCode(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t("errors.generic");
  return t(`errors.codes.${error.code}`, { defaultValue: t("errors.generic") });
}

function messageKeysOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return [];
}

/**
 * Maps a failed submit back onto the form. For ERROR_INPUT_VALIDATION, `details` is keyed by
 * field name with an array of message keys: known fields get their first key (translated when
 * shown, like the keys of the contracts schemas); the rest is returned, translated, as the
 * form-level message. Any other error returns its translated code.
 * Returns null when every problem landed on a field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  t: TFunction,
): string | null {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.INPUT_VALIDATION) {
    return translateErrorCode(t, error);
  }
  const details = error.details ?? {};
  const unplaced: string[] = [];
  let placedCount = 0;
  for (const [field, value] of Object.entries(details)) {
    const [firstKey] = messageKeysOf(value);
    if ((fields as readonly string[]).includes(field)) {
      setError(
        field as Path<T>,
        { type: "server", message: firstKey ?? "generic" },
        { shouldFocus: placedCount === 0 },
      );
      placedCount += 1;
    } else {
      unplaced.push(translateValidationMessage(t, firstKey));
    }
  }
  if (unplaced.length > 0) return unplaced.join(" ");
  return placedCount > 0 ? null : translateErrorCode(t, error);
}
