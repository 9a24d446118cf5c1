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

/** The path the server could not prepare (it answered 500), or null. */
let serverErrorPath: string | null = null;

export function setAppConfig(config: AppConfig, flags: Record<string, boolean>): void {
  appConfig = config;
  featureFlags = flags;
}

/** Remembers that the server answered this path with its error page (page data `serverError`). */
export function markServerErrorPath(pathname: string): void {
  serverErrorPath = pathname;
}

/** Whether the app should show its error page at this path: the server said so when it sent it. */
export function isServerErrorPath(pathname: string): boolean {
  return serverErrorPath === pathname;
}

export function getAppConfig(): AppConfig {
  return appConfig;
}

export function isFeatureEnabled(flag: FeatureFlag): boolean {
  return featureFlags[flag] === true;
}
