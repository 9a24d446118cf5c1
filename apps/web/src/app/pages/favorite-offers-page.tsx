import type { FavoriteOffer, OfferListingItem } from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { favoritesQueryKeyRoot } from "../../features/favorites/api/favorites-api.ts";
import { FavoriteToggle } from "../../features/favorites/components/favorite-toggle.tsx";
import { FavoritesSection } from "../../features/favorites/pages/favorites-section.tsx";
import { listingQueryKeyRoot } from "../../features/marketplace/api/listing-api.ts";
import { OfferList } from "../../features/marketplace/components/offer-list.tsx";

/** Favourite offers (dashboard section): the favourites feature, its offers drawn by the marketplace's list. */
export function FavoriteOffersPage() {
  const queryClient = useQueryClient();
  const renderOffers = (offers: FavoriteOffer[], note: (offer: FavoriteOffer) => ReactNode) => {
    const byId = new Map(offers.map((offer) => [offer.idHashed, offer]));
    return (
      <OfferList
        offers={offers}
        testId="favorite-offers"
        renderNote={(offer: OfferListingItem) => {
          const favorite = byId.get(offer.idHashed);
          return favorite ? note(favorite) : null;
        }}
        renderFavorite={(offer) => (
          <FavoriteToggle
            idHashed={offer.idHashed}
            isFavorite={offer.isFavorite}
            onToggled={() => {
              void queryClient.invalidateQueries({ queryKey: favoritesQueryKeyRoot });
              void queryClient.invalidateQueries({ queryKey: listingQueryKeyRoot });
            }}
          />
        )}
      />
    );
  };
  return <FavoritesSection renderOffers={renderOffers} />;
}
