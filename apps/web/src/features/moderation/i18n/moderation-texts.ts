import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

/** English texts of the moderation feature (namespace "moderation"); French has the same shape. */
const en = {
  title: "Disputes",
  metaTitle: "Disputes",
  subtitle:
    "Open disputes oldest first, appeals of awards, and what was resolved. Open a trade to read its chat and award it.",
  statuses: { open: "Open", appealed: "Appealed", resolved: "Resolved" },
  empty: "No disputes here.",
  loading: "Loading…",
  error: "The disputes could not be loaded.",
  retry: "Try again",
  open: "Open trade",
  seeAll: "All disputes",
  parties: "{{buyer}} (buyer) ↔ {{seller}} (seller)",
  openedBy: "Opened by the {{role}} on {{date}}",
  roles: { buyer: "buyer", seller: "seller" },
  outcome: "Awarded to the {{role}}",
  resolvedOn: "Resolved on {{date}}",
  appeal: {
    available: "Appeal possible",
    appealed: "Appealed",
    expired: "Appeal window closed",
    not_available: "No appeal",
  },
  reasons: {
    payment_sent_not_released: "Paid but not released",
    seller_unresponsive: "Seller unresponsive",
    payment_not_received: "Payment not received",
    wrong_amount_received: "Wrong amount received",
    third_party_payment: "Third-party payment",
    buyer_unresponsive: "Buyer unresponsive",
    terms_not_followed: "Terms not followed",
    suspected_fraud: "Suspected fraud",
    other: "Other",
  },
  total: "{{count}} in all",
  page: "Page {{page}} of {{last}}",
  previous: "Previous",
  next: "Next",
  signIn: "Sign in",
  notAllowedTitle: "For moderators only",
  notAllowedBody: "This screen lists every dispute on Souk. Only moderators, supermods and admins can open it.",
  backToDashboard: "Back to the dashboard",
};
type ModerationTexts = typeof en;

/** French texts of the moderation feature: the same keys as the English ones. */
const fr: ModerationTexts = {
  title: "Litiges",
  metaTitle: "Litiges",
  subtitle:
    "Les litiges ouverts du plus ancien au plus récent, les appels et ce qui a été résolu. Ouvrez un échange pour lire sa discussion et trancher.",
  statuses: { open: "Ouverts", appealed: "En appel", resolved: "Résolus" },
  empty: "Aucun litige ici.",
  loading: "Chargement…",
  error: "Les litiges n’ont pas pu être chargés.",
  retry: "Réessayer",
  open: "Ouvrir l’échange",
  seeAll: "Tous les litiges",
  parties: "{{buyer}} (acheteur) ↔ {{seller}} (vendeur)",
  openedBy: "Ouvert par le {{role}} le {{date}}",
  roles: { buyer: "acheteur", seller: "vendeur" },
  outcome: "Attribué au {{role}}",
  resolvedOn: "Résolu le {{date}}",
  appeal: {
    available: "Appel possible",
    appealed: "En appel",
    expired: "Délai d’appel écoulé",
    not_available: "Pas d’appel",
  },
  reasons: {
    payment_sent_not_released: "Payé mais non libéré",
    seller_unresponsive: "Vendeur injoignable",
    payment_not_received: "Paiement non reçu",
    wrong_amount_received: "Mauvais montant reçu",
    third_party_payment: "Paiement par un tiers",
    buyer_unresponsive: "Acheteur injoignable",
    terms_not_followed: "Conditions non respectées",
    suspected_fraud: "Fraude suspectée",
    other: "Autre",
  },
  total: "{{count}} au total",
  page: "Page {{page}} sur {{last}}",
  previous: "Précédent",
  next: "Suivant",
  signIn: "Se connecter",
  notAllowedTitle: "Réservé aux modérateurs",
  notAllowedBody:
    "Cet écran liste tous les litiges de Souk. Seuls les modérateurs, supermods et administrateurs peuvent l’ouvrir.",
  backToDashboard: "Retour au tableau de bord",
};

const moderationTexts: FeatureTexts<ModerationTexts> = { en, fr };

export function useModerationTexts() {
  return useFeatureTexts("moderation", moderationTexts);
}
