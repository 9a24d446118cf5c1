import { acceptsPageParams, SUPPORTED_LOCALES } from "@souk/contracts";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { matchRoutes, Navigate, type RouteObject, useLocation, useParams, useRoutes } from "react-router";
import { defaultLocale, stripDefaultLocalePrefix } from "../lib/locale-routing.ts";
import { type PathName, paths } from "../lib/paths.ts";
import { NotFoundPage } from "./pages/not-found-page.tsx";
import { AppLayout } from "./shell/app-layout.tsx";
import type { StaffPageName } from "./staff-pages.ts";

/**
 * Every screen of both specs, in one table. A screen with a `page` renders it (loaded lazily, so
 * the first load only carries the shell and the page at hand); a screen without one shows the
 * honest "Coming soon" page naming it. A feature that builds a screen adds its `page` here.
 */
interface ScreenPageProps {
  screen: PathName;
}

type PageModule = { default: ComponentType<ScreenPageProps> };

export interface ScreenRoute {
  name: PathName;
  page?: () => Promise<PageModule>;
}

/** What every screen route carries in its `handle`: the screen's name from lib/paths.ts. */
export interface ScreenHandle {
  screen: PathName;
}

function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType<ScreenPageProps>) {
  return async (): Promise<PageModule> => ({ default: pick(await load()) });
}

const comingSoonPage = lazyPage(
  () => import("./pages/coming-soon-page.tsx"),
  (module) => module.ComingSoonPage,
);

// Pages that serve more than one screen: one `import()` each, so one preload list each.
const loadPasswordRecoveryPages = () => import("../features/auth/pages/password-recovery-pages.tsx");
const loadBankAccountFormPage = () => import("../features/bank-accounts/pages/bank-account-form-page.tsx");
const loadContactsPages = () => import("../features/contacts/pages/contacts-pages.tsx");
const loadDashboardPages = () => import("../features/dashboard/pages/dashboard-pages.tsx");
const loadOfferWizardPage = () => import("../features/offer-wizard/pages/offer-wizard-page.tsx");
const loadMarketplacePage = () => import("./pages/marketplace-page.tsx");

/**
 * A staff page (the operator console, the moderators' disputes, the deposits and mail tools): the
 * table of their loaders is a chunk of its own, fetched with the first staff page opened, so a
 * visitor's first load does not carry the preload lists of pages only staff can open.
 */
function staffPage(name: StaffPageName): () => Promise<PageModule> {
  return async () => ({ default: await (await import("./staff-pages.ts")).staffPages[name]() });
}

