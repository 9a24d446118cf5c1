import type { Locale, Notification } from "@souk/contracts";
import type { TFunction } from "i18next";
import { formatCryptoDecimal, formatFiatAmount } from "../../../lib/format.ts";

/** The texts' key of an event: `trade.paid` is `events.trade_paid` (dots separate keys). */
function eventKeyOf(event: Notification["event"]): string {
  return `events.${event.replaceAll(".", "_")}`;
}

/** The headline of a notification: what happened, who did it, the amount in the locale's digits. */
export function headlineOf(t: TFunction, item: Pick<Notification, "event" | "payload">, locale: Locale): string {
  const { cryptoAmount, cryptoCurrencyCode } = item.payload;
  const amount = cryptoAmount ? `${formatCryptoDecimal(cryptoAmount, locale)} ${cryptoCurrencyCode ?? ""}`.trim() : "";
  return t(eventKeyOf(item.event), { counterparty: item.payload.counterparty ?? "", amount });
}

/** What a notification's free text says, in words: a verification's kind is named, other texts stay. */
function textOf(t: TFunction, item: Pick<Notification, "event" | "payload">): string {
  const text = item.payload.text ?? "";
  return item.event === "account.verification_decided" ? t(`verificationKinds.${text}`, { defaultValue: text }) : text;
}

/**
 * The lines under it: the amounts, the payment method, the time left to pay when unpaid, the
 * reason (an offer switched off, a verification's outcome) and the notification's own text.
 */
export function detailsOf(
  t: TFunction,
  item: Pick<Notification, "event" | "payload">,
  locale: Locale,
  now: number,
): string[] {
  const { payload } = item;
  const lines: string[] = [];
  if (payload.fiatAmount && payload.cryptoAmount) {
    lines.push(
      t("amounts", {
        fiat: `${formatFiatAmount(payload.fiatAmount, locale)} ${payload.fiatCurrencyCode ?? ""}`.trim(),
        crypto: `${formatCryptoDecimal(payload.cryptoAmount, locale)} ${payload.cryptoCurrencyCode ?? ""}`.trim(),
        paymentMethod: payload.paymentMethodName ?? "",
      }),
    );
  }
  if (payload.paymentWindowEndsAt) {
    const minutes = Math.ceil((Date.parse(payload.paymentWindowEndsAt) - now) / 60_000);
    lines.push(minutes > 0 ? t("timeLeft", { count: minutes }) : t("windowOver"));
  }
  if (payload.reason) lines.push(t(`reasons.${payload.reason}`, { defaultValue: "" }));
  if (payload.text) lines.push(textOf(t, item));
  return lines.filter((line) => line);
}
