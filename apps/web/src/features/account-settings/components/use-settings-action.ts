import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { currentUserQueryKey } from "../../../lib/session.ts";
import { useAccountSettingsTexts } from "../i18n/account-settings-texts.ts";

type Translate = ReturnType<typeof useAccountSettingsTexts>["t"];

export interface ActionMessage {
  color: "green" | "red";
  text: string;
}

/**
 * The text of a refusal: the phone's error code (with its countdown), else the first message key
 * the server names on a field, else a generic sentence.
 */
function refusalText(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError)) return t("errors.generic");
  const details = (error.body.errors.details ?? {}) as Record<string, unknown>;
  if (typeof details.errorCode === "number")
    return t(`errors.phoneCode.${details.errorCode}`, { seconds: details.countdown ?? 0 });
  const first = Object.values(details)
    .flat()
    .find((value): value is string => typeof value === "string");
  return first ? t(`errors.${first}`, { defaultValue: error.message }) : error.message || t("errors.generic");
}

/** Runs one settings call: busy state, a success or refusal message, and a fresh current user after. */
export function useSettingsAction() {
  const { t } = useAccountSettingsTexts();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  async function run(action: () => Promise<unknown>, success: string | null = t("saved")): Promise<boolean> {
    setIsBusy(true);
    setMessage(null);
    try {
      await action();
      if (success) setMessage({ color: "green", text: success });
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      return true;
    } catch (error) {
      setMessage({ color: "red", text: refusalText(t, error) });
      return false;
    } finally {
      setIsBusy(false);
    }
  }
  return { run, message, isBusy, t };
}
