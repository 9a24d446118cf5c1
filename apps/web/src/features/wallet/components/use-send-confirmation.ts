import { WalletErrorCode, type WalletSendResult } from "@souk/contracts";
import { useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { isApiError } from "../../../lib/api-client.ts";
import { isOutcomeUnknown, useIdempotencyKeeper } from "../../../lib/idempotency.ts";
import { useCurrentUser } from "../../../lib/session.ts";
import { showToast } from "../../../lib/toast.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import { useSendMutation } from "../api/wallet-api.ts";
import { translateWalletErrorCode, useWalletTexts } from "../i18n/wallet-texts.ts";
import { SEND_FIELDS, type SendFormValues } from "../model/send-form-schema.ts";
import { applyWalletServerErrors } from "../model/server-errors.ts";
import { formatCrypto } from "../model/wallet-money.ts";
import type { SendReview } from "./send-confirm-modal.tsx";

function placedFields(error: unknown): string[] {
  if (!isApiError(error)) return [];
  return Object.keys(error.details ?? {}).filter((field) => (SEND_FIELDS as readonly string[]).includes(field));
}

/**
 * The review and confirm step of a send: the reviewed send, the second factor when asked, and what
 * the server answered. Only `confirm` calls the server, with one Idempotency-Key per confirmed
 * submission (kept after an unclear outcome, so confirming again retries the same send).
 */
export function useSendConfirmation({
  form,
  decimals,
  onSent,
}: {
  form: UseFormReturn<SendFormValues>;
  decimals: number;
  onSent: ((result: WalletSendResult) => void) | undefined;
}) {
  const { t } = useWalletTexts();
  const locale = useLocale();
  const currentUser = useCurrentUser();
  const send = useSendMutation();
  const keeper = useIdempotencyKeeper();
  const [review, setReview] = useState<SendReview | null>(null);
  // Asked up front when the user's settings guard sends; also whenever the server asks for it.
  const [needsTwoFactor, setNeedsTwoFactor] = useState(Boolean(currentUser?.twoFactor.sendout));
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [isRetry, setRetry] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  /** Opens the review. The key is not dropped here: a send with other content gets a new key by itself. */
  function open(next: SendReview): void {
    setNeedsTwoFactor(false);
    setConfirmError(null);
    setRetry(false);
    form.setValue("twoFactorCode", "");
    setReview(next);
  }

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
            : t(result.withdrawal?.state === "awaiting_approval" ? "send.sentForApproval" : "send.sentWithdrawal", {
                amount: shown,
                code: result.cryptoCurrencyCode,
              }),
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

  return {
    review,
    open,
    close: () => setReview(null),
    confirm,
    isSending: send.isPending,
    needsTwoFactor,
    confirmError,
    isRetry,
    formError,
    setFormError,
  };
}
