import type { TFunction } from "i18next";
import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";
import { type WalletTexts, walletTextsEn } from "./wallet-texts.en.ts";
import { walletTextsFr } from "./wallet-texts.fr.ts";

export const WALLET_NAMESPACE = "wallet";

const walletTexts: FeatureTexts<WalletTexts> = { en: walletTextsEn, fr: walletTextsFr };

/** The wallet's texts, in its own namespace; `t` falls back to the app's texts for shared keys. */
export function useWalletTexts() {
  return useFeatureTexts(WALLET_NAMESPACE, walletTexts);
}

/** Namespaces to look a message key up in: the wallet's first, then the app's shared texts. */
const lookupNamespaces = [WALLET_NAMESPACE, "translation"];

/**
 * A validation message key (from a form schema or from the server's details) as a sentence. A
 * key nobody translated reads as the generic message; a server sentence is shown as it is.
 */
export function translateWalletMessage(t: TFunction, key: string | undefined, values: Record<string, unknown> = {}) {
  const generic = t("validation.generic", { ns: WALLET_NAMESPACE });
  if (!key) return generic;
  const looksLikeKey = /^[a-z0-9_.]+$/.test(key);
  return t(`validation.${key}`, { ns: lookupNamespaces, ...values, defaultValue: looksLikeKey ? generic : key });
}

/** The sentence for an error code, from the wallet's texts, else the app's, else generic. */
export function translateWalletErrorCode(t: TFunction, code: string | undefined): string {
  const generic = t("errors.generic", { ns: "translation" });
  if (!code) return generic;
  return t(`errors.codes.${code}`, { ns: lookupNamespaces, defaultValue: generic });
}
