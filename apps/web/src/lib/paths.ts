import type { Locale } from "@souk/contracts";
import { generatePath } from "react-router";
import { localizePath } from "./locale-routing.ts";

/**
 * Every screen's path, by name, without the locale prefix. Paths the spec shows are used as they
 * are; the others were chosen in the same style. The route table (app/routes.tsx) says what each
 * one renders; features link to screens through these names.
 */
export const paths = {
  home: "/",
  login: "/login",
  register: "/register",
  termsOfService: "/terms-of-service",
  privacyPolicy: "/privacy-policy",
  about: "/about",
  fees: "/fees",
  developers: "/developers",
  ipBlocked: "/ip-blocked",

  // Marketplace and offers (docs/product.md#routes-and-locales).
  marketplaceBuy: "/buy",
  marketplaceSell: "/sell",
  /** `/trading/{buy|sell}-{crypto}/{paymentMethod}`: the first segment is checked by the route. */
  tradingListing: "/trading/:tradeSide/:paymentMethod",
  /** `/{buy|sell}-giftcard[-for-{crypto}]/{paymentMethod}`: the first segment is checked by the route. */
  giftCardListing: "/:giftCardSide/:paymentMethod",
  giftCardsLanding: "/gift-cards",
  buyBitcoinLanding: "/buy/bitcoin/:slug",
  viewOffer: "/offer/:id",
  offerCreate: "/offer-manager/edit",
  offerEdit: "/offer-manager/edit/:id",
  offerLiteEdit: "/offer-manager/lite/edit/:id",
  createSpecialOffer: "/offer-manager/special-offer",
  viewTrade: "/trade/:id",
  publicReceipt: "/receipt/:id",
  /** `/calculator/btc-to-{currencyCode}`: the segment is checked by the route. */
  calculator: "/calculator/:conversion",
  currencies: "/currencies",
  bazaar: "/bazaar",
  bazaarCreate: "/bazaar/create",
  bazaarList: "/bazaar/:category/:subCategory",
  bazaarUserList: "/bazaar/:username/:category/:subCategory",
  messenger: "/messenger",
  support: "/support",

  // Wallet and money.
  wallet: "/wallet",
  walletSend: "/send",
  walletLanding: "/crypto-wallet",
  /** Admin screen of the dev chain: record deposits, raise confirmations, broadcast withdrawals. */
  adminWalletDeposits: "/admin/wallet/deposits",
  bankAccounts: "/account/bank-accounts",
  bankAccountCreate: "/account/bank-accounts/new",
  bankAccountEdit: "/account/bank-accounts/:id/edit",

  // Moderation (staff only; the spec shows no path for it, so it follows the admin screens' style).
  /** Every dispute for moderators, supermods and admins; ?status=open|appealed|resolved&page=N. */
  moderationDisputes: "/moderation/disputes",

  // Dashboard and its sections.
  dashboard: "/dashboard",
  myOffers: "/dashboard/my-offers",
  tradeHistory: "/dashboard/trade-history",
  recentTrades: "/dashboard/recent-trades",
  tradeStatistics: "/dashboard/trade-statistics",
  trustedUsers: "/dashboard/trusted-users",
  blockedUsers: "/dashboard/blocked-users",
  favoriteOffers: "/dashboard/favorite-offers",

  // Account (docs/product.md#routes-and-locales).
  userAccount: "/user/:username",
  kycVerification: "/account/verification",
  accountSettings: "/account/settings",
  accountSettingsNotifications: "/account/settings/notifications",
  localizationSettings: "/account/settings/localization",
  paymentSettings: "/account/payment-settings",
  security: "/account/security",
  devices: "/account/devices",
  webhooks: "/account/webhooks",
  apiKeys: "/account/api-keys",
  partnerProgramSettings: "/account/partner-program",
  notifications: "/notifications",
  referral: "/r/:code",
  assignAmbassador: "/assign-ambassador/:id",

  // Landing and static pages.
  partnerProgram: "/partner-program",
  partnerProgramTerms: "/partner-program/terms",
  vendorTerms: "/vendor-terms",
  refugees: "/refugees",
  blockedCountries: "/blocked-countries",
  spotTrading: "/spot-trading",
  spotTradingTerminal: "/spot-trading/terminal",
  giftCardStore: "/gift-card-store",
  buyDiscountedGiftCards: "/buy-discounted-gift-cards",
  otcDesk: "/otc-desk",
  buyCryptoInstantly: "/buy-crypto-instantly",
  vietnam: "/vietnam",
  buyVisaCard: "/buy-visa-card",
  swap: "/swap",
  convert: "/convert",
  offRamp: "/off-ramp",
  lightning: "/lightning",
  mobileTopUp: "/mobile-top-up",
  virtualCards: "/virtual-cards",
  ceoDashboard: "/ceo-dashboard",
} as const;

export type PathName = keyof typeof paths;

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
