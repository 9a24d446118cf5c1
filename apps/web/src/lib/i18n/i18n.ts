import type { Locale } from "@souk/contracts";
import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLocale } from "../locale-routing.ts";
import { en } from "./en.ts";
import { fr } from "./fr.ts";

export const translations = { en, fr } satisfies Record<Locale, typeof fr>;

/**
 * Both locales ship with the first load: together they are a few kilobytes, and switching
 * language then never waits for the network.
 */
export function createI18n(locale: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, fr: { translation: fr } },
    lng: locale,
    fallbackLng: defaultLocale,
    supportedLngs: Object.keys(translations),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}
