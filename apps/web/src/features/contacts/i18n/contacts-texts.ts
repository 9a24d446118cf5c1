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
};
const texts: FeatureTexts<ContactsTexts> = { en, fr };

export function useContactsTexts() {
  return useFeatureTexts("contacts", texts);
}
