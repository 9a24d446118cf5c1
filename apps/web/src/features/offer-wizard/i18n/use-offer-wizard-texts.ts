import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-client.ts";
import { translateErrorCode, translateValidationMessage } from "../../../lib/form-errors.ts";
import { useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";
import { offerWizardEn } from "./offer-wizard-en.ts";
import { offerWizardFr } from "./offer-wizard-fr.ts";

export const OFFER_WIZARD_NAMESPACE = "offerWizard";

export function useOfferWizardTexts() {
  return useFeatureTexts(OFFER_WIZARD_NAMESPACE, { en: offerWizardEn, fr: offerWizardFr });
}

/**
 * Turns a message key (from the form's rules or the server's field details) or an API error into
 * a sentence: the wizard's own texts first, the app's shared ones after.
 */
export function useWizardErrorText() {
  const { t, i18n } = useOfferWizardTexts();
  const { t: appT } = useTranslation();
  const messageText = useCallback(
    (key: string | undefined): string => {
      if (key && i18n.exists(`errors.${key}`, { ns: OFFER_WIZARD_NAMESPACE })) return t(`errors.${key}`);
      return translateValidationMessage(appT, key);
    },
    [t, appT, i18n],
  );
  const errorText = useCallback(
    (error: unknown): string => {
      if (isApiError(error) && i18n.exists(`errors.${error.code}`, { ns: OFFER_WIZARD_NAMESPACE })) {
        return t(`errors.${error.code}`);
      }
      return translateErrorCode(appT, error);
    },
    [t, appT, i18n],
  );
  return { messageText, errorText };
}
