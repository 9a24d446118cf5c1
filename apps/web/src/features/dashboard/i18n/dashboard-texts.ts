import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

const en = {
  metaTitle: "Dashboard",
  title: "Dashboard",
  subtitle: "Your trades at a glance.",
  loading: "Loading…",
  error: "This section could not be loaded.",
  retry: "Try again",
  viewAll: "View all",
  open: "Open",
  active: {
    title: "Active trades",
    empty: "No active trades. Find an offer on the marketplace.",
    toMarket: "Browse offers",
    buying: "Buying from {{user}}",
    selling: "Selling to {{user}}",
    actionNeeded: "Your move",
  },
  recent: {
    metaTitle: "Recent trades",
    title: "Recent trades",
    empty: "No trades yet.",
    bought: "Bought from {{user}}",
    sold: "Sold to {{user}}",
    previous: "Previous",
    next: "Next",
    page: "Page {{page}} of {{last}}",
  },
  stats: {
    metaTitle: "Trade statistics",
    title: "Trade statistics",
    total: "Total trades",
    active: "Active",
    successful: "Successful",
    cancelled: "Cancelled",
    expired: "Expired",
    disputed: "Disputed",
    asBuyer: "As buyer",
    asSeller: "As seller",
    partners: "Partners",
    volumes: "Volume of successful trades",
    bought: "Bought",
    sold: "Sold",
    noVolume: "No completed volume yet.",
  },
};
type DashboardTexts = typeof en;

const fr: DashboardTexts = {
  metaTitle: "Tableau de bord",
  title: "Tableau de bord",
  subtitle: "Vos échanges en un coup d’œil.",
  loading: "Chargement…",
  error: "Cette section n’a pas pu être chargée.",
  retry: "Réessayer",
  viewAll: "Tout voir",
  open: "Ouvrir",
  active: {
    title: "Échanges en cours",
    empty: "Aucun échange en cours. Trouvez une offre sur la place de marché.",
    toMarket: "Voir les offres",
    buying: "Achat auprès de {{user}}",
    selling: "Vente à {{user}}",
    actionNeeded: "À vous de jouer",
  },
  recent: {
    metaTitle: "Échanges récents",
    title: "Échanges récents",
    empty: "Aucun échange pour l’instant.",
    bought: "Acheté auprès de {{user}}",
    sold: "Vendu à {{user}}",
    previous: "Précédent",
    next: "Suivant",
    page: "Page {{page}} sur {{last}}",
  },
  stats: {
    metaTitle: "Statistiques d’échange",
    title: "Statistiques d’échange",
    total: "Échanges au total",
    active: "En cours",
    successful: "Réussis",
    cancelled: "Annulés",
    expired: "Expirés",
    disputed: "En litige",
    asBuyer: "Comme acheteur",
    asSeller: "Comme vendeur",
    partners: "Partenaires",
    volumes: "Volume des échanges réussis",
    bought: "Acheté",
    sold: "Vendu",
    noVolume: "Pas encore de volume.",
  },
};

const texts: FeatureTexts<DashboardTexts> = { en, fr };

export function useDashboardTexts() {
  return useFeatureTexts("dashboard", texts);
}
