import type { TFunction } from "i18next";
import type { FieldError } from "react-hook-form";
import { translateValidationMessage } from "../../../lib/form-errors.ts";

/** Field messages are kept as keys (from the schema or the server) and translated when shown. */
export function fieldErrorText(t: TFunction, error: FieldError | undefined): string | undefined {
  return error ? translateValidationMessage(t, error.message) : undefined;
}
