import type { OfferListingItem } from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { FavoriteToggle } from "../../features/favorites/components/favorite-toggle.tsx";
import { listingQueryKeyRoot } from "../../features/marketplace/api/listing-api.ts";
import { MarketplaceView } from "../../features/marketplace/pages/marketplace-view.tsx";
import type { PathName } from "../../lib/paths.ts";
import { useCurrentUser } from "../../lib/session.ts";

/**
 * The marketplace (`/buy`, `/sell`, the trading, gift card and landing listings) with the
 * favourite star of each offer for a logged-in visitor: marketplace and favourites composed.
 */
export function MarketplacePage({ screen }: { screen: PathName }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const renderFavorite = useCallback(
    (offer: OfferListingItem) => (
      <FavoriteToggle
        idHashed={offer.idHashed}
        isFavorite={offer.isFavorite}
        onToggled={() => void queryClient.invalidateQueries({ queryKey: listingQueryKeyRoot })}
      />
    ),
    [queryClient],
  );
  return <MarketplaceView screen={screen} renderFavorite={user ? renderFavorite : undefined} />;
}
