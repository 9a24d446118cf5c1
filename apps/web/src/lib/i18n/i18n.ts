import type { Locale } from "@souk/contracts";
import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLocale } from "../locale-routing.ts";
import { en, type Translation } from "./en.ts";

/**
 * English ships with the first load (it is also the fallback of any missing text); every other
 * language is a small chunk fetched when a page in that language is first shown.
 */
const loaders: Record<Exclude<Locale, "en">, () => Promise<Translation>> = {
  fr: () => import("./fr.ts").then((module) => module.fr),
};

async function loadLocale(instance: I18n, locale: Locale): Promise<void> {
  if (locale === "en" || instance.hasResourceBundle(locale, "translation")) return;
  instance.addResourceBundle(locale, "translation", await loaders[locale](), true, true);
}

/** Creates the i18n instance with `locale`'s texts loaded and active. */
export async function createI18n(locale: Locale): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: defaultLocale,
    fallbackLng: defaultLocale,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  await switchLanguage(instance, locale);
  return instance;
}

export async function switchLanguage(instance: I18n, locale: Locale): Promise<void> {
  await loadLocale(instance, locale);
  if (instance.language !== locale) await instance.changeLanguage(locale);
}
