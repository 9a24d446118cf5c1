import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

const en = {
  page: {
    metaTitle: "Favourite offers",
    loading: "Loading your favourites…",
    dashboard: "Dashboard",
    title: "Favourite offers",
    subtitle: "Offers you starred, to come back to them in one click.",
    tabs: { label: "Side", buy: "To buy from", sell: "To sell to" },
    count: "{{count}}",
    unavailable: "Paused by its vendor",
    savedOn: "Saved {{date}}",
    emptyTitle: "No favourite offers yet",
    emptyBody: {
      buy: "Star an offer in the marketplace to find it here.",
      sell: "Star an offer in the marketplace to find it here.",
    },
    emptyAction: { buy: "Find offers to buy from", sell: "Find offers to sell to" },
    errorTitle: "Your favourites could not be loaded",
    errorBody: "Check your connection and try again.",
    retry: "Try again",
    pager: "Pages of favourites",
    previous: "Previous",
    next: "Next",
    pageOf: "Page {{page}} of {{last}}",
    sort: "Sort by",
    sorts: {
      newest: "Newest first",
      oldest: "Oldest first",
      price_asc: "Price: low to high",
      price_desc: "Price: high to low",
    },
    loginTitle: "Log in to see your favourites",
    loginAction: "Log in",
  },
};

type FavoritesTexts = typeof en;

const fr: FavoritesTexts = {
  page: {
    metaTitle: "Offres favorites",
    loading: "Chargement de vos favoris…",
    dashboard: "Tableau de bord",
    title: "Offres favorites",
    subtitle: "Les offres que vous avez étoilées, à retrouver en un clic.",
    tabs: { label: "Côté", buy: "Pour acheter", sell: "Pour vendre" },
    count: "{{count}}",
    unavailable: "Mise en pause par son vendeur",
    savedOn: "Ajoutée le {{date}}",
    emptyTitle: "Aucune offre favorite pour l’instant",
    emptyBody: {
      buy: "Étoilez une offre sur la place de marché pour la retrouver ici.",
      sell: "Étoilez une offre sur la place de marché pour la retrouver ici.",
    },
    emptyAction: { buy: "Trouver des offres pour acheter", sell: "Trouver des offres pour vendre" },
    errorTitle: "Vos favoris n’ont pas pu être chargés",
    errorBody: "Vérifiez votre connexion et réessayez.",
    retry: "Réessayer",
    pager: "Pages de favoris",
    previous: "Précédente",
    next: "Suivante",
    pageOf: "Page {{page}} sur {{last}}",
    sort: "Trier par",
    sorts: {
      newest: "Plus récentes d’abord",
      oldest: "Plus anciennes d’abord",
      price_asc: "Prix croissant",
      price_desc: "Prix décroissant",
    },
    loginTitle: "Connectez-vous pour voir vos favoris",
    loginAction: "Se connecter",
  },
};

const favoritesTexts: FeatureTexts<FavoritesTexts> = { en, fr };

export function useFavoritesTexts() {
  return useFeatureTexts("favorites", favoritesTexts);
}
