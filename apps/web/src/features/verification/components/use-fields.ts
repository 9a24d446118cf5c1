import { type ChangeEvent, useState } from "react";

/** The text fields of a request: their values, and the value and change handler of each field's input. */
export function useFields<Fields extends Record<string, string>>(initial: Fields) {
  const [fields, setFields] = useState(initial);
  const bind = (name: keyof Fields) => ({
    value: fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setFields((current) => ({ ...current, [name]: value }));
    },
  });
  return { fields, bind };
}
