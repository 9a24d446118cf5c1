import { ApiError } from "../../../lib/api-client.ts";

type Translate = (key: string, options?: Record<string, unknown>) => string;

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
