import { useTranslation } from "react-i18next";
import { type FeatureTexts, useFeatureTexts } from "../../lib/i18n/feature-texts.ts";

/**
 * The labels only the account and mobile menus show. They live with those menus, which load when
 * first opened, so the first page load does not carry them.
 */
const en = {
  activeTrades: "Active trades",
  tradeHistory: "Trade history",
  tradeStatistics: "Trade statistics",
  favorites: "Favourite offers",
  trustedUsers: "Trusted users",
  blockedUsers: "Blocked users",
  adminDeposits: "Dev-chain deposits",
  adminMail: "Dev mailbox",
  adminConsole: "Operator console",
  sectionTrading: "Trading",
  sectionPeople: "Favourites and contacts",
  sectionAccount: "Account",
  sectionStaff: "Staff",
};

const fr: typeof en = {
  activeTrades: "Échanges en cours",
  tradeHistory: "Historique des échanges",
  tradeStatistics: "Statistiques des échanges",
  favorites: "Offres favorites",
  trustedUsers: "Utilisateurs de confiance",
  blockedUsers: "Utilisateurs bloqués",
  adminDeposits: "Dépôts de la chaîne de test",
  adminMail: "Boîte mail de développement",
  adminConsole: "Console d’exploitation",
  sectionTrading: "Échanges",
  sectionPeople: "Favoris et contacts",
  sectionAccount: "Compte",
  sectionStaff: "Équipe",
};

const texts: FeatureTexts<typeof en> = { en, fr };

/** A menu label by key: `menu.*` keys are the menus' own texts, the others the shell's (`nav.*`). */
export function useMenuLabel(): (key: string) => string {
  const { t: shellText } = useTranslation();
  const { t: menuText } = useFeatureTexts("accountMenu", texts);
  return (key) => (key.startsWith("menu.") ? menuText(key.slice("menu.".length)) : shellText(key));
}