export const screenRoutes: readonly ScreenRoute[] = [
  // Built.
  {
    name: "home",
    page: lazyPage(
      () => import("../features/landing/pages/home-page.tsx"),
      (m) => m.HomePage,
    ),
  },
  {
    name: "login",
    page: lazyPage(
      () => import("../features/auth/pages/login-page.tsx"),
      (m) => m.LoginPage,
    ),
  },
  {
    name: "register",
    page: lazyPage(
      () => import("../features/auth/pages/register-page.tsx"),
      (m) => m.RegisterPage,
    ),
  },
  {
    name: "passwordForgot",
    page: lazyPage(loadPasswordRecoveryPages, (m) => m.ForgotPasswordPage),
  },
  {
    name: "passwordReset",
    page: lazyPage(loadPasswordRecoveryPages, (m) => m.ResetPasswordPage),
  },
  {
    name: "loginApproval",
    page: lazyPage(
      () => import("../features/auth/pages/login-approval-page.tsx"),
      (m) => m.LoginApprovalPage,
    ),
  },
  {
    name: "termsOfService",
    page: lazyPage(
      () => import("../features/static-pages/pages/terms-page.tsx"),
      (m) => m.TermsPage,
    ),
  },
  {
    name: "privacyPolicy",
    page: lazyPage(
      () => import("../features/static-pages/pages/privacy-page.tsx"),
      (m) => m.PrivacyPage,
    ),
  },
  {
    name: "about",
    page: lazyPage(
      () => import("../features/static-pages/pages/about-page.tsx"),
      (m) => m.AboutPage,
    ),
  },
  {
    name: "fees",
    page: lazyPage(
      () => import("../features/static-pages/pages/fees-page.tsx"),
      (m) => m.FeesPage,
    ),
  },
  {
    name: "developers",
    page: lazyPage(
      () => import("../features/static-pages/pages/developers-page.tsx"),
      (m) => m.DevelopersPage,
    ),
  },
  {
    name: "ipBlocked",
    page: lazyPage(
      () => import("../features/static-pages/pages/ip-blocked-page.tsx"),
      (m) => m.IpBlockedPage,
    ),
  },

  // Marketplace, offers and trades (docs/product.md#routes-and-locales).
  {
    name: "marketplaceBuy",
    page: lazyPage(loadMarketplacePage, (m) => m.MarketplacePage),
  },
  {
    name: "marketplaceSell",
    page: lazyPage(loadMarketplacePage, (m) => m.MarketplacePage),
  },
  {
    name: "tradingListing",
    page: lazyPage(loadMarketplacePage, (m) => m.MarketplacePage),
  },
  {
    name: "giftCardListing",
    page: lazyPage(loadMarketplacePage, (m) => m.MarketplacePage),
  },
  { name: "giftCardsLanding" },
  {
    name: "buyBitcoinLanding",
    page: lazyPage(loadMarketplacePage, (m) => m.MarketplacePage),
  },
  {
    name: "viewOffer",
    page: lazyPage(
      () => import("./pages/offer-page.tsx"),
      (m) => m.OfferPage,
    ),
  },
  {
    name: "offerCreate",
    page: lazyPage(loadOfferWizardPage, (m) => m.OfferWizardPage),
  },
  {
    name: "offerEdit",
    page: lazyPage(loadOfferWizardPage, (m) => m.OfferWizardPage),
  },
  {
    name: "offerLiteEdit",
    page: lazyPage(
      () => import("../features/offer-wizard/pages/offer-lite-edit-page.tsx"),
      (m) => m.OfferLiteEditPage,
    ),
  },
  { name: "createSpecialOffer" },
  {
    name: "viewTrade",
    page: lazyPage(
      () => import("./pages/trade-page.tsx"),
      (m) => m.ViewTradePage,
    ),
  },
  {
    name: "publicReceipt",
    page: lazyPage(
      () => import("../features/trade/pages/receipt-page.tsx"),
      (m) => m.ReceiptPage,
    ),
  },
  {
    name: "calculator",
    page: lazyPage(
      () => import("../features/converter/pages/converter-page.tsx"),
      (m) => m.ConverterPage,
    ),
  },
  {
    name: "currencies",
    page: lazyPage(
      () => import("../features/converter/pages/currencies-page.tsx"),
      (m) => m.CurrenciesPage,
    ),
  },
  { name: "bazaar" },
  { name: "bazaarCreate" },
  { name: "bazaarList" },
  { name: "bazaarUserList" },
  {
    name: "messenger",
    page: lazyPage(
      () => import("../features/messenger/pages/messenger-page.tsx"),
      (m) => m.MessengerPage,
    ),
  },
  { name: "support" },

  // Wallet and bank accounts.
  {
    name: "wallet",
    page: lazyPage(
      () => import("../features/wallet/pages/wallet-page.tsx"),
      (m) => m.WalletPage,
    ),
  },
  {
    name: "walletSend",
    page: lazyPage(
      () => import("../features/wallet/pages/wallet-send-page.tsx"),
      (m) => m.WalletSendPage,
    ),
  },
  {
    name: "walletLanding",
    page: lazyPage(
      () => import("../features/wallet/pages/wallet-landing-page.tsx"),
      (m) => m.WalletLandingPage,
    ),
  },
  { name: "adminWalletDeposits", page: staffPage("adminWalletDeposits") },
  { name: "adminMail", page: staffPage("adminMail") },
  // The operator console.
  { name: "adminOverview", page: staffPage("adminOverview") },
  { name: "adminUsers", page: staffPage("adminUsers") },
  { name: "adminUser", page: staffPage("adminUser") },
  { name: "adminOffers", page: staffPage("adminOffers") },
  { name: "adminAudit", page: staffPage("adminAudit") },
  { name: "adminVerifications", page: staffPage("adminVerifications") },
  { name: "adminVerification", page: staffPage("adminVerification") },
  { name: "adminCompanyApplication", page: staffPage("adminCompanyApplication") },
  { name: "adminChargebacks", page: staffPage("adminChargebacks") },
  { name: "adminChargeback", page: staffPage("adminChargeback") },
  { name: "adminSite", page: staffPage("adminSite") },
  { name: "adminApprovals", page: staffPage("adminApprovals") },
  { name: "adminLedger", page: staffPage("adminLedger") },
  {
    name: "bankAccounts",
    page: lazyPage(
      () => import("../features/bank-accounts/pages/bank-accounts-page.tsx"),
      (m) => m.BankAccountsPage,
    ),
  },
  {
    name: "bankAccountCreate",
    page: lazyPage(loadBankAccountFormPage, (m) => m.BankAccountCreatePage),
  },
  {
    name: "bankAccountEdit",
    page: lazyPage(loadBankAccountFormPage, (m) => m.BankAccountEditPage),
  },

  // Moderation.
  { name: "moderationDisputes", page: staffPage("moderationDisputes") },

  // Dashboard.
  {
    name: "dashboard",
    page: lazyPage(
      () => import("./pages/dashboard-page.tsx"),
      (m) => m.DashboardPage,
    ),
  },
  {
    name: "myOffers",
    page: lazyPage(
      () => import("../features/my-offers/pages/my-offers-page.tsx"),
      (m) => m.MyOffersPage,
    ),
  },
  {
    name: "tradeHistory",
    page: lazyPage(
      () => import("../features/trade-history/pages/trade-history-page.tsx"),
      (m) => m.TradeHistoryPage,
    ),
  },
  {
    name: "recentTrades",
    page: lazyPage(loadDashboardPages, (m) => m.RecentTradesPage),
  },
  {
    name: "tradeStatistics",
    page: lazyPage(loadDashboardPages, (m) => m.TradeStatisticsPage),
  },
  {
    name: "trustedUsers",
    page: lazyPage(loadContactsPages, (m) => m.TrustedUsersPage),
  },
  {
    name: "blockedUsers",
    page: lazyPage(loadContactsPages, (m) => m.BlockedUsersPage),
  },
  {
    name: "favoriteOffers",
    page: lazyPage(
      () => import("./pages/favorite-offers-page.tsx"),
      (m) => m.FavoriteOffersPage,
    ),
  },

  // Account (docs/product.md#routes-and-locales).
  {
    name: "userAccount",
    page: lazyPage(
      () => import("./pages/user-profile-page.tsx"),
      (m) => m.UserProfilePage,
    ),
  },
  {
    name: "kycVerification",
    page: lazyPage(
      () => import("./pages/account-verification-page.tsx"),
      (m) => m.AccountVerificationPage,
    ),
  },
  {
    name: "companyVerification",
    page: lazyPage(
      () => import("../features/corporate-account/pages/company-verification-page.tsx"),
      (m) => m.CompanyVerificationPage,
    ),
  },
  {
    name: "accountSettings",
    page: lazyPage(
      () => import("../features/account-settings/pages/account-settings-page.tsx"),
      (m) => m.AccountSettingsPage,
    ),
  },
  {
    name: "accountSettingsNotifications",
    page: lazyPage(
      () => import("../features/notifications/pages/notification-settings-page.tsx"),
      (m) => m.NotificationSettingsPage,
    ),
  },
  {
    name: "localizationSettings",
    page: lazyPage(
      () => import("../features/account-settings/pages/localization-settings-page.tsx"),
      (m) => m.LocalizationSettingsPage,
    ),
  },
  { name: "paymentSettings" },
  {
    name: "security",
    page: lazyPage(
      () => import("../features/security/pages/security-page.tsx"),
      (m) => m.SecurityPage,
    ),
  },
  {
    name: "devices",
    page: lazyPage(
      () => import("../features/devices/pages/devices-page.tsx"),
      (m) => m.DevicesPage,
    ),
  },
  {
    name: "webhooks",
    page: lazyPage(
      () => import("../features/webhooks/pages/webhooks-page.tsx"),
      (m) => m.WebhooksPage,
    ),
  },
  {
    name: "apiKeys",
    page: lazyPage(
      () => import("../features/api-keys/pages/api-keys-page.tsx"),
      (m) => m.ApiKeysPage,
    ),
  },
  { name: "partnerProgramSettings" },
  {
    name: "notifications",
    page: lazyPage(
      () => import("../features/notifications/pages/notifications-page.tsx"),
      (m) => m.NotificationsPage,
    ),
  },
  { name: "referral" },
  { name: "assignAmbassador" },

  // Landing and static pages.
  { name: "partnerProgram" },
  { name: "partnerProgramTerms" },
  { name: "vendorTerms" },
  { name: "refugees" },
  { name: "blockedCountries" },
  { name: "spotTrading" },
  { name: "spotTradingTerminal" },
  { name: "giftCardStore" },
  { name: "buyDiscountedGiftCards" },
  { name: "otcDesk" },
  { name: "buyCryptoInstantly" },
  { name: "vietnam" },
  { name: "buyVisaCard" },
  { name: "swap" },
  { name: "convert" },
  { name: "offRamp" },
  { name: "lightning" },
  { name: "mobileTopUp" },
  { name: "virtualCards" },
  { name: "ceoDashboard" },
];

