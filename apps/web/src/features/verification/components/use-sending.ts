import { useState } from "react";
import { refusalKey } from "./refusal-text.ts";

/**
 * One sending at a time: what is on its way (a form, an ID's side), and the text key of the last
 * refusal, cleared when the next try starts.
 */
export function useSending<Name extends string>() {
  const [sending, setSending] = useState<Name | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function send(name: Name, action: () => Promise<void>): Promise<void> {
    setSending(name);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(refusalKey(failure));
    } finally {
      setSending(null);
    }
  }
  return { sending, error, send };
}
