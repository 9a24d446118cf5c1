import { type FeatureTexts, useFeatureTexts } from "../../../lib/i18n/feature-texts.ts";

/** Texts of the favourite star alone: it sits on marketplace pages, which load it first. */
const en = {
  add: "Add to favourites",
  remove: "Remove from favourites",
  added: "Added to your favourites.",
  removed: "Removed from your favourites.",
  failed: "Your favourites could not be updated. Please try again.",
};

type FavoriteToggleTexts = typeof en;

const fr: FavoriteToggleTexts = {
  add: "Ajouter aux favoris",
  remove: "Retirer des favoris",
  added: "Ajoutée à vos favoris.",
  removed: "Retirée de vos favoris.",
  failed: "Vos favoris n’ont pas pu être mis à jour. Réessayez.",
};

const favoriteToggleTexts: FeatureTexts<FavoriteToggleTexts> = { en, fr };

export function useFavoriteToggleTexts() {
  return useFeatureTexts("favorites-toggle", favoriteToggleTexts);
}
