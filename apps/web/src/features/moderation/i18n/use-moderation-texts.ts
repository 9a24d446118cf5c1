import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";
import { type ModerationTexts, moderationTextsEn } from "./moderation-texts.en.ts";
import { moderationTextsFr } from "./moderation-texts.fr.ts";

const moderationTexts: FeatureTexts<ModerationTexts> = { en: moderationTextsEn, fr: moderationTextsFr };

export function useModerationTexts() {
  return useFeatureTexts("moderation", moderationTexts);
}
