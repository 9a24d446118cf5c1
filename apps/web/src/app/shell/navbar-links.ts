import type { PathName } from "../../lib/paths.ts";
import classes from "./navbar.module.css";

export interface NavbarLink {
  name: PathName;
  labelKey: string;
}

export const primaryLinks: readonly NavbarLink[] = [
  { name: "marketplaceBuy", labelKey: "nav.buy" },
  { name: "marketplaceSell", labelKey: "nav.sell" },
  { name: "wallet", labelKey: "nav.wallet" },
  { name: "dashboard", labelKey: "nav.dashboard" },
];

export function navLinkClass({ isActive }: { isActive: boolean }): string {
  return isActive ? `${classes.link} ${classes.active}` : `${classes.link}`;
}
