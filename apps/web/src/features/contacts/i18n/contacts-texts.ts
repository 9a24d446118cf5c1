import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

const en = {
  trusted: {
    metaTitle: "Trusted users",
    title: "Trusted users",
    empty: "You trust nobody yet. Trust a user from their profile.",
    action: "Untrust",
    done: "{{user}} is no longer trusted.",
  },
  blocked: {
    metaTitle: "Blocked users",
    title: "Blocked users",
    empty: "You have not blocked anyone.",
    action: "Unblock",
    done: "{{user}} is unblocked.",
  },
  since: "Since {{date}}",
  feedback: "+{{positive}} / −{{negative}}",
  loading: "Loading…",
  error: "The list could not be loaded.",
  retry: "Try again",
  previous: "Previous",
  next: "Next",
  page: "Page {{page}} of {{last}}",
  failed: "The change could not be saved.",
  relation: {
    label: "Your relation to {{user}}",
    trust: "Trust",
    untrust: "Untrust",
    block: "Block",
    unblock: "Unblock",
    trusted: "You trust {{user}}.",
    untrusted: "You no longer trust {{user}}.",
    blocked: "{{user}} is blocked: you will not see their offers, and you cannot trade or chat with each other.",
    unblocked: "{{user}} is unblocked.",
    blockConfirmTitle: "Block {{user}}?",
    blockConfirmBody:
      "Their offers leave your listings, neither of you can start a trade with the other, and they cannot write to you. Trades already running go on.",
    cancel: "Cancel",
  },
};
type ContactsTexts = typeof en;
const fr: ContactsTexts = {
  trusted: {
    metaTitle: "Utilisateurs de confiance",
    title: "Utilisateurs de confiance",
    empty: "Vous ne faites encore confiance à personne. Faites confiance depuis un profil.",
    action: "Retirer la confiance",
    done: "{{user}} n’est plus de confiance.",
  },
  blocked: {
    metaTitle: "Utilisateurs bloqués",
    title: "Utilisateurs bloqués",
    empty: "Vous n’avez bloqué personne.",
    action: "Débloquer",
    done: "{{user}} est débloqué.",
  },
  since: "Depuis le {{date}}",
  feedback: "+{{positive}} / −{{negative}}",
  loading: "Chargement…",
  error: "La liste n’a pas pu être chargée.",
  retry: "Réessayer",
  previous: "Précédent",
  next: "Suivant",
  page: "Page {{page}} sur {{last}}",
  failed: "La modification n’a pas pu être enregistrée.",
  relation: {
    label: "Votre relation avec {{user}}",
    trust: "Faire confiance",
    untrust: "Retirer la confiance",
    block: "Bloquer",
    unblock: "Débloquer",
    trusted: "Vous faites confiance à {{user}}.",
    untrusted: "Vous ne faites plus confiance à {{user}}.",
    blocked:
      "{{user}} est bloqué : vous ne verrez plus ses offres, et vous ne pouvez plus échanger ni discuter ensemble.",
    unblocked: "{{user}} est débloqué.",
    blockConfirmTitle: "Bloquer {{user}} ?",
    blockConfirmBody:
      "Ses offres quittent vos listes, aucun de vous ne peut démarrer d’échange avec l’autre, et il ne peut plus vous écrire. Les échanges en cours continuent.",
    cancel: "Annuler",
  },
};
const texts: FeatureTexts<ContactsTexts> = { en, fr };

export function useContactsTexts() {
  return useFeatureTexts("contacts", texts);
}
