import type { OfferListingItem, OfferView } from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useParams } from "react-router";
import { FavoriteToggle } from "../../features/favorites/components/favorite-toggle.tsx";
import { listingQueryKeyRoot } from "../../features/marketplace/api/listing-api.ts";
import { OfferList } from "../../features/marketplace/components/offer-list.tsx";
import { offerViewQueryKeyRoot } from "../../features/offer-view/api/offer-view-api.ts";
import { OfferViewScreen } from "../../features/offer-view/pages/offer-view-screen.tsx";
import { FeedbackFeed } from "../../features/reputation/components/feedback-feed.tsx";
import { useCurrentUser } from "../../lib/session.ts";

const renderFeedback = (ownerUsername: string) => <FeedbackFeed username={ownerUsername} />;

/**
 * The offer page (`/offer/{id}`): the offer view, with the favourite star of the favourites
 * feature, the recommended offers drawn by the marketplace's list, and the owner's feedback
 * (filter and "Show more") drawn by the reputation feature.
 */
export function OfferPage() {
  const { id = "" } = useParams();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: offerViewQueryKeyRoot });
    void queryClient.invalidateQueries({ queryKey: listingQueryKeyRoot });
  }, [queryClient]);
  const renderFavorite = useCallback(
    (view: OfferView) =>
      view.isOwner ? null : (
        <FavoriteToggle idHashed={view.offer.idHashed} isFavorite={view.isFavorite} onToggled={refresh} />
      ),
    [refresh],
  );
  const renderOfferFavorite = useCallback(
    (offer: OfferListingItem) => (
      <FavoriteToggle idHashed={offer.idHashed} isFavorite={offer.isFavorite} onToggled={refresh} />
    ),
    [refresh],
  );
  const renderRecommended = useCallback(
    (offers: OfferListingItem[]) => (
      <OfferList offers={offers} renderFavorite={user ? renderOfferFavorite : undefined} testId="recommended-offers" />
    ),
    [user, renderOfferFavorite],
  );
  return (
    <OfferViewScreen
      key={id}
      id={id}
      renderFavorite={user ? renderFavorite : undefined}
      renderRecommended={renderRecommended}
      renderFeedback={renderFeedback}
    />
  );
}
