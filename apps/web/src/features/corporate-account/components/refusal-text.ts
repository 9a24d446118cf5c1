import { ApiError } from "../../../lib/api-client.ts";
import type { useCorporateAccountTexts } from "../i18n/corporate-account-texts.ts";

type Translate = ReturnType<typeof useCorporateAccountTexts>["t"];

/** What to say about a refused call: the first reason on a field, else the code's sentence, else a generic one. */
export function refusalText(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError)) return t("errors.generic");
  const details = (error.body.errors.details ?? {}) as Record<string, unknown>;
  const reason = Object.values(details)
    .flat()
    .find((value): value is string => typeof value === "string");
  const key = reason ?? error.body.errors.code;
  return t(`errors.${key}`, { defaultValue: error.message || t("errors.generic") });
}
