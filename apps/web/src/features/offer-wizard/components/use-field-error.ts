import { get, useFormContext } from "react-hook-form";
import { useWizardErrorText } from "../i18n/offer-wizard-texts.ts";
import type { WizardFormValues } from "../model/wizard-form.ts";

/** The translated error of a form path ("offerCap.amount", "dutyHours"), or undefined. */
export function useFieldError() {
  const { formState } = useFormContext<WizardFormValues>();
  const { messageText } = useWizardErrorText();
  return (path: string): string | undefined => {
    const error = get(formState.errors, path) as { message?: string; root?: { message?: string } } | undefined;
    if (!error) return undefined;
    const message = error.message ?? error.root?.message;
    return messageText(message);
  };
}
