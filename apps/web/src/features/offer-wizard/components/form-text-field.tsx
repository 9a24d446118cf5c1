import { Controller, type FieldPathByValue, useFormContext } from "react-hook-form";
import { FilteredTextInput, type FilteredTextInputProps } from "../../../ui/filtered-text-input.tsx";
import type { WizardFormValues } from "../model/wizard-form.ts";
import { useFieldError } from "./use-field-error.ts";

export interface FormTextFieldProps
  extends Omit<FilteredTextInputProps, "name" | "value" | "onChange" | "onBlur" | "error"> {
  /** The form's text field the box edits; its translated error is shown under it. */
  name: FieldPathByValue<WizardFormValues, string>;
}

/** A filtered text box bound to one text field of the wizard's form. */
export function FormTextField({ name, ...props }: FormTextFieldProps) {
  const form = useFormContext<WizardFormValues>();
  const fieldError = useFieldError();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FilteredTextInput
          {...props}
          ref={field.ref}
          name={field.name}
          onBlur={field.onBlur}
          value={field.value}
          onChange={field.onChange}
          error={fieldError(name)}
        />
      )}
    />
  );
}
