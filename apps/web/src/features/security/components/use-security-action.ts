import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { refusalText } from "./refusal-text.ts";

export type SecurityMessage = { color: string; text: string } | null;

/**
 * One change of the account's security as a form runs it: busy while it runs, the last message
 * cleared as it starts, and a refusal shown in the words of the server's error code.
 */
export function useSecurityAction(onMessage: (message: SecurityMessage) => void) {
  const { t } = useTranslation();
  const [isBusy, setIsBusy] = useState(false);
  async function run(action: () => Promise<void>): Promise<void> {
    setIsBusy(true);
    onMessage(null);
    try {
      await action();
    } catch (error) {
      onMessage({ color: "red", text: refusalText(t, error) });
    } finally {
      setIsBusy(false);
    }
  }
  const submitting = (action: () => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    void run(action);
  };
  return { isBusy, run, submitting };
}
