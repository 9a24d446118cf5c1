import type { FavoriteOffer } from "@souk/contracts";
import { compareDecimal, parseDecimal } from "@souk/money";

/** A user keeps at most this many favourite offers. */
export const FAVORITES_MAX = 500;

/** The visitor's side and the owner's side are opposite: favourites one can buy from are sell offers. */
export function ownerSideOf(visitorSide: "buy" | "sell"): "buy" | "sell" {
  return visitorSide === "buy" ? "sell" : "buy";
}

/**
 * Orders favourites by price as the marketplace does: by the price relative to the market (the
 * margin a fixed price amounts to), which compares offers in different currencies; ties newest first.
 */
export function sortByPrice(items: FavoriteOffer[], direction: "asc" | "desc"): FavoriteOffer[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...items].sort(
    (a, b) =>
      sign * compareDecimal(parseDecimal(a.margin), parseDecimal(b.margin)) ||
      b.favoritedAt.localeCompare(a.favoritedAt),
  );
}
