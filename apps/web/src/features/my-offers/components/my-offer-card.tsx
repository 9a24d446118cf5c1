import { Paper } from "@mantine/core";
import type { MyOffer } from "@souk/contracts";
import { useMyOffersTexts } from "../i18n/my-offers-texts.ts";
import { MyOfferActions } from "./my-offer-actions.tsx";
import { MyOfferCardHeader } from "./my-offer-card-header.tsx";
import { MyOfferModeration } from "./my-offer-moderation.tsx";
import { MyOfferNotices } from "./my-offer-notices.tsx";
import { MyOfferStats } from "./my-offer-stats.tsx";
import classes from "./my-offers.module.css";
import type { MyOffersController } from "./use-my-offers.ts";

export interface MyOfferCardProps {
  offer: MyOffer;
  controller: MyOffersController;
  /** The vendor's discounted escrow fee for this payment method, if any. */
  discountedEscrowFee: string | null;
  /** Opens the promotion choices (a highlight, or a bid for a pinned position). */
  onPromote: (offer: MyOffer) => void;
}

/** One of the vendor's offers: state, price, limits, messages, the switch and the tools. */
export function MyOfferCard({ offer, controller, discountedEscrowFee, onPromote }: MyOfferCardProps) {
  const { t } = useMyOffersTexts();
  const hash = offer.idHashed;
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      className={classes.card}
      data-testid={`my-offer-${hash}`}
      data-active={offer.isActive || undefined}
      aria-label={t("card.ariaLabel", { method: offer.paymentMethod.name, id: hash })}
    >
      <MyOfferCardHeader offer={offer} controller={controller} />
      <MyOfferStats offer={offer} discountedEscrowFee={discountedEscrowFee} />
      <MyOfferModeration offer={offer} />
      <MyOfferNotices offer={offer} controller={controller} />
      <MyOfferActions offer={offer} controller={controller} onPromote={onPromote} />
    </Paper>
  );
}
