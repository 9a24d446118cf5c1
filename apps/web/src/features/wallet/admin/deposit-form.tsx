import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Stack, TextInput } from "@mantine/core";
import {
  type AdminDepositRequest,
  adminDepositRequestSchema,
  amountInputSchema,
  type CryptoCurrencyView,
} from "@souk/contracts";
import { AmountParseError, parseAmount } from "@souk/money";
import { useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { z } from "zod";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon } from "../../../ui/icons.tsx";
import { CurrencySelect } from "../components/currency-select.tsx";
import { translateWalletMessage, useWalletTexts } from "../i18n/wallet-texts.ts";
import { applyWalletServerErrors } from "../model/server-errors.ts";
import { formatCrypto } from "../model/wallet-money.ts";
import { useRecordDepositMutation } from "./admin-wallet-api.ts";
import { rememberDeposit } from "./recent-deposits-store.ts";

const DEPOSIT_FIELDS = ["username", "cryptoCurrencyCode", "amount", "confirmations"] as const;

const amountFailureKeys: Record<AmountParseError["reason"], string> = {
  format: "amount_invalid",
  precision: "amount_too_precise",
  range: "amount_too_large",
};

/** The admin deposit request as typed: confirmations is text until it is sent. */
function buildDepositFormSchema(decimals: number) {
  return z.object({
    username: adminDepositRequestSchema.shape.username,
    cryptoCurrencyCode: adminDepositRequestSchema.shape.cryptoCurrencyCode,
    amount: amountInputSchema.superRefine((value, context) => {
      if (value.trim() === "") return;
      try {
        if (parseAmount(value.trim(), decimals) === 0n) {
          context.addIssue({ code: "custom", message: "amount_must_be_positive" });
        }
      } catch (error) {
        if (!(error instanceof AmountParseError)) throw error;
        context.addIssue({ code: "custom", message: amountFailureKeys[error.reason] });
      }
    }),
    confirmations: z.string().regex(/^\s*\d{0,7}\s*$/, { message: "confirmations_invalid" }),
  });
}

type DepositFormValues = z.input<ReturnType<typeof buildDepositFormSchema>>;

function toDepositRequest(values: DepositFormValues): AdminDepositRequest {
  const request: AdminDepositRequest = {
    username: values.username.trim(),
    cryptoCurrencyCode: values.cryptoCurrencyCode,
    amount: values.amount.trim(),
  };
  if (values.confirmations.trim() !== "") request.confirmations = Number(values.confirmations.trim());
  return request;
}

/** Records a dev-chain deposit for a user, credited at once or after its confirmations. */
export function DepositForm({ currencies }: { currencies: readonly CryptoCurrencyView[] }) {
  const { t } = useWalletTexts();
  const locale = useLocale();
  const record = useRecordDepositMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [code, setCode] = useState(currencies.find((currency) => !currency.isBlocked)?.code ?? "");
  const decimals = currencies.find((currency) => currency.code === code)?.precision ?? 8;
  const decimalsRef = useRef(decimals);
  decimalsRef.current = decimals;
  const resolver: Resolver<DepositFormValues> = (values, context, options) =>
    zodResolver(buildDepositFormSchema(decimalsRef.current))(values, context, options);
  const form = useForm<DepositFormValues>({
    resolver,
    defaultValues: { username: "", cryptoCurrencyCode: code, amount: "", confirmations: "" },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    form.setValue("cryptoCurrencyCode", code);
  }, [code, form]);

  const errorText = (field: (typeof DEPOSIT_FIELDS)[number]) =>
    errors[field] ? translateWalletMessage(t, errors[field]?.message, { decimals }) : undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const deposit = await record.mutateAsync(toDepositRequest(values));
      rememberDeposit(deposit);
      const texts = {
        id: deposit.id,
        amount: formatCrypto(deposit.amount, decimals, locale),
        code: deposit.cryptoCurrencyCode,
        username: deposit.username,
      };
      showToast({
        type: "success",
        message: t(deposit.status === "credited" ? "admin.recordedCredited" : "admin.recorded", texts),
      });
      form.reset({ ...values, amount: "", confirmations: "" });
    } catch (error) {
      setFormError(applyWalletServerErrors(error, DEPOSIT_FIELDS, form.setError, t));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="admin-deposit-form">
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" icon={<AlertTriangleIcon />} role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label={t("admin.usernameLabel")}
          placeholder={t("admin.usernamePlaceholder")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errorText("username")}
          {...form.register("username")}
        />
        <CurrencySelect
          currencies={currencies}
          value={code}
          onChange={setCode}
          label={t("currency.label")}
          error={errorText("cryptoCurrencyCode")}
        />
        <TextInput
          label={t("admin.amountLabel")}
          placeholder="0.00"
          inputMode="decimal"
          autoComplete="off"
          rightSection={code}
          rightSectionWidth={64}
          error={errorText("amount")}
          {...form.register("amount")}
        />
        <TextInput
          label={t("admin.confirmationsLabel")}
          description={t("admin.confirmationsHint")}
          inputMode="numeric"
          autoComplete="off"
          error={errorText("confirmations")}
          {...form.register("confirmations")}
        />
        <Button type="submit" loading={isSubmitting}>
          {t("admin.submit")}
        </Button>
      </Stack>
    </form>
  );
}
