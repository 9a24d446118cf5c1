import { isApiError } from "../../../lib/api-client.ts";
import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

/** English texts of the console's chargeback queue (namespace "adminChargebacks"); French has the same shape. */
const en = {
  title: "Chargebacks",
  subtitle: "Sellers' chargeback reports: confirm or dismiss each one, with a reason.",
  stateFilter: "State",
  states: { Pending: "Pending", Dismissed: "Dismissed", Confirmed: "Confirmed", all: "All" },
  /** One report's state (the filter's words are plural in some languages). */
  state: { Pending: "Pending", Dismissed: "Dismissed", Confirmed: "Confirmed" },
  timings: {
    before_reveal_payment_details: "Before the payment details were revealed",
    before_mark_as_paid: "Before the trade was marked paid",
  },
  columns: { report: "Report", trade: "Trade", seller: "Seller (reporter)", buyer: "Buyer", reportedAt: "Reported" },
  reportNumber: "#{{id}}",
  empty: "No chargeback report here.",
  total_one: "{{count}} report",
  total_other: "{{count}} reports",
  loading: "Loading…",
  loadError: "This could not be loaded.",
  retry: "Try again",
  previous: "Previous",
  next: "Next",
  page: "Page {{page}} of {{last}}",
  back: "All chargebacks",
  notFound: "No such chargeback report.",
  itemTitle: "Chargeback #{{id}}: {{seller}} against {{buyer}}",
  details: "The report",
  fields: {
    state: "State",
    timing: "When the buyer acted",
    description: "The seller's description",
    amount: "Trade amount",
    paymentMethod: "Payment method",
    tradeStatus: "Trade status",
    startedAt: "Trade started",
    paidAt: "Marked paid",
    completedAt: "Completed",
    reportedAt: "Reported",
    buyerRecord: "Buyer's confirmed chargebacks before this one",
    decidedBy: "Decided by",
    decidedAt: "Decided",
    decisionReason: "Reason",
  },
  noDescription: "No description given.",
  openTrade: "Open the trade and its chat",
  events: "The trade's events",
  noEvents: "No event yet.",
  by: "by {{name}}",
  roles: { buyer: "buyer", seller: "seller", moderator: "moderator", system: "system" },
  decisionTitle: "Decision",
  decisionHint:
    "Confirming counts on the buyer's record and tells both parties; dismissing tells the seller. No money moves.",
  reasonLabel: "Reason (kept in the audit log)",
  reasonHint: "{{min}} to {{max}} characters.",
  confirm: "Confirm the chargeback",
  dismiss: "Dismiss",
  confirmed: "Confirmed: the buyer's record counts it and both parties are told.",
  dismissed: "Dismissed: the seller is told.",
  decidedAlready: "This report is decided: {{state}}.",
  errors: {
    ERROR_CHARGEBACK_ALREADY_DECIDED: "Another moderator decided this report meanwhile.",
    ERROR_CHARGEBACK_OWN_TRADE: "You are a party to this trade: another moderator must decide it.",
    ERROR_CHARGEBACK_NOT_FOUND: "This chargeback report no longer exists.",
    ERROR_INPUT_VALIDATION: "Give a reason of 3 to 500 characters.",
    generic: "That did not work. Try again.",
  },
};

type ChargebacksTexts = typeof en;

const fr: ChargebacksTexts = {
  title: "Rétrofacturations",
  subtitle: "Les signalements de rétrofacturation des vendeurs : confirmez ou rejetez chacun, avec un motif.",
  stateFilter: "État",
  states: { Pending: "En attente", Dismissed: "Rejetées", Confirmed: "Confirmées", all: "Toutes" },
  state: { Pending: "En attente", Dismissed: "Rejetée", Confirmed: "Confirmée" },
  timings: {
    before_reveal_payment_details: "Avant l’affichage des coordonnées de paiement",
    before_mark_as_paid: "Avant que la transaction soit marquée payée",
  },
  columns: {
    report: "Signalement",
    trade: "Transaction",
    seller: "Vendeur (auteur)",
    buyer: "Acheteur",
    reportedAt: "Signalée",
  },
  reportNumber: "n° {{id}}",
  empty: "Aucun signalement de rétrofacturation ici.",
  total_one: "{{count}} signalement",
  total_other: "{{count}} signalements",
  loading: "Chargement…",
  loadError: "Le chargement a échoué.",
  retry: "Réessayer",
  previous: "Précédents",
  next: "Suivants",
  page: "Page {{page}} sur {{last}}",
  back: "Toutes les rétrofacturations",
  notFound: "Ce signalement de rétrofacturation n’existe pas.",
  itemTitle: "Rétrofacturation n° {{id}} : {{seller}} contre {{buyer}}",
  details: "Le signalement",
  fields: {
    state: "État",
    timing: "Moment où l’acheteur a agi",
    description: "La description du vendeur",
    amount: "Montant de la transaction",
    paymentMethod: "Moyen de paiement",
    tradeStatus: "Statut de la transaction",
    startedAt: "Transaction ouverte",
    paidAt: "Marquée payée",
    completedAt: "Terminée",
    reportedAt: "Signalée",
    buyerRecord: "Rétrofacturations confirmées de l’acheteur avant celle-ci",
    decidedBy: "Tranchée par",
    decidedAt: "Tranchée",
    decisionReason: "Motif",
  },
  noDescription: "Aucune description.",
  openTrade: "Ouvrir la transaction et sa discussion",
  events: "Les événements de la transaction",
  noEvents: "Aucun événement pour l’instant.",
  by: "par {{name}}",
  roles: { buyer: "acheteur", seller: "vendeur", moderator: "modérateur", system: "système" },
  decisionTitle: "Décision",
  decisionHint:
    "Confirmer compte dans le dossier de l’acheteur et prévient les deux parties ; rejeter prévient le vendeur. Aucun fonds ne bouge.",
  reasonLabel: "Motif (conservé dans le journal d’audit)",
  reasonHint: "De {{min}} à {{max}} caractères.",
  confirm: "Confirmer la rétrofacturation",
  dismiss: "Rejeter",
  confirmed: "Confirmée : le dossier de l’acheteur la compte et les deux parties sont prévenues.",
  dismissed: "Rejetée : le vendeur est prévenu.",
  decidedAlready: "Ce signalement est tranché : {{state}}.",
  errors: {
    ERROR_CHARGEBACK_ALREADY_DECIDED: "Un autre modérateur a tranché ce signalement entre-temps.",
    ERROR_CHARGEBACK_OWN_TRADE: "Vous êtes partie à cette transaction : un autre modérateur doit trancher.",
    ERROR_CHARGEBACK_NOT_FOUND: "Ce signalement de rétrofacturation n’existe plus.",
    ERROR_INPUT_VALIDATION: "Donnez un motif de 3 à 500 caractères.",
    generic: "Cela n’a pas fonctionné. Réessayez.",
  },
};

const texts: FeatureTexts<ChargebacksTexts> = { en, fr };

export function useChargebacksTexts() {
  return useFeatureTexts("adminChargebacks", texts);
}

/** A refusal's words: a known code of the chargeback decision, else the generic one. */
export function useChargebackRefusalText() {
  const { t } = useChargebacksTexts();
  return (error: unknown) =>
    t(`errors.${isApiError(error) ? error.code : "generic"}`, { defaultValue: t("errors.generic") });
}
