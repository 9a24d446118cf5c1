import {
  DEFAULT_FIAT_CURRENCY_CODE,
  DEFAULT_LOCALE,
  type FeatureFlag,
  type PageData,
  SUPPORTED_LOCALES,
} from "@souk/contracts";

/** Configuration and feature flags from page data; read-only once the app has started. */
export type AppConfig = PageData["config"];

export const fallbackAppConfig: AppConfig = {
  environment: "local",
  defaultLocale: DEFAULT_LOCALE,
  locales: [...SUPPORTED_LOCALES],
  defaultFiatCurrencyCode: DEFAULT_FIAT_CURRENCY_CODE,
  version: "0.0.0",
};

let appConfig: AppConfig = fallbackAppConfig;
let featureFlags: Record<string, boolean> = {};

export function setAppConfig(config: AppConfig, flags: Record<string, boolean>): void {
  appConfig = config;
  featureFlags = flags;
}

export function getAppConfig(): AppConfig {
  return appConfig;
}

export function isFeatureEnabled(flag: FeatureFlag): boolean {
  return featureFlags[flag] === true;
}
