import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Stack } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type CryptoCurrencyView, type WalletSendResult, walletSendRequestSchema } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useCurrentUser } from "../../../lib/session.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { recipientQueryOptions, sendInfoQueryOptions } from "../api/wallet-api.ts";
import { translateWalletMessage, useWalletTexts } from "../i18n/wallet-texts.ts";
import {
  buildSendFormSchema,
  type SEND_FIELDS,
  type SendFormValues,
  toSendRequest,
} from "../model/send-form-schema.ts";
import { formatCrypto, maxSendable, type SendMode, summarizeSend, toInputAmount } from "../model/wallet-money.ts";
import { CurrencySelect } from "./currency-select.tsx";
import { SendAmountField } from "./send-amount-field.tsx";
import { SendConfirmModal } from "./send-confirm-modal.tsx";
import { SendRecipientFields } from "./send-recipient-fields.tsx";
import { SendSummaryRows } from "./send-summary.tsx";
import { useSendConfirmation } from "./use-send-confirmation.ts";

interface SendFormInitialValues {
  username?: string | undefined;
  address?: string | undefined;
  amount?: string | undefined;
}

export interface SendFormProps {
  currencies: readonly CryptoCurrencyView[];
  code: string;
  onCodeChange: (code: string) => void;
  initialValues?: SendFormInitialValues;
  /** The account may not use the wallet (a blocked KYC action): the form says so and sends nothing. */
  isBlocked?: boolean;
  onSent?: (result: WalletSendResult) => void;
}

/**
 * Sends crypto to a Souk username (internal, free, at once) or to an address (a withdrawal with
 * a network fee). The review step shows what is debited and what remains; only its confirm
 * button calls the server, with one Idempotency-Key per confirmed submission.
 */
