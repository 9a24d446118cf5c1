import { acceptsPageParams, SUPPORTED_LOCALES } from "@souk/contracts";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { matchRoutes, Navigate, type RouteObject, useLocation, useParams, useRoutes } from "react-router";
import { defaultLocale, stripDefaultLocalePrefix } from "../lib/locale-routing.ts";
import { type PathName, paths } from "../lib/paths.ts";
import { NotFoundPage } from "./pages/not-found-page.tsx";
import { AppLayout } from "./shell/app-layout.tsx";
import type { SignedInPageName } from "./signed-in-pages.ts";

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
const loadMarketplacePage = () => import("./pages/marketplace-page.tsx");

/**
 * A page only a signed-in person (or staff) can use: the table of their loaders is a chunk of its
 * own (signed-in-pages.ts), so a visitor's first load does not carry those pages' preload lists.
 * The server links that chunk in the head of a signed-in person's pages, so it is fetched beside
 * the entry chunk rather than after it (docs/decisions/151-lighter-first-load-and-kept-pages.md).
 */
function signedInPage(name: SignedInPageName): () => Promise<PageModule> {
  return async () => ({ default: await (await import("./signed-in-pages.ts")).signedInPages[name]() });
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
  { name: "offerCreate", page: signedInPage("offerCreate") },
  { name: "offerEdit", page: signedInPage("offerEdit") },
  { name: "offerLiteEdit", page: signedInPage("offerLiteEdit") },
  { name: "createSpecialOffer" },
  { name: "viewTrade", page: signedInPage("viewTrade") },
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
  { name: "messenger", page: signedInPage("messenger") },
  { name: "support" },

  // Wallet and bank accounts.
  { name: "wallet", page: signedInPage("wallet") },
  { name: "walletSend", page: signedInPage("walletSend") },
  {
    name: "walletLanding",
    page: lazyPage(
      () => import("../features/wallet/pages/wallet-landing-page.tsx"),
      (m) => m.WalletLandingPage,
    ),
  },
  { name: "adminWalletDeposits", page: signedInPage("adminWalletDeposits") },
  { name: "adminMail", page: signedInPage("adminMail") },
  // The operator console.
  { name: "adminOverview", page: signedInPage("adminOverview") },
  { name: "adminUsers", page: signedInPage("adminUsers") },
  { name: "adminUser", page: signedInPage("adminUser") },
  { name: "adminOffers", page: signedInPage("adminOffers") },
  { name: "adminAudit", page: signedInPage("adminAudit") },
  { name: "adminVerifications", page: signedInPage("adminVerifications") },
  { name: "adminVerification", page: signedInPage("adminVerification") },
  { name: "adminCompanyApplication", page: signedInPage("adminCompanyApplication") },
  { name: "adminChargebacks", page: signedInPage("adminChargebacks") },
  { name: "adminChargeback", page: signedInPage("adminChargeback") },
  { name: "adminSite", page: signedInPage("adminSite") },
  { name: "adminApprovals", page: signedInPage("adminApprovals") },
  { name: "adminLedger", page: signedInPage("adminLedger") },
  { name: "bankAccounts", page: signedInPage("bankAccounts") },
  { name: "bankAccountCreate", page: signedInPage("bankAccountCreate") },
  { name: "bankAccountEdit", page: signedInPage("bankAccountEdit") },

  // Moderation.
  { name: "moderationDisputes", page: signedInPage("moderationDisputes") },

  // Dashboard.
  { name: "dashboard", page: signedInPage("dashboard") },
  { name: "myOffers", page: signedInPage("myOffers") },
  { name: "tradeHistory", page: signedInPage("tradeHistory") },
  { name: "recentTrades", page: signedInPage("recentTrades") },
  { name: "tradeStatistics", page: signedInPage("tradeStatistics") },
  { name: "trustedUsers", page: signedInPage("trustedUsers") },
  { name: "blockedUsers", page: signedInPage("blockedUsers") },
  { name: "favoriteOffers", page: signedInPage("favoriteOffers") },

  // Account (docs/product.md#routes-and-locales).
  {
    name: "userAccount",
    page: lazyPage(
      () => import("./pages/user-profile-page.tsx"),
      (m) => m.UserProfilePage,
    ),
  },
  { name: "kycVerification", page: signedInPage("kycVerification") },
  { name: "companyVerification", page: signedInPage("companyVerification") },
  { name: "accountSettings", page: signedInPage("accountSettings") },
  { name: "accountSettingsNotifications", page: signedInPage("accountSettingsNotifications") },
  { name: "localizationSettings", page: signedInPage("localizationSettings") },
  { name: "paymentSettings" },
  { name: "security", page: signedInPage("security") },
  { name: "devices", page: signedInPage("devices") },
  { name: "webhooks", page: signedInPage("webhooks") },
  { name: "apiKeys", page: signedInPage("apiKeys") },
  { name: "partnerProgramSettings" },
  { name: "notifications", page: signedInPage("notifications") },
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
