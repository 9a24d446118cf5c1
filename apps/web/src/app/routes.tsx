import { SUPPORTED_LOCALES } from "@souk/contracts";
import type { ComponentType } from "react";
import { data, type LoaderFunctionArgs, type Params, type RouteObject, redirect } from "react-router";
import { defaultLocale, stripDefaultLocalePrefix } from "../lib/locale-routing.ts";
import { type PathName, paths } from "../lib/paths.ts";
import { HydrateFallback } from "./pages/hydrate-fallback.tsx";
import { RootErrorPage, RouteErrorPage } from "./pages/error-pages.tsx";
import type { ScreenHandle } from "./route-handle.ts";
import { AppLayout } from "./shell/app-layout.tsx";

/**
 * Every screen of both specs, in one table. A screen with a `page` renders it (loaded lazily, so
 * the first load only carries the shell and the page at hand); a screen without one shows the
 * honest "Coming soon" page naming it. A feature that builds a screen adds its `page` here.
 */
export interface ScreenRoute {
  name: PathName;
  page?: () => Promise<{ Component: ComponentType }>;
  /** Checks the shape of dynamic segments the router cannot express; a refusal is a 404. */
  accept?: (params: Params) => boolean;
}

function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const comingSoonPage = lazyPage(
  () => import("./pages/coming-soon-page.tsx"),
  (module) => module.ComingSoonPage,
);
const notFoundPage = lazyPage(
  () => import("./pages/not-found-page.tsx"),
  (module) => module.NotFoundPage,
);

const tradeSidePattern = /^(buy|sell)-[a-z0-9]+(-[a-z0-9]+)*$/;
const giftCardSidePattern = /^(buy|sell)-giftcard(-for-[a-z0-9]+(-[a-z0-9]+)*)?$/;
const conversionPattern = /^btc-to-[a-z]{2,10}$/i;

export const screenRoutes: readonly ScreenRoute[] = [
  // Built.
  { name: "home", page: lazyPage(() => import("../features/landing/pages/home-page.tsx"), (m) => m.HomePage) },
  { name: "login", page: lazyPage(() => import("../features/auth/pages/login-page.tsx"), (m) => m.LoginPage) },
  { name: "register", page: lazyPage(() => import("../features/auth/pages/register-page.tsx"), (m) => m.RegisterPage) },
  {
    name: "termsOfService",
    page: lazyPage(() => import("../features/static-pages/pages/terms-page.tsx"), (m) => m.TermsPage),
  },
  {
    name: "privacyPolicy",
    page: lazyPage(() => import("../features/static-pages/pages/privacy-page.tsx"), (m) => m.PrivacyPage),
  },
  { name: "about", page: lazyPage(() => import("../features/static-pages/pages/about-page.tsx"), (m) => m.AboutPage) },
  { name: "fees", page: lazyPage(() => import("../features/static-pages/pages/fees-page.tsx"), (m) => m.FeesPage) },
  {
    name: "ipBlocked",
    page: lazyPage(() => import("../features/static-pages/pages/ip-blocked-page.tsx"), (m) => m.IpBlockedPage),
  },

  // Marketplace, offers and trades (trading-core §2).
  { name: "marketplaceBuy" },
  { name: "marketplaceSell" },
  { name: "tradingListing", accept: (params) => tradeSidePattern.test(params.tradeSide ?? "") },
  { name: "giftCardListing", accept: (params) => giftCardSidePattern.test(params.giftCardSide ?? "") },
  { name: "giftCardsLanding" },
  { name: "buyBitcoinLanding" },
  { name: "viewOffer" },
  { name: "offerCreate" },
  { name: "offerEdit" },
  { name: "offerLiteEdit" },
  { name: "createSpecialOffer" },
  { name: "viewTrade" },
  { name: "publicReceipt" },
  { name: "calculator", accept: (params) => conversionPattern.test(params.conversion ?? "") },
  { name: "currencies" },
  { name: "bazaar" },
  { name: "bazaarCreate" },
  { name: "bazaarList" },
  { name: "bazaarUserList" },
  { name: "messenger" },
  { name: "support" },

  // Wallet and bank accounts.
  { name: "wallet" },
  { name: "walletSend" },
  { name: "walletLanding" },
  { name: "bankAccounts" },
  { name: "bankAccountCreate" },
  { name: "bankAccountEdit" },

  // Dashboard.
  { name: "dashboard" },
  { name: "myOffers" },
  { name: "tradeHistory" },
  { name: "recentTrades" },
  { name: "tradeStatistics" },
  { name: "trustedUsers" },
  { name: "blockedUsers" },
  { name: "favoriteOffers" },

  // Account (account-platform §2).
  { name: "userAccount" },
  { name: "kycVerification" },
  { name: "accountSettings" },
  { name: "accountSettingsNotifications" },
  { name: "localizationSettings" },
  { name: "paymentSettings" },
  { name: "security" },
  { name: "devices" },
  { name: "webhooks" },
  { name: "partnerProgramSettings" },
  { name: "notifications" },
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

function acceptLoader(accept: (params: Params) => boolean) {
  return ({ params }: LoaderFunctionArgs) => {
    if (!accept(params)) throw data("Not found", { status: 404 });
    return null;
  };
}

function toRouteObject(route: ScreenRoute): RouteObject {
  const relativePath = paths[route.name].slice(1);
  const handle: ScreenHandle = { screen: route.name };
  const base = {
    handle,
    lazy: route.page ?? comingSoonPage,
    ...(route.accept ? { loader: acceptLoader(route.accept) } : {}),
  };
  return relativePath === "" ? { ...base, index: true } : { ...base, path: relativePath };
}

/** `/en/...` redirects to the same page without the prefix: the default locale is never in URLs. */
function defaultLocaleRedirect({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(`${stripDefaultLocalePrefix(url.pathname) ?? "/"}${url.search}`);
}

/**
 * One copy of the screens per locale: at the root for the default locale, under `/{locale}`
 * for the others. The shell (navbar, banners, footer) wraps them all; page errors render inside it.
 */
export function createAppRoutes(): RouteObject[] {
  const localeTrees: RouteObject[] = SUPPORTED_LOCALES.map((locale) => ({
    path: locale === defaultLocale ? "/" : `/${locale}`,
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [...screenRoutes.map(toRouteObject), { path: "*", lazy: notFoundPage }],
      },
    ],
  }));
  return [
    {
      Component: AppLayout,
      ErrorBoundary: RootErrorPage,
      HydrateFallback,
      children: [
        { path: `/${defaultLocale}`, loader: defaultLocaleRedirect },
        { path: `/${defaultLocale}/*`, loader: defaultLocaleRedirect },
        ...localeTrees,
      ],
    },
  ];
}
