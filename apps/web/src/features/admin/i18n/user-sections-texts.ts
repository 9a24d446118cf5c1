import { activityTypeTexts } from "../../../lib/i18n/activity-type-texts.ts";
import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

/** English texts of the user page's activity, relations and verification sections (namespace "adminUserSections"). */
const en = {
  none: "Nothing yet.",
  loadError: "This section could not be read.",
  retry: "Try again",
  activity: {
    title: "Account activity",
    when: "When",
    what: "What",
    from: "From",
    types: activityTypeTexts.en,
    previous: "Newer",
    next: "Older",
    page: "Page {{page}} of {{last}}",
  },
  relations: {
    title: "Relations",
    trusts: "Trusts ({{count}})",
    blocks: "Blocks ({{count}})",
    trustedBy: "Trusted by ({{count}})",
    blockedBy: "Blocked by ({{count}})",
    more: "and {{count}} more",
  },
  verifications: {
    title: "Verification documents",
    type: "Type",
    status: "Status",
    sent: "Sent",
    documents: "Documents",
    types: { id: "Identity document", address: "Proof of address", video: "Video" },
    statuses: {
      pending: "Incomplete",
      uploaded: "Waiting for review",
      approved: "Approved",
      rejected: "Rejected",
      corrupted: "Unreadable",
    },
    sides: { front: "front", back: "back", selfie: "selfie", proof: "proof", video: "video" },
  },
};

type UserSectionsTexts = typeof en;

const fr: UserSectionsTexts = {
  none: "Rien pour l’instant.",
  loadError: "Cette section n’a pas pu être lue.",
  retry: "Réessayer",
  activity: {
    title: "Activité du compte",
    when: "Quand",
    what: "Quoi",
    from: "Depuis",
    types: activityTypeTexts.fr,
    previous: "Plus récentes",
    next: "Plus anciennes",
    page: "Page {{page}} sur {{last}}",
  },
  relations: {
    title: "Relations",
    trusts: "Fait confiance à ({{count}})",
    blocks: "Bloque ({{count}})",
    trustedBy: "A la confiance de ({{count}})",
    blockedBy: "Bloqué par ({{count}})",
    more: "et {{count}} de plus",
  },
  verifications: {
    title: "Documents de vérification",
    type: "Type",
    status: "Statut",
    sent: "Envoyé",
    documents: "Documents",
    types: { id: "Pièce d’identité", address: "Justificatif de domicile", video: "Vidéo" },
    statuses: {
      pending: "Incomplet",
      uploaded: "En attente d’examen",
      approved: "Approuvé",
      rejected: "Refusé",
      corrupted: "Illisible",
    },
    sides: { front: "recto", back: "verso", selfie: "selfie", proof: "justificatif", video: "vidéo" },
  },
};

const texts: FeatureTexts<UserSectionsTexts> = { en, fr };

export function useUserSectionsTexts() {
  return useFeatureTexts("adminUserSections", texts);
}
