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

/** The top bar's links, as on Paxful and Binance P2P: the market first, then one's own trading. */
export const primaryLinks: readonly NavbarLink[] = [
  { name: "marketplaceBuy", labelKey: "nav.buy", testId: "nav-buy" },
  { name: "marketplaceSell", labelKey: "nav.sell", testId: "nav-sell" },
  { name: "offerCreate", labelKey: "nav.createOffer", testId: "nav-create-offer", audience: "user", isSecondary: true },
  { name: "myOffers", labelKey: "nav.myOffers", testId: "nav-my-offers", audience: "user", isSecondary: true },
  { name: "dashboard", labelKey: "nav.trades", testId: "nav-trades", audience: "user" },
  { name: "wallet", labelKey: "nav.wallet", testId: "nav-wallet" },
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

export function navLinkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? `${classes.link} ${classes.active}` : `${classes.link}`;
}

/** The top bar's class for a link: secondary links give way on narrower screens. */
export function topLinkClass(link: NavbarLink) {
  return (state: { isActive: boolean }) =>
    link.isSecondary ? `${navLinkClass(state)} ${classes.secondary}` : navLinkClass(state);
}
