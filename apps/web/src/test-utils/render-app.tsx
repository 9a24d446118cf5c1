import type { CurrentUser, Locale } from "@souk/contracts";
import { type RenderResult, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { AppProviders } from "../app/providers.tsx";
import { createI18n } from "../lib/i18n/i18n.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { seedSession } from "../lib/session.ts";

export interface RenderAppOptions {
  path?: string;
  locale?: Locale;
  user?: CurrentUser | null;
}

/** Renders `element` with the app's providers and a memory router, as a page would be. */
export async function renderWithApp(element: ReactNode, options: RenderAppOptions = {}): Promise<RenderResult> {
  // Mantine's autosizing textarea listens for font loads; happy-dom has no document.fonts.
  if (!("fonts" in document))
    Object.defineProperty(document, "fonts", { value: new EventTarget(), configurable: true });
  const queryClient = createQueryClient();
  seedSession(queryClient, options.user ?? null, "test-csrf-token");
  const i18n = await createI18n(options.locale ?? "en");
  const path = options.path ?? "/";
  return render(
    <AppProviders queryClient={queryClient} i18n={i18n} defaultColorScheme="light" env="test">
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </AppProviders>,
  );
}

/** A signed-in user with every flag off; tests switch on what they need. */
export function makeCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    externalId: "ext-1",
    username: "amina_k",
    email: "amina@example.com",
    phone: null,
    avatarUrl: null,
    firstName: null,
    lastName: null,
    userFullName: null,
    country: null,
    currency: "USD",
    currencyId: 144,
    locationCurrency: null,
    locale: "en",
    urlLocale: "en",
    timezone: null,
    referralCode: "ref",
    completedTrades: 0,
    feeDiscount: "0",
    isVendor: false,
    vendorLanguages: [],
    kycLevelCheck: { level: 0, unusedTradingVolumeInFiatCurrency: null },
    blockedKycActions: [],
    completedTourGuides: [],
    isBalanceHidden: false,
    fullNameVisibilityType: "hide_name",
    hasActiveBuyOffers: false,
    hasActiveSellOffers: false,
    hasActiveTrades: false,
    hasOffers: false,
    twoFactor: { release: false, login: false, sendout: false },
    verification: {
      id: false,
      address: false,
      phone: false,
      email: true,
      video: false,
      fullnameBirthday: false,
      basic: false,
      company: false,
      corporateAccount: false,
      isFullyVerified: false,
    },
    roles: ["user"],
    isBanned: false,
    isSuspended: false,
    isOnHold: false,
    isFrozen: false,
    isRestricted: false,
    isCompromised: false,
    isDemoAccount: false,
    isApiKeyConnected: false,
    isMerchant: false,
    isCorporate: false,
    isStaff: false,
    lastMobileAppActive: null,
    acceptChatMessages: "YES",
    fiatCurrencyCode: "USD",
    fiatCurrencyId: 144,
    siteTheme: null,
    bio: "",
    notifyTradeMessagesInterval: 10,
    canChangeUsername: true,
    isAccountClosed: false,
    specialBalanceNotice: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}
