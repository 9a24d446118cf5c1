import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

const en = {
  lastUpdated: "Last updated: {{date}}",
  onThisPage: "On this page",
  ipBlocked: {
    metaTitle: "Not available in your region",
    title: "Souk is not available in your region",
    body: "Access from your current location is blocked by the operator of this marketplace.",
  },
};
type StaticPagesTexts = typeof en;
const fr: StaticPagesTexts = {
  lastUpdated: "Dernière mise à jour : {{date}}",
  onThisPage: "Sur cette page",
  ipBlocked: {
    metaTitle: "Non disponible dans votre région",
    title: "Souk n’est pas disponible dans votre région",
    body: "L’accès depuis votre position actuelle est bloqué par l’opérateur de cette place de marché.",
  },
};
const texts: FeatureTexts<StaticPagesTexts> = { en, fr };

export function useStaticPagesTexts() {
  return useFeatureTexts("staticPages", texts);
}
