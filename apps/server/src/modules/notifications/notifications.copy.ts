import type { Locale, NotificationEvent, NotificationPayload } from "@souk/contracts";

/**
 * The words of notifications outside the web app (e-mail), in every shipped locale. The web app
 * has its own (features/notifications); both say the same things.
 */
const HEADLINES: Record<Locale, Record<NotificationEvent, (counterparty: string) => string>> = {
  en: {
    "trade.started": (c) => `${c} started a trade with you`,
    "trade.paid": (c) => `${c} marked the trade paid`,
    "trade.released": (c) => `${c} released the crypto`,
    "trade.cancelled_or_expired": (c) => `The trade with ${c} is cancelled or expired`,
    "trade.dispute_started": (c) => `A dispute is open on the trade with ${c}`,
    "trade.dispute_finished": (c) => `The dispute on the trade with ${c} is decided`,
    "trade.chat_message_received": (c) => `${c} wrote in the trade chat`,
    "trade.attachment_uploaded": (c) => `${c} sent a file in the trade chat`,
    "feedback.received": (c) => `${c} left you feedback`,
    "feedback.replied": (c) => `${c} replied to your feedback`,
  },
  fr: {
    "trade.started": (c) => `${c} a ouvert une transaction avec vous`,
    "trade.paid": (c) => `${c} a marqué la transaction comme payée`,
    "trade.released": (c) => `${c} a libéré la crypto`,
    "trade.cancelled_or_expired": (c) => `La transaction avec ${c} est annulée ou expirée`,
    "trade.dispute_started": (c) => `Un litige est ouvert sur la transaction avec ${c}`,
    "trade.dispute_finished": (c) => `Le litige sur la transaction avec ${c} est tranché`,
    "trade.chat_message_received": (c) => `${c} a écrit dans la discussion de la transaction`,
    "trade.attachment_uploaded": (c) => `${c} a envoyé un fichier dans la discussion de la transaction`,
    "feedback.received": (c) => `${c} vous a laissé un avis`,
    "feedback.replied": (c) => `${c} a répondu à votre avis`,
  },
};

const FOR: Record<Locale, string> = { en: "for", fr: "pour" };

export function headlineIn(locale: Locale, event: NotificationEvent, payload: NotificationPayload): string {
  return HEADLINES[locale][event](payload.counterparty ?? "");
}

/** "100.00 USD for 10.000000 USDT · Bank transfer", or "" without amounts. */
export function amountsIn(locale: Locale, payload: NotificationPayload): string {
  if (!payload.fiatAmount || !payload.cryptoAmount) return "";
  const fiat = `${payload.fiatAmount} ${payload.fiatCurrencyCode ?? ""}`.trim();
  const crypto = `${payload.cryptoAmount} ${payload.cryptoCurrencyCode ?? ""}`.trim();
  return `${fiat} ${FOR[locale]} ${crypto} · ${payload.paymentMethodName ?? ""}`;
}

/** The time left to pay at `now`, or "" when the trade has no running payment window. */
export function timeLeftIn(locale: Locale, payload: NotificationPayload, now: Date): string {
  if (!payload.paymentWindowEndsAt) return "";
  const minutes = Math.ceil((Date.parse(payload.paymentWindowEndsAt) - now.getTime()) / 60_000);
  if (minutes <= 0) return locale === "fr" ? "Le délai de paiement est écoulé" : "The payment window is over";
  return locale === "fr" ? `${minutes} min restantes pour payer` : `${minutes} min left to pay`;
}
