import { Group, Select, type SelectProps, Text } from "@mantine/core";
import type { CryptoCurrencyView } from "@souk/contracts";
import { CurrencyIcon } from "./currency-icon.tsx";

export interface CurrencySelectProps extends Omit<SelectProps, "data" | "value" | "onChange"> {
  currencies: readonly CryptoCurrencyView[];
  value: string;
  onChange: (code: string) => void;
}

/** Picks a crypto currency, shown with its badge and full name. */
export function CurrencySelect({ currencies, value, onChange, ...rest }: CurrencySelectProps) {
  const selected = currencies.find((currency) => currency.code === value);
  return (
    <Select
      data={currencies.map((currency) => ({
        value: currency.code,
        label: `${currency.fullName} (${currency.code})`,
        disabled: currency.isBlocked,
      }))}
      value={value || null}
      onChange={(code) => {
        if (code) onChange(code);
      }}
      allowDeselect={false}
      checkIconPosition="right"
      size="md"
      leftSection={selected ? <CurrencyIcon code={selected.code} icon={selected.icon} size={22} /> : null}
      renderOption={({ option }) => {
        const currency = currencies.find((item) => item.code === option.value);
        return (
          <Group gap="sm" wrap="nowrap">
            <CurrencyIcon code={option.value} icon={currency?.icon} size={22} />
            <Text size="sm">{option.label}</Text>
          </Group>
        );
      }}
      {...rest}
    />
  );
}
