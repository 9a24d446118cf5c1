import { type Locale, PAGE_PATHS, type PageName } from "@souk/contracts";
import { generatePath } from "react-router";
import { localizePath } from "./locale-routing.ts";

/** Every screen's path, by name (shared with the server, which answers 404 for any other path). */
export const paths = PAGE_PATHS;

export type PathName = PageName;

/** The route names of the server-provided table (docs/product.md#routes-and-locales). */
export const specRouteNames = {
  "web.wallet.index": "wallet",
  kycVerification: "kycVerification",
  login: "login",
  userAccount: "userAccount",
  "userDashboard.tradeHistory": "tradeHistory",
  accountSettingsNotifications: "accountSettingsNotifications",
  "traderSettings.partnerProgram": "partnerProgramSettings",
  viewTrade: "viewTrade",
  createSpecialOffer: "createSpecialOffer",
} as const satisfies Record<string, PathName>;

/** Builds the localized URL of a named screen. */
export function pathTo(
  name: PathName,
  locale: Locale,
  params: Record<string, string> = {},
  query?: Record<string, string>,
): string {
  const pattern: string = paths[name];
  const path = generatePath(pattern, params);
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : "";
  return localizePath(`${path}${search}`, locale);
}
