import { Group, Text, TextInput, UnstyledButton } from "@mantine/core";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useWalletTexts } from "../i18n/wallet-texts.ts";
import classes from "./wallet.module.css";

export interface SendAmountFieldProps {
  code: string;
  /** Fills in the most that can be sent; absent while that is unknown. */
  onMax: (() => void) | null;
  error: string | undefined;
  field: UseFormRegisterReturn<"amount">;
}

/** The amount, with the currency and a button that fills in the most that can be sent. */
export function SendAmountField({ code, onMax, error, field }: SendAmountFieldProps) {
  const { t } = useWalletTexts();
  const rightSection = (
    <Group gap={6} wrap="nowrap" pr={6}>
      <Text size="sm" c="dimmed" fw={600}>
        {code}
      </Text>
      <UnstyledButton
        className={classes.maxButton}
        onClick={() => onMax?.()}
        disabled={onMax === null}
        aria-label={t("send.maxLabel")}
      >
        {t("send.max")}
      </UnstyledButton>
    </Group>
  );
  return (
    <TextInput
      label={t("send.amountLabel")}
      placeholder="0.00"
      inputMode="decimal"
      autoComplete="off"
      rightSection={rightSection}
      rightSectionWidth={104}
      classNames={{ input: classes.monoInput }}
      error={error}
      {...field}
    />
  );
}
