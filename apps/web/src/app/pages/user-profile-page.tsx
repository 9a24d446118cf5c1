import { Group } from "@mantine/core";
import type { OfferListingItem } from "@souk/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router";
import { RelationButtons } from "../../features/contacts/components/relation-buttons.tsx";
import { FavoriteToggle } from "../../features/favorites/components/favorite-toggle.tsx";
import { listingQueryKeyRoot } from "../../features/marketplace/api/listing-api.ts";
import { OfferList } from "../../features/marketplace/components/offer-list.tsx";
import { messengerKeys } from "../../features/messenger/api/messenger-api.ts";
import { MessageButton } from "../../features/messenger/components/message-button.tsx";
import { profileQueryOptions, userOffersQueryKeyRoot } from "../../features/profile/api/profile-api.ts";
import { ProfileScreen } from "../../features/profile/pages/profile-screen.tsx";
import { FeedbackFeed } from "../../features/reputation/components/feedback-feed.tsx";
import { MedalsList } from "../../features/reputation/components/medals-list.tsx";
import { useCurrentUser } from "../../lib/session.ts";

/**
 * Profile `/user/{username}`: the profile feature, its offers drawn by the marketplace's list with
 * favourite stars, the messenger's Message button and the contacts' trust and block buttons for a
 * logged-in visitor. A change of relation refetches the listings (a block hides the user's
 * offers), the profile's counts and the messenger (who may write to whom). The reputation
 * feature draws the medals and the received feedback.
 */
export function UserProfilePage() {
  const { username = "" } = useParams();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const renderOffers = (offers: OfferListingItem[]) => (
    <OfferList
      offers={offers}
      showOwner={false}
      testId="profile-offers"
      renderFavorite={
        user && user.username !== username
          ? (offer) => (
              <FavoriteToggle
                idHashed={offer.idHashed}
                isFavorite={offer.isFavorite}
                onToggled={() => {
                  void queryClient.invalidateQueries({ queryKey: userOffersQueryKeyRoot });
                  void queryClient.invalidateQueries({ queryKey: listingQueryKeyRoot });
                }}
              />
            )
          : undefined
      }
    />
  );
  const isOther = user !== null && user.username.toLowerCase() !== username.toLowerCase();
  const actions = isOther ? (
    <Group gap="xs" align="flex-start">
      <MessageButton username={username} />
      <RelationButtons
        username={username}
        onChanged={() => {
          void queryClient.invalidateQueries({ queryKey: listingQueryKeyRoot });
          void queryClient.invalidateQueries({ queryKey: userOffersQueryKeyRoot });
          void queryClient.invalidateQueries({ queryKey: profileQueryOptions(username).queryKey });
          // Trust and block change who may write to whom.
          void queryClient.invalidateQueries({ queryKey: messengerKeys.all });
        }}
      />
    </Group>
  ) : undefined;
  return (
    <ProfileScreen
      key={username}
      username={username}
      renderOffers={renderOffers}
      actions={actions}
      medals={<MedalsList username={username} />}
      feedback={<FeedbackFeed username={username} />}
    />
  );
}
