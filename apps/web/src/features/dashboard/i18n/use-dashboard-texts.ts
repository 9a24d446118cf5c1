import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";
import { type DashboardTexts, dashboardTextsEn } from "./dashboard-texts.en.ts";
import { dashboardTextsFr } from "./dashboard-texts.fr.ts";

const texts: FeatureTexts<DashboardTexts> = { en: dashboardTextsEn, fr: dashboardTextsFr };

export function useDashboardTexts() {
  return useFeatureTexts("dashboard", texts);
}
