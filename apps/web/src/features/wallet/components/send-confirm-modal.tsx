import { Alert, Badge, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import type { WalletSendInfo, WalletSendRequest } from "@souk/contracts";
import { formatAmount } from "@souk/money";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useMailedSecondFactorCode } from "../../../lib/second-factor.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { AlertTriangleIcon } from "../../../ui/icons.tsx";
import { MailedCodeLink } from "../../../ui/mailed-code-link.tsx";
import { translateWalletMessage, useWalletTexts } from "../i18n/wallet-texts.ts";
import { formatCrypto, type SendMode, type SendSummary } from "../model/wallet-money.ts";
import { CurrencyIcon } from "./currency-icon.tsx";
import { SendSummaryRows } from "./send-summary.tsx";
import classes from "./wallet.module.css";

export interface SendReview {
  request: WalletSendRequest;
  mode: SendMode;
  summary: SendSummary;
  sendInfo: WalletSendInfo;
  decimals: number;
  icon: string | undefined;
}

export interface SendConfirmModalProps {
  review: SendReview | null;
  isSending: boolean;
  /** The server asked for the second factor: its field shows. */
  needsTwoFactor: boolean;
  twoFactorField: UseFormRegisterReturn<"twoFactorCode">;
  twoFactorError: FieldError | undefined;
  error: string | null;
  /** The last try ended without a clear answer: confirming again retries the same send. */
  isRetry: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The step before money moves: who gets what, what it costs and what is left. */
export function SendConfirmModal({
  review,
  isSending,
  needsTwoFactor,
  twoFactorField,
  twoFactorError,
  error,
  isRetry,
  onConfirm,
  onClose,
}: SendConfirmModalProps) {
  const { t } = useWalletTexts();
  const locale = useLocale();
  const code = review?.request.cryptoCurrencyCode ?? "";
  const isWithdrawal = review?.mode === "address";
  const mailedCode = useMailedSecondFactorCode(review !== null && needsTwoFactor);

  return (
    <Modal
      opened={review !== null}
      onClose={() => {
        if (!isSending) onClose();
      }}
      title={<Text fw={700}>{t("send.confirmTitle")}</Text>}
      centered
      radius="lg"
      size="md"
      closeButtonProps={{ "aria-label": t("send.back") }}
      data-testid="wallet-send-confirm"
    >
      {review ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
          noValidate
        >
          <Stack gap="md">
            <div className={classes.confirmHero}>
              <CurrencyIcon code={code} icon={review.icon} size={44} />
              <div>
                <Text className={classes.confirmAmount} data-testid="wallet-send-confirm-amount">
                  {formatCrypto(formatAmount(review.summary.amountMinor, review.decimals), review.decimals, locale)}{" "}
                  {code}
                </Text>
                <Badge variant="light" color={isWithdrawal ? "orange" : "souk"} radius="sm">
                  {isWithdrawal ? t("send.confirmWithdrawal") : t("send.confirmInternal")}
                </Badge>
              </div>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                {t("send.confirmTo")}
              </Text>
              <Text
                fw={650}
                className={isWithdrawal ? classes.addressText : undefined}
                data-testid="wallet-send-confirm-to"
              >
                {review.request.username ?? review.request.address}
              </Text>
            </div>
            <SendSummaryRows
              code={code}
              decimals={review.decimals}
              mode={review.mode}
              sendInfo={review.sendInfo}
              summary={review.summary}
              variant="confirm"
            />
            <Alert variant="light" color="yellow" icon={<AlertTriangleIcon />} p="sm">
              <Text size="sm">{isWithdrawal ? t("send.confirmWithdrawalWarning") : t("send.confirmWarning")}</Text>
            </Alert>
            {mailedCode.isMailed ? (
              <MailedCodeLink
                state={mailedCode.state}
                channel={mailedCode.channel}
                onSend={() => void mailedCode.send()}
              />
            ) : null}
            {needsTwoFactor ? (
              <TextInput
                label={t("send.twoFactorLabel")}
                description={t("send.twoFactorHint")}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={16}
                error={twoFactorError ? translateWalletMessage(t, twoFactorError.message) : undefined}
                {...twoFactorField}
              />
            ) : null}
            {error ? (
              <Alert
                color="red"
                variant="light"
                icon={<AlertTriangleIcon />}
                role="alert"
                data-testid="wallet-send-error"
              >
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm" className={classes.modalActions}>
              <Button variant="default" onClick={onClose} disabled={isSending}>
                {t("send.back")}
              </Button>
              <Button type="submit" loading={isSending} data-autofocus>
                {isRetry ? t("send.retry") : t("send.confirm")}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
