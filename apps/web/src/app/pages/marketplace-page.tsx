import { Box } from "@mantine/core";
import type { OfferListingItem } from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback } from "react";
import { listingQueryKeyRoot } from "../../features/marketplace/api/listing-api.ts";
import { MarketplaceView } from "../../features/marketplace/pages/marketplace-view.tsx";
import type { PathName } from "../../lib/paths.ts";
import { useCurrentUser } from "../../lib/session.ts";

// Only a logged-in visitor has favourites: a visitor's first load does not carry the star's code.
const FavoriteToggle = lazy(() =>
  import("../../features/favorites/components/favorite-toggle.tsx").then((module) => ({
    default: module.FavoriteToggle,
  })),
);

/** The star's place while its code loads (its default size), so the row does not move. */
const STAR_SIZE = 36;

/**
 * The marketplace (`/buy`, `/sell`, the trading, gift card and landing listings) with the
 * favourite star of each offer for a logged-in visitor: marketplace and favourites composed.
 */
export function MarketplacePage({ screen }: { screen: PathName }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const renderFavorite = useCallback(
    (offer: OfferListingItem) => (
      <Suspense fallback={<Box w={STAR_SIZE} h={STAR_SIZE} />}>
        <FavoriteToggle
          idHashed={offer.idHashed}
          isFavorite={offer.isFavorite}
          onToggled={() => void queryClient.invalidateQueries({ queryKey: listingQueryKeyRoot })}
        />
      </Suspense>
    ),
    [queryClient],
  );
  return <MarketplaceView screen={screen} renderFavorite={user ? renderFavorite : undefined} />;
}