export function SendForm({ currencies, code, onCodeChange, initialValues, isBlocked = false, onSent }: SendFormProps) {
  const { t } = useWalletTexts();
  const locale = useLocale();
  const currency = currencies.find((item) => item.code === code);
  const decimals = currency?.precision ?? 8;
  const [mode, setMode] = useState<SendMode>(initialValues?.address ? "address" : "username");
  const sendInfo = useQuery(sendInfoQueryOptions(code));
  const currentUser = useCurrentUser();

  const max = sendInfo.data ? maxSendable(mode, sendInfo.data, decimals) : null;
  const limits = {
    decimals,
    max,
    minWithdrawal: sendInfo.data?.minWithdrawal ?? null,
    selfUsername: currentUser?.username ?? null,
  };
  // The resolver reads the limits of the moment: currency, mode and send info change under the form.
  const limitsRef = useRef(limits);
  limitsRef.current = limits;
  const resolver: Resolver<SendFormValues> = (values, context, options) =>
    zodResolver(buildSendFormSchema(limitsRef.current))(values, context, options);

  const form = useForm<SendFormValues>({
    resolver,
    defaultValues: {
      cryptoCurrencyCode: code,
      mode,
      username: initialValues?.username ?? "",
      address: initialValues?.address ?? "",
      amount: initialValues?.amount ?? "",
      twoFactorCode: "",
    },
    // Checked as the user types (an amount above the balance, oneself, an address of the wrong
    // format); the server checks everything again when the send is confirmed.
    mode: "onChange",
    reValidateMode: "onChange",
  });
  const confirmation = useSendConfirmation({ form, decimals, onSent });
  const { errors } = form.formState;
  const amount = form.watch("amount");
  const summary = sendInfo.data ? summarizeSend({ amount, decimals, mode, sendInfo: sendInfo.data }) : null;
  // Whether the typed username exists, asked once typing pauses (a field without a format error only).
  const typedUsername = form.watch("username").trim();
  const [settledUsername] = useDebouncedValue(typedUsername, 400);
  const lookupName = mode === "username" && !errors.username && settledUsername === typedUsername ? typedUsername : "";
  const recipient = useQuery(recipientQueryOptions(lookupName));
  const isUnknownRecipient = lookupName !== "" && recipient.data === false;

  useEffect(() => {
    form.setValue("cryptoCurrencyCode", code);
    form.clearErrors(["cryptoCurrencyCode", "amount", "address"]);
  }, [code, form]);

  function changeMode(next: SendMode): void {
    setMode(next);
    form.setValue("mode", next);
    form.clearErrors(["username", "address", "amount"]);
  }

  function fillMax(): void {
    if (max === null) return;
    form.setValue("amount", toInputAmount(max), { shouldValidate: form.formState.isSubmitted });
  }

  const errorText = (field: (typeof SEND_FIELDS)[number]) => {
    const message = errors[field]?.message;
    if (!message) return undefined;
    return translateWalletMessage(t, message, {
      decimals,
      max: max === null ? "" : `${formatCrypto(max, decimals, locale)} ${code}`,
      minimum: sendInfo.data ? `${formatCrypto(sendInfo.data.minWithdrawal, decimals, locale)} ${code}` : "",
    });
  };

  const onReview = form.handleSubmit((values) => {
    confirmation.setFormError(null);
    if (!sendInfo.data || isUnknownRecipient) return;
    const request = toSendRequest({ ...values, twoFactorCode: "" }, mode);
    const checked = walletSendRequestSchema.safeParse(request);
    const nextSummary = summarizeSend({ amount: request.amount, decimals, mode, sendInfo: sendInfo.data });
    if (!checked.success || !nextSummary) return;
    confirmation.open({ request, mode, summary: nextSummary, sendInfo: sendInfo.data, decimals, icon: currency?.icon });
  });

  const isWithdrawalUnsupported = mode === "address" && sendInfo.data?.isWithdrawalSupported === false;
  return (
    <>
      <form onSubmit={onReview} noValidate data-testid="wallet-send-form">
        <Stack gap="md">
          {isBlocked ? (
            <Alert color="orange" variant="light" icon={<AlertTriangleIcon />}>
              {t("send.blocked")}
            </Alert>
          ) : null}
          {confirmation.formError ? (
            <Alert
              color="red"
              variant="light"
              icon={<AlertTriangleIcon />}
              role="alert"
              data-testid="wallet-send-error"
            >
              {confirmation.formError}
            </Alert>
          ) : null}
          <CurrencySelect
            currencies={currencies}
            value={code}
            onChange={onCodeChange}
            label={t("currency.label")}
            error={errorText("cryptoCurrencyCode")}
          />
          <SendRecipientFields
            mode={mode}
            onModeChange={changeMode}
            code={code}
            register={form.register}
            usernameError={errorText("username") ?? (isUnknownRecipient ? t("validation.user_unknown") : undefined)}
            addressError={errorText("address")}
          />
          <SendAmountField
            code={code}
            onMax={max === null ? null : fillMax}
            error={errorText("amount")}
            field={form.register("amount")}
          />
          {sendInfo.isError ? (
            <LoadError
              message={t("send.infoError", { code })}
              retryLabel={t("overview.retry")}
              onRetry={() => void sendInfo.refetch()}
            />
          ) : (
            <SendSummaryRows
              code={code}
              decimals={decimals}
              mode={mode}
              sendInfo={sendInfo.data}
              summary={summary}
              variant="form"
            />
          )}
          {isWithdrawalUnsupported ? (
            <Alert color="orange" variant="light" icon={<AlertTriangleIcon />}>
              {t("send.withdrawalUnsupported", { code })}
            </Alert>
          ) : null}
          <Button
            type="submit"
            size="md"
            fullWidth
            disabled={isBlocked || !sendInfo.data || isWithdrawalUnsupported || code === ""}
          >
            {t("send.review")}
          </Button>
        </Stack>
      </form>
      <SendConfirmModal
        review={confirmation.review}
        isSending={confirmation.isSending}
        needsTwoFactor={confirmation.needsTwoFactor}
        twoFactorField={form.register("twoFactorCode")}
        twoFactorError={errors.twoFactorCode}
        error={confirmation.confirmError}
        isRetry={confirmation.isRetry}
        onConfirm={() => void confirmation.confirm()}
        onClose={confirmation.close}
      />
    </>
  );
}
