import type { CurrentUser } from "@souk/contracts";
import type { PathName } from "../../lib/paths.ts";
import classes from "./navbar.module.css";

export interface NavbarLink {
  name: PathName;
  labelKey: string;
  /** A stable hook for tests and for people who script the app. */
  testId: string;
  /** Who sees it: everyone (default), logged-in users, staff, or admins. */
  audience?: "everyone" | "user" | "staff" | "admin";
  /** Params of a dynamic path; `me` stands for the current user's name. */
  params?: Record<string, "me">;
  /** Left out of the top bar on narrower screens (the account menu has it too). */
  isSecondary?: boolean;
}

export interface NavbarSection {
  labelKey: string;
  links: readonly NavbarLink[];
}

/** The top bar's links, as on Paxful and Binance P2P: the market first, then one's own trading. */
export const primaryLinks: readonly NavbarLink[] = [
  { name: "marketplaceBuy", labelKey: "nav.buy", testId: "nav-buy" },
  { name: "marketplaceSell", labelKey: "nav.sell", testId: "nav-sell" },
  { name: "offerCreate", labelKey: "nav.createOffer", testId: "nav-create-offer", audience: "user", isSecondary: true },
  { name: "myOffers", labelKey: "nav.myOffers", testId: "nav-my-offers", audience: "user", isSecondary: true },
  { name: "dashboard", labelKey: "nav.trades", testId: "nav-trades", audience: "user" },
  { name: "wallet", labelKey: "nav.wallet", testId: "nav-wallet" },
];

/**
 * Every page of one's own, in the account menu and the mobile menu: trading (trades and offers),
 * people (favourites and contacts), the account, and the staff's screens for staff.
 */
export const accountSections: readonly NavbarSection[] = [
  {
    labelKey: "nav.sectionTrading",
    links: [
      { name: "dashboard", labelKey: "nav.activeTrades", testId: "nav-active-trades" },
      { name: "tradeHistory", labelKey: "nav.tradeHistory", testId: "nav-trade-history" },
      { name: "myOffers", labelKey: "nav.myOffers", testId: "nav-menu-my-offers" },
      { name: "offerCreate", labelKey: "nav.createOffer", testId: "nav-menu-create-offer" },
      { name: "tradeStatistics", labelKey: "nav.tradeStatistics", testId: "nav-trade-statistics" },
    ],
  },
  {
    labelKey: "nav.sectionPeople",
    links: [
      { name: "favoriteOffers", labelKey: "nav.favorites", testId: "nav-favorites" },
      { name: "trustedUsers", labelKey: "nav.trustedUsers", testId: "nav-trusted-users" },
      { name: "blockedUsers", labelKey: "nav.blockedUsers", testId: "nav-blocked-users" },
    ],
  },
  {
    labelKey: "nav.sectionAccount",
    links: [
      { name: "wallet", labelKey: "nav.wallet", testId: "nav-menu-wallet" },
      { name: "userAccount", labelKey: "nav.profile", testId: "nav-profile", params: { username: "me" } },
      { name: "kycVerification", labelKey: "nav.verification", testId: "nav-verification" },
      { name: "accountSettings", labelKey: "nav.accountSettings", testId: "nav-settings" },
    ],
  },
  {
    labelKey: "nav.sectionStaff",
    links: [
      { name: "moderationDisputes", labelKey: "nav.disputes", testId: "disputes-link", audience: "staff" },
      {
        name: "adminWalletDeposits",
        labelKey: "nav.adminDeposits",
        testId: "nav-admin-deposits",
        audience: "admin",
      },
    ],
  },
];

/** Whether this user (null: a visitor) sees the link. */
export function isLinkShown(link: NavbarLink, user: CurrentUser | null): boolean {
  switch (link.audience ?? "everyone") {
    case "everyone":
      return true;
    case "user":
      return user !== null;
    case "staff":
      return user?.isStaff === true;
    case "admin":
      return user?.roles.includes("admin") === true;
  }
}

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

export function navLinkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? `${classes.link} ${classes.active}` : `${classes.link}`;
}

/** The top bar's class for a link: secondary links give way on narrower screens. */
export function topLinkClass(link: NavbarLink) {
  return (state: { isActive: boolean }) =>
    link.isSecondary ? `${navLinkClass(state)} ${classes.secondary}` : navLinkClass(state);
}
