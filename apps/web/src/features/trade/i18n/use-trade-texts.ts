import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";
import { type TradeTexts, tradeTextsEn } from "./trade-texts.en.ts";
import { tradeTextsFr } from "./trade-texts.fr.ts";

const tradeTexts: FeatureTexts<TradeTexts> = { en: tradeTextsEn, fr: tradeTextsFr };

export function useTradeTexts() {
  return useFeatureTexts("trade", tradeTexts);
}
