import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

const en = {
  button: "Bank accounts ({{count}})",
  title: "Bank accounts on this offer",
  lead: "Buyers see the accounts you tick here once a trade reveals the payment details.",
  none: "You have no bank account yet.",
  manage: "Manage your bank accounts",
  save: "Save",
  saved: "The offer's bank accounts are saved.",
  failed: "The bank accounts could not be attached. Try again.",
  refused: "Only your own bank accounts can be attached.",
  loading: "Loading…",
};
type OfferBankAccountsTexts = typeof en;
const fr: OfferBankAccountsTexts = {
  button: "Comptes bancaires ({{count}})",
  title: "Comptes bancaires de cette offre",
  lead: "Les acheteurs voient les comptes cochés ici une fois les coordonnées de paiement révélées dans l’échange.",
  none: "Vous n’avez encore aucun compte bancaire.",
  manage: "Gérer vos comptes bancaires",
  save: "Enregistrer",
  saved: "Les comptes bancaires de l’offre sont enregistrés.",
  failed: "Les comptes bancaires n’ont pas pu être rattachés. Réessayez.",
  refused: "Seuls vos propres comptes bancaires peuvent être rattachés.",
  loading: "Chargement…",
};
const texts: FeatureTexts<OfferBankAccountsTexts> = { en, fr };

export function useOfferBankAccountsTexts() {
  return useFeatureTexts("my-offers-bank-accounts", texts);
}
