import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { translateErrorCode } from "../../../lib/form-errors.ts";
import { useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";
import { failureKeysOf } from "../model/error-texts.ts";
import { myOffersEn } from "./my-offers-en.ts";
import { myOffersFr } from "./my-offers-fr.ts";

export const MY_OFFERS_NAMESPACE = "myOffers";

export function useMyOffersTexts() {
  return useFeatureTexts(MY_OFFERS_NAMESPACE, { en: myOffersEn, fr: myOffersFr });
}

/** Sentences for message keys and API failures: this feature's texts first, the app's after. */
export function useMyOffersMessages() {
  const { t, i18n } = useMyOffersTexts();
  const { t: appT } = useTranslation();
  const keyText = useCallback(
    (key: string): string => {
      if (i18n.exists(`messages.${key}`, { ns: MY_OFFERS_NAMESPACE }))
        return t(`messages.${key}` as "messages.generic");
      if (i18n.exists(`errors.codes.${key}`)) return appT(`errors.codes.${key}`);
      if (i18n.exists(`validation.${key}`)) return appT(`validation.${key}`);
      return t("messages.generic");
    },
    [t, appT, i18n],
  );
  /** Every sentence a failure deserves, for the per-offer error lists of the spec. */
  const failureTexts = useCallback(
    (error: unknown, ignoredFields: readonly string[] = []): string[] => {
      const { keys } = failureKeysOf(error, ignoredFields);
      if (keys.length === 0) return [translateErrorCode(appT, error)];
      return [...new Set(keys.map(keyText))];
    },
    [keyText, appT],
  );
  return { keyText, failureTexts };
}
