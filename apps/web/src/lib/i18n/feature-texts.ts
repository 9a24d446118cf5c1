import type { Locale } from "@souk/contracts";
import { useTranslation } from "react-i18next";

/**
 * A feature's own texts, in its own i18next namespace, so features never edit a shared
 * translation file. English is required and is the fallback; every other locale has the same
 * shape, so a missing text fails the type check.
 */
export type FeatureTexts<T> = { en: T } & { [L in Exclude<Locale, "en">]: T };

export function useFeatureTexts<T extends object>(namespace: string, texts: FeatureTexts<T>) {
  const { i18n } = useTranslation();
  // Bundles are added before the namespaced hook reads them, once per locale.
  for (const locale of Object.keys(texts) as Locale[]) {
    if (!i18n.hasResourceBundle(locale, namespace))
      i18n.addResourceBundle(locale, namespace, texts[locale], true, true);
  }
  return useTranslation(namespace);
}