type LazyPage = LazyExoticComponent<ComponentType<ScreenPageProps>>;

/** One lazy component per screen, made once: React keeps a lazy component's loaded state on it. */
const lazyPages = new Map<PathName, LazyPage>(
  screenRoutes.map((route) => [route.name, lazy(route.page ?? comingSoonPage)]),
);

/** Pages whose code was loaded before the first render (preloadPageOf): drawn at once, with no Suspense pass. */
const preloadedPages = new Map<PathName, ComponentType<ScreenPageProps>>();

function ScreenElement({ route }: { route: ScreenRoute }) {
  const params = useParams();
  // Dynamic segments of the wrong shape are a 404 here as on the server (PAGE_PARAM_PATTERNS).
  if (!acceptsPageParams(route.name, params)) return <NotFoundPage />;
  const Page = preloadedPages.get(route.name) ?? lazyPages.get(route.name);
  return Page ? <Page screen={route.name} /> : <NotFoundPage />;
}

function toRouteObject(route: ScreenRoute): RouteObject {
  const relativePath = paths[route.name].slice(1);
  const handle: ScreenHandle = { screen: route.name };
  const element = <ScreenElement route={route} />;
  return relativePath === "" ? { index: true, handle, element } : { path: relativePath, handle, element };
}

/** `/en/...` redirects to the same page without the prefix: the default locale is never in URLs. */
function DefaultLocaleRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`${stripDefaultLocalePrefix(pathname) ?? "/"}${search}${hash}`} replace />;
}

