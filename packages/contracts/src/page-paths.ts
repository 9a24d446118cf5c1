import { SUPPORTED_LOCALES } from "./constants.ts";

/**
 * Every screen's path, by name, without the locale prefix. Paths the spec shows are used as they
 * are; the others were chosen in the same style. The web app's route table says what each one
 * renders; the server answers 404 for a path that matches none of them.
 */
export const PAGE_PATHS = {
  home: "/",
  login: "/login",
  register: "/register",
  termsOfService: "/terms-of-service",
  privacyPolicy: "/privacy-policy",
  about: "/about",
  fees: "/fees",
  developers: "/developers",
  ipBlocked: "/ip-blocked",
  /** Ask for a password reset link by e-mail. */
  passwordForgot: "/password/forgot",
  /** The mailed link lands here: `?token=`. */
  passwordReset: "/password/reset",
  /** The mailed approval of a log-in from a new device lands here: `?token=&answer=`. */
  loginApproval: "/login/approve",

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
  /** The admins' dev mailbox: the held mail and text messages (`?mail=<id>` opens one mail). */
  adminMail: "/admin/mail",
  // The operator console (staff only; the area has its own navigation, docs/product.md#operator-console).
  /** Overview: the counts staff watch. */
  adminOverview: "/admin",
  /** Users: search by username, e-mail or id (?q=). */
  adminUsers: "/admin/users",
  /** One user: restrictions and roles. */
  adminUser: "/admin/users/:username",
  /** Offer moderation: the queue and every offer by moderation status (?status=&q=&page=N). */
  adminOffers: "/admin/offers",
  /** The audit log of staff actions (?q=&page=N). */
  adminAudit: "/admin/audit",
  /** The verification review queue: submissions waiting for a moderator (?status=). */
  adminVerifications: "/admin/verifications",
  /** One submission: its details, its documents and the decision. */
  adminVerification: "/admin/verifications/:id",
  /** One company application: its details, its documents and the decision. */
  adminCompanyApplication: "/admin/verifications/companies/:id",
  /** The chargeback queue: sellers' reports by state (?state=Pending|Dismissed|Confirmed|all&page=N). */
  adminChargebacks: "/admin/chargebacks",
  /** One chargeback report: its trade, its events and the decision. */
  adminChargeback: "/admin/chargebacks/:id",
  /** The site switches (admins): maintenance mode, admin alerts, feature flags. */
  adminSite: "/admin/site",
  /** Staff approvals (admins): held withdrawals and ledger corrections (?kind=&state=). */
  adminApprovals: "/admin/approvals",
  /** The ledger (admins): run ledger:verify and read each invariant's check. */
  adminLedger: "/admin/ledger",
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
  companyVerification: "/account/verification/company",
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

export type PageName = keyof typeof PAGE_PATHS;

/** Shapes of dynamic segments the route patterns cannot express: a segment that fails is a 404. */
export const PAGE_PARAM_PATTERNS: Partial<Record<PageName, Record<string, RegExp>>> = {
  tradingListing: { tradeSide: /^(buy|sell)-[a-z0-9]+(-[a-z0-9]+)*$/ },
  giftCardListing: { giftCardSide: /^(buy|sell)-giftcard(-for-[a-z0-9]+(-[a-z0-9]+)*)?$/ },
  calculator: { conversion: /^btc-to-[a-z]{2,10}$/i },
};

/** Whether the named page accepts these dynamic segments (see PAGE_PARAM_PATTERNS). */
export function acceptsPageParams(name: PageName, params: Readonly<Record<string, string | undefined>>): boolean {
  const patterns = PAGE_PARAM_PATTERNS[name];
  if (!patterns) return true;
  return Object.entries(patterns).every(([param, pattern]) => pattern.test(params[param] ?? ""));
}

interface PageMatch {
  name: PageName;
  params: Record<string, string>;
  staticSegments: number;
}

function matchPattern(name: PageName, segments: readonly string[]): PageMatch | null {
  const pattern = PAGE_PATHS[name].split("/").filter(Boolean);
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  let staticSegments = 0;
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index] ?? "";
    if (part.startsWith(":")) params[part.slice(1)] = segment;
    else if (part === segment) staticSegments += 1;
    else return null;
  }
  return { name, params, staticSegments };
}

/**
 * The page a pathname shows, or null when it shows the "not found" page. Like the web app's
 * router, the pattern with the most fixed segments wins and its segment checks then decide; a
 * locale prefix is read first (`/fr/...`), and `/en/...` (a redirect to the bare path) counts as
 * the page it leads to.
 */
export function pageOfPath(pathname: string): PageName | null {
  let segments = pathname.split("/").filter(Boolean).map(safeDecode);
  const first = segments[0];
  if (first !== undefined && (SUPPORTED_LOCALES as readonly string[]).includes(first)) segments = segments.slice(1);
  let best: PageMatch | null = null;
  for (const name of Object.keys(PAGE_PATHS) as PageName[]) {
    const match = matchPattern(name, segments);
    if (match && (!best || match.staticSegments > best.staticSegments)) best = match;
  }
  return best && acceptsPageParams(best.name, best.params) ? best.name : null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
