import type { CurrentUser } from "@souk/contracts";
import { isLinkShown, type NavbarLink } from "./navbar-links.ts";

/**
 * The account menu's and the mobile menu's pages of one's own. Only those menus (loaded when
 * first opened) import this file, so the first page load does not carry it.
 */
export interface NavbarSection {
  labelKey: string;
  links: readonly NavbarLink[];
}

/**
 * Every page of one's own, in the account menu and the mobile menu: trading (trades and offers),
 * people (favourites and contacts), the account, and the staff's screens for staff.
 */
const accountSections: readonly NavbarSection[] = [
  {
    labelKey: "menu.sectionTrading",
    links: [
      { name: "dashboard", labelKey: "menu.activeTrades", testId: "nav-active-trades" },
      { name: "tradeHistory", labelKey: "menu.tradeHistory", testId: "nav-trade-history" },
      { name: "myOffers", labelKey: "nav.myOffers", testId: "nav-menu-my-offers" },
      { name: "offerCreate", labelKey: "nav.createOffer", testId: "nav-menu-create-offer" },
      { name: "tradeStatistics", labelKey: "menu.tradeStatistics", testId: "nav-trade-statistics" },
    ],
  },
  {
    labelKey: "menu.sectionPeople",
    links: [
      { name: "favoriteOffers", labelKey: "menu.favorites", testId: "nav-favorites" },
      { name: "trustedUsers", labelKey: "menu.trustedUsers", testId: "nav-trusted-users" },
      { name: "blockedUsers", labelKey: "menu.blockedUsers", testId: "nav-blocked-users" },
    ],
  },
  {
    labelKey: "menu.sectionAccount",
    links: [
      { name: "wallet", labelKey: "nav.wallet", testId: "nav-menu-wallet" },
      { name: "userAccount", labelKey: "nav.profile", testId: "nav-profile", params: { username: "me" } },
      { name: "kycVerification", labelKey: "nav.verification", testId: "nav-verification" },
      { name: "accountSettings", labelKey: "nav.accountSettings", testId: "nav-settings" },
      { name: "apiKeys", labelKey: "nav.apiKeys", testId: "nav-api-keys" },
    ],
  },
  {
    labelKey: "menu.sectionStaff",
    links: [
      { name: "adminOverview", labelKey: "menu.adminConsole", testId: "nav-admin-console", audience: "staff" },
      { name: "moderationDisputes", labelKey: "nav.disputes", testId: "disputes-link", audience: "staff" },
      {
        name: "adminWalletDeposits",
        labelKey: "menu.adminDeposits",
        testId: "nav-admin-deposits",
        audience: "admin",
      },
      { name: "adminMail", labelKey: "menu.adminMail", testId: "nav-admin-mail", audience: "admin" },
    ],
  },
];

/** The sections with the links this user sees; empty sections are left out. */
export function sectionsFor(user: CurrentUser): NavbarSection[] {
  return accountSections
    .map((section) => ({ ...section, links: section.links.filter((link) => isLinkShown(link, user)) }))
    .filter((section) => section.links.length > 0);
}

/** The path params of a link for this user. */
export function paramsOf(link: NavbarLink, user: CurrentUser | null): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(link.params ?? {})) if (value === "me" && user) params[key] = user.username;
  return params;
}
