import { SegmentedControl, Text, TextInput } from "@mantine/core";
import type { UseFormRegister } from "react-hook-form";
import { useWalletTexts } from "../i18n/wallet-texts.ts";
import type { SendFormValues } from "../model/send-form-schema.ts";
import type { SendMode } from "../model/wallet-money.ts";
import classes from "./wallet.module.css";

export interface SendRecipientFieldsProps {
  mode: SendMode;
  onModeChange: (mode: SendMode) => void;
  code: string;
  register: UseFormRegister<SendFormValues>;
  usernameError: string | undefined;
  addressError: string | undefined;
}

/** Who receives: a Souk username (internal, free, at once) or an address (a withdrawal). */
export function SendRecipientFields({
  mode,
  onModeChange,
  code,
  register,
  usernameError,
  addressError,
}: SendRecipientFieldsProps) {
  const { t } = useWalletTexts();
  return (
    <>
      <div>
        <Text size="md" fw={500} mb={4} id="wallet-send-recipient-type">
          {t("send.recipientType")}
        </Text>
        <SegmentedControl
          fullWidth
          value={mode}
          onChange={(value) => onModeChange(value as SendMode)}
          aria-labelledby="wallet-send-recipient-type"
          data={[
            { value: "username", label: t("send.toUser") },
            { value: "address", label: t("send.toAddress") },
          ]}
        />
      </div>
      {mode === "username" ? (
        <TextInput
          key="username"
          label={t("send.usernameLabel")}
          placeholder={t("send.usernamePlaceholder")}
          description={t("send.usernameHint")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={usernameError}
          {...register("username")}
        />
      ) : (
        <TextInput
          key="address"
          label={t("send.addressLabel", { code })}
          placeholder={t("send.addressPlaceholder")}
          description={t("send.addressHint")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          classNames={{ input: classes.monoInput }}
          error={addressError}
          {...register("address")}
        />
      )}
    </>
  );
}
