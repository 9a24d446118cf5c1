import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  type CryptoCurrencyView,
  WalletErrorCode,
  type WalletSendResult,
  walletSendRequestSchema,
} from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { isApiError } from "../../../lib/api-client.ts";
import { isOutcomeUnknown, useIdempotencyKeeper } from "../../../lib/idempotency.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon } from "../../../ui/icons.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { recipientQueryOptions, sendInfoQueryOptions, useSendMutation } from "../api/wallet-api.ts";
import { translateWalletErrorCode, translateWalletMessage, useWalletTexts } from "../i18n/use-wallet-texts.ts";
import { buildSendFormSchema, SEND_FIELDS, type SendFormValues, toSendRequest } from "../model/send-form-schema.ts";
import { applyWalletServerErrors } from "../model/server-errors.ts";
import { formatCrypto, maxSendable, type SendMode, summarizeSend, toInputAmount } from "../model/wallet-money.ts";
import { CurrencySelect } from "./currency-select.tsx";
import { SendConfirmModal, type SendReview } from "./send-confirm-modal.tsx";
import { SendSummaryRows } from "./send-summary.tsx";
import classes from "./wallet.module.css";

export interface SendFormInitialValues {
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

function placedFields(error: unknown): string[] {
  if (!isApiError(error)) return [];
  return Object.keys(error.details ?? {}).filter((field) => (SEND_FIELDS as readonly string[]).includes(field));
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
  const send = useSendMutation();
  const keeper = useIdempotencyKeeper();
  const [review, setReview] = useState<SendReview | null>(null);
  // Asked up front when the user's settings guard sends; also whenever the server asks for it.
  const [needsTwoFactor, setNeedsTwoFactor] = useState(Boolean(currentUser?.twoFactor.sendout));
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [isRetry, setRetry] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

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
    setFormError(null);
    if (!sendInfo.data || isUnknownRecipient) return;
    const request = toSendRequest({ ...values, twoFactorCode: "" }, mode);
    const checked = walletSendRequestSchema.safeParse(request);
    const nextSummary = summarizeSend({ amount: request.amount, decimals, mode, sendInfo: sendInfo.data });
    if (!checked.success || !nextSummary) return;
    // The key is not dropped here: confirming the same send again after an unclear outcome must
    // reuse it. A send with other content gets a new key by itself.
    setNeedsTwoFactor(false);
    setConfirmError(null);
    setRetry(false);
    form.setValue("twoFactorCode", "");
    setReview({ request, mode, summary: nextSummary, sendInfo: sendInfo.data, decimals, icon: currency?.icon });
  });

  async function confirm(): Promise<void> {
    if (!review) return;
    const twoFactorCode = form.getValues("twoFactorCode").trim();
    const request = twoFactorCode === "" ? review.request : { ...review.request, twoFactorCode };
    setConfirmError(null);
    form.clearErrors("twoFactorCode");
    try {
      const result = await send.mutateAsync({ request, idempotencyKey: keeper.keyFor(request) });
      keeper.settle();
      setReview(null);
      setRetry(false);
      form.reset({ ...form.getValues(), username: "", address: "", amount: "", twoFactorCode: "" });
      const shown = formatCrypto(result.amount, decimals, locale);
      showToast({
        type: "success",
        message:
          result.type === "internal"
            ? t("send.sentInternal", {
                amount: shown,
                code: result.cryptoCurrencyCode,
                username: result.username ?? "",
              })
            : t("send.sentWithdrawal", { amount: shown, code: result.cryptoCurrencyCode }),
      });
      onSent?.(result);
    } catch (error) {
      keeper.settle(error);
      setRetry(isOutcomeUnknown(error));
      if (isApiError(error) && error.code === WalletErrorCode.SECOND_FACTOR_REQUIRED) {
        setNeedsTwoFactor(true);
        const [reason] = (error.details?.twoFactorCode as string[] | undefined) ?? [];
        form.setError("twoFactorCode", { type: "server", message: reason ?? "second_factor_required" });
        return;
      }
      const onMainFields = placedFields(error).some((field) => field !== "twoFactorCode");
      const message = applyWalletServerErrors(error, SEND_FIELDS, form.setError, t);
      if (onMainFields) {
        // The problem is in what was typed: back to the form, where the field says what is wrong.
        setReview(null);
        setFormError(message);
        return;
      }
      setConfirmError(message ?? translateWalletErrorCode(t, isApiError(error) ? error.code : undefined));
    }
  }

  const isWithdrawalUnsupported = mode === "address" && sendInfo.data?.isWithdrawalSupported === false;
  const amountRightSection = (
    <Group gap={6} wrap="nowrap" pr={6}>
      <Text size="sm" c="dimmed" fw={600}>
        {code}
      </Text>
      <UnstyledButton
        className={classes.maxButton}
        onClick={fillMax}
        disabled={max === null}
        aria-label={t("send.maxLabel")}
      >
        {t("send.max")}
      </UnstyledButton>
    </Group>
  );

  return (
    <>
      <form onSubmit={onReview} noValidate data-testid="wallet-send-form">
        <Stack gap="md">
          {isBlocked ? (
            <Alert color="orange" variant="light" icon={<AlertTriangleIcon />}>
              {t("send.blocked")}
            </Alert>
          ) : null}
          {formError ? (
            <Alert
              color="red"
              variant="light"
              icon={<AlertTriangleIcon />}
              role="alert"
              data-testid="wallet-send-error"
            >
              {formError}
            </Alert>
          ) : null}
          <CurrencySelect
            currencies={currencies}
            value={code}
            onChange={onCodeChange}
            label={t("currency.label")}
            error={errorText("cryptoCurrencyCode")}
          />
          <div>
            <Text size="md" fw={500} mb={4} id="wallet-send-recipient-type">
              {t("send.recipientType")}
            </Text>
            <SegmentedControl
              fullWidth
              value={mode}
              onChange={(value) => changeMode(value as SendMode)}
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
              error={errorText("username") ?? (isUnknownRecipient ? t("validation.user_unknown") : undefined)}
              {...form.register("username")}
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
              error={errorText("address")}
              {...form.register("address")}
            />
          )}
          <TextInput
            label={t("send.amountLabel")}
            placeholder="0.00"
            inputMode="decimal"
            autoComplete="off"
            rightSection={amountRightSection}
            rightSectionWidth={104}
            classNames={{ input: classes.monoInput }}
            error={errorText("amount")}
            {...form.register("amount")}
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
        review={review}
        isSending={send.isPending}
        needsTwoFactor={needsTwoFactor}
        twoFactorField={form.register("twoFactorCode")}
        twoFactorError={errors.twoFactorCode}
        error={confirmError}
        isRetry={isRetry}
        onConfirm={() => void confirm()}
        onClose={() => setReview(null)}
      />
    </>
  );
}