/**
 * One copy of the screens per locale: at the root for the default locale, under `/{locale}`
 * for the others. The shell (navbar, banners, footer) wraps them all; page errors render inside it.
 */
export function createAppRoutes(): RouteObject[] {
  const localeTrees: RouteObject[] = SUPPORTED_LOCALES.map((locale) => ({
    path: locale === defaultLocale ? "/" : `/${locale}`,
    children: [...screenRoutes.map(toRouteObject), { path: "*", element: <NotFoundPage /> }],
  }));
  return [
    {
      element: <AppLayout />,
      children: [
        { path: `/${defaultLocale}`, element: <DefaultLocaleRedirect /> },
        { path: `/${defaultLocale}/*`, element: <DefaultLocaleRedirect /> },
        ...localeTrees,
      ],
    },
  ];
}

const appRoutes = createAppRoutes();

/**
 * Loads the code of the page at `pathname` before the first render. A server-rendered page is
 * then hydrated in one pass, as the server drew it, instead of staying dehydrated (and ignoring
 * clicks) until its chunk arrives; the server calls it too, so both render the same tree.
 */
export async function preloadPageOf(pathname: string): Promise<void> {
  const screen = (matchRoutes(appRoutes, pathname)?.at(-1)?.route.handle as ScreenHandle | undefined)?.screen;
  const route = screenRoutes.find((candidate) => candidate.name === screen);
  if (!route?.page) return;
  preloadedPages.set(route.name, (await route.page()).default);
}

export function AppRoutes() {
  return useRoutes(appRoutes);
}
