import type { ModerationTexts } from "./moderation-texts.en.ts";

/** French texts of the moderation feature: the same keys as the English ones. */
export const moderationTextsFr: ModerationTexts = {
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
