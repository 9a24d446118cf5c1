import { conflict, DomainError } from "../../platform/index.ts";

export const promoteLimitReached = (total: number) =>
  conflict(`All ${total} promotions of this month are used.`, "ERROR_PROMOTE_LIMIT", { promoteTotal: total });

export const offerNotActive = () => conflict("Switch the offer on first.", "ERROR_OFFER_NOT_ACTIVE");

export const bidExists = () =>
  conflict("This offer already has a bid; send current: true to replace it.", "ERROR_BID_EXISTS");

/** Every position of the bid's period would go to better bids: nothing is held. */
export const bidTooLow = () =>
  conflict("Better bids hold every position of this period; raise the amount.", "ERROR_BID_TOO_LOW", {
    amount: ["bid_too_low"],
  });

export const noLiveBid = () => conflict("This offer has no bid to cancel.", "ERROR_BID_NOT_FOUND");

export const featureDisabled = (feature: string) =>
  new DomainError("ERROR_FEATURE_DISABLED", "forbidden", `The ${feature} feature is switched off.`, { feature });
