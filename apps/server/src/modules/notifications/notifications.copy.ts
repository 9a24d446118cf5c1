import {
  ACCOUNT_EVENT_CATALOGUE,
  type Locale,
  type NotificationEvent,
  type NotificationPayload,
} from "@souk/contracts";

/**
 * The words of notifications outside the web app (e-mail, Telegram), in every shipped locale. The web app
 * has its own (features/notifications); both say the same things.
 */
type Headline = (c: string, p: NotificationPayload) => string;

const HEADLINES: Record<Locale, Record<NotificationEvent, Headline>> = {
  en: {
    "trade.started": (c) => `${c} started a trade with you`,
    "trade.paid": (c) => `${c} marked the trade paid`,
    "trade.released": (c) => `${c} released the crypto`,
    "trade.cancelled_or_expired": (c) => `The trade with ${c} is cancelled or expired`,
    "trade.dispute_started": (c) => `A dispute is open on the trade with ${c}`,
    "trade.dispute_finished": (c) => `The dispute on the trade with ${c} is decided`,
    "trade.chat_message_received": (c) => `${c} wrote in the trade chat`,
    "trade.attachment_uploaded": (c) => `${c} sent a file in the trade chat`,
    "messenger.message_received": (c) => `${c} sent you a message`,
    "feedback.received": (c) => `${c} left you feedback`,
    "feedback.replied": (c) => `${c} replied to your feedback`,
    "wallet.deposit_pending": (_c, p) => `A deposit of ${coin(p)} is on its way`,
    "wallet.deposit_confirmed": (_c, p) => `Your deposit of ${coin(p)} is confirmed`,
    "wallet.withdrawal_sent": (_c, p) => `Your withdrawal of ${coin(p)} was sent`,
    "offer.switched_off": (_c, p) => `Your offer was switched off: ${REASONS.en[p.reason ?? ""] ?? p.reason}`,
    "offer.moderation_decided": (_c, p) =>
      MODERATION.en[p.reason ?? ""]?.(p.text ?? "") ?? "A moderator reviewed your offer",
    "bid.outbid": () => "Your bid for a pinned place was outbid",
    "account.new_device_login": (_c, p) => `New log-in from ${p.text ?? "a new device"}`,
    "webhook.disabled": () => "Your webhook was turned off after a day of failures",
    "account.verification_decided": (_c, p) =>
      p.reason === "approved" ? "Your verification was approved" : "Your verification needs your attention",
    "account.company_verification_decided": (_c, p) =>
      p.reason === "application_approved"
        ? "Your company verification was approved"
        : "Your company verification needs your attention",
    "chargeback.decided": (_c, p) =>
      p.reason === "Confirmed"
        ? "A chargeback on your trade was confirmed"
        : "A chargeback on your trade was dismissed",
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
    "messenger.message_received": (c) => `${c} vous a envoyé un message`,
    "feedback.received": (c) => `${c} vous a laissé un avis`,
    "feedback.replied": (c) => `${c} a répondu à votre avis`,
    "wallet.deposit_pending": (_c, p) => `Un dépôt de ${coin(p)} est en route`,
    "wallet.deposit_confirmed": (_c, p) => `Votre dépôt de ${coin(p)} est confirmé`,
    "wallet.withdrawal_sent": (_c, p) => `Votre retrait de ${coin(p)} a été envoyé`,
    "offer.switched_off": (_c, p) => `Votre offre a été désactivée : ${REASONS.fr[p.reason ?? ""] ?? p.reason}`,
    "offer.moderation_decided": (_c, p) =>
      MODERATION.fr[p.reason ?? ""]?.(p.text ?? "") ?? "Un modérateur a examiné votre offre",
    "bid.outbid": () => "Votre enchère pour une place épinglée a été dépassée",
    "account.new_device_login": (_c, p) => `Nouvelle connexion depuis ${p.text ?? "un nouvel appareil"}`,
    "webhook.disabled": () => "Votre webhook a été désactivé après une journée d’échecs",
    "account.verification_decided": (_c, p) =>
      p.reason === "approved" ? "Votre vérification a été approuvée" : "Votre vérification demande votre attention",
    "account.company_verification_decided": (_c, p) =>
      p.reason === "application_approved"
        ? "La vérification de votre société a été approuvée"
        : "La vérification de votre société demande votre attention",
    "chargeback.decided": (_c, p) =>
      p.reason === "Confirmed"
        ? "Une rétrofacturation sur votre transaction a été confirmée"
        : "Une rétrofacturation sur votre transaction a été rejetée",
  },
};

function coin(payload: NotificationPayload): string {
  return `${payload.cryptoAmount ?? ""} ${payload.cryptoCurrencyCode ?? ""}`.trim();
}

/** Why an offer was switched off. */
const REASONS: Record<Locale, Record<string, string>> = {
  en: { bond: "the vendor bond is too low", balance: "your balance no longer funds it", cap: "it reached its cap" },
  fr: {
    bond: "la caution vendeur est insuffisante",
    balance: "votre solde ne la finance plus",
    cap: "elle a atteint son plafond",
  },
};

/** A moderator's decision on an offer, with the reason the vendor reads. */
const MODERATION: Record<Locale, Record<string, (reason: string) => string>> = {
  en: {
    offer_rejected: (reason) => `Your offer was rejected by a moderator: ${reason}`,
    offer_no_appeal: (reason) => `Your appeal was turned down, the offer stays rejected: ${reason}`,
    offer_approved: () => "Your offer was approved and is listed again",
  },
  fr: {
    offer_rejected: (reason) => `Votre offre a été refusée par un modérateur : ${reason}`,
    offer_no_appeal: (reason) => `Votre appel a été rejeté, l’offre reste refusée : ${reason}`,
    offer_approved: () => "Votre offre a été approuvée et est de nouveau publiée",
  },
};

const FOR: Record<Locale, string> = { en: "for", fr: "pour" };

/** What a notice's link opens, by what the notice is about: a trade, an offer, else the site. */
const OPEN: Record<Locale, { trade: string; offer: string; other: string }> = {
  en: { trade: "Open the trade", offer: "Open the offer", other: "Open Souk" },
  fr: { trade: "Ouvrir la transaction", offer: "Ouvrir l’offre", other: "Ouvrir Souk" },
};

export function openLabelIn(locale: Locale, event: NotificationEvent): string {
  const subject = ACCOUNT_EVENT_CATALOGUE[event].subjectType;
  return OPEN[locale][subject === "trade" || subject === "offer" ? subject : "other"];
}

export function headlineIn(locale: Locale, event: NotificationEvent, payload: NotificationPayload): string {
  return HEADLINES[locale][event](payload.counterparty ?? "", payload);
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
