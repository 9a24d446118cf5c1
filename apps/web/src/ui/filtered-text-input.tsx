import { Text, TextInput, type TextInputProps } from "@mantine/core";
import { forwardRef } from "react";

export interface FilteredTextInputProps extends Omit<TextInputProps, "value" | "onChange" | "accept"> {
  value: string;
  onChange: (value: string) => void;
  /** Whether the text may stand in the box; a keystroke that would break it is ignored. */
  accept: (text: string) => boolean;
  /** A currency code shown at the end of the box, for amounts typed in that currency. */
  currency?: string;
}

/** A text box that only ever holds text its rule accepts (docs/product.md#amount-inputs). */
export const FilteredTextInput = forwardRef<HTMLInputElement, FilteredTextInputProps>(function FilteredTextInput(
  { value, onChange, accept, currency, ...props },
  ref,
) {
  const currencySection =
    currency === undefined
      ? {}
      : {
          rightSection: (
            <Text c="dimmed" size="sm">
              {currency}
            </Text>
          ),
          rightSectionWidth: 56,
        };
  return (
    <TextInput
      ref={ref}
      autoComplete="off"
      spellCheck={false}
      {...currencySection}
      {...props}
      value={value}
      onChange={(event) => {
        const text = event.currentTarget.value.trim();
        if (accept(text)) onChange(text);
      }}
    />
  );
});
