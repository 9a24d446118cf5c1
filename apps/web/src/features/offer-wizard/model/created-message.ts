import type { Offer } from "@souk/contracts";

/**
 * What a new offer's owner is told: "published" only when the marketplace shows it; a buy offer
 * waiting for its bond, or one saved switched off, says so instead.
 */
export function createdMessageKey(
  offer: Pick<Offer, "isActive" | "isEnabled" | "isListed">,
): "feedback.created" | "feedback.createdInactive" | "feedback.createdAwaitingBond" | "feedback.createdNotListed" {
  if (!offer.isActive) return "feedback.createdInactive";
  if (!offer.isEnabled) return "feedback.createdAwaitingBond";
  return offer.isListed ? "feedback.created" : "feedback.createdNotListed";
}
