import type { MyOffer, MyOfferErrorGroup, OfferErrors } from "@souk/contracts";
import type { InfiniteData } from "@tanstack/react-query";
import type { MyOffersAnswer } from "../api/my-offers-api.ts";

/**
 * The my-offers state (docs/product.md#my-offers-bids-and-promotion) as pure functions over the
 * cached pages: toggles
 * are applied before the server answers and undone when it refuses, load-more appends pages, and
 * errors are kept per offer hash in four groups.
 */

export type MyOffersData = InfiniteData<MyOffersAnswer, number>;

/** Toggling flips isActive; isEnabled follows it unless the bond is insufficient, when it is kept. */
export function toggledOffer(offer: MyOffer, isActive: boolean): MyOffer {
  return {
    ...offer,
    isActive,
    isEnabled: offer.depositInfo.isBondInsufficient === true ? offer.isEnabled : isActive,
  };
}

function mapOffers(data: MyOffersData, change: (offer: MyOffer) => MyOffer): MyOffersData {
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, data: { ...page.data, offers: page.data.offers.map(change) } })),
  };
}

export function withOfferToggled(data: MyOffersData, offerHash: string, isActive: boolean): MyOffersData {
  return mapOffers(data, (offer) => (offer.idHashed === offerHash ? toggledOffer(offer, isActive) : offer));
}

/** Switching all offers sets every active flag. */
export function withAllOffersActive(data: MyOffersData, isActive: boolean): MyOffersData {
  return mapOffers(data, (offer) => toggledOffer(offer, isActive));
}

/** The server's word on each offer after "switch all": some may have stayed off, with a reason. */
export function withToggleResults(
  data: MyOffersData,
  results: readonly { idHashed: string; isActive: boolean; isEnabled: boolean }[],
): MyOffersData {
  const byHash = new Map(results.map((result) => [result.idHashed, result]));
  return mapOffers(data, (offer) => {
    const result = byHash.get(offer.idHashed);
    return result ? { ...offer, isActive: result.isActive, isEnabled: result.isEnabled } : offer;
  });
}

export function withOfferReplaced(data: MyOffersData, next: MyOffer): MyOffersData {
  return mapOffers(data, (offer) => (offer.idHashed === next.idHashed ? next : offer));
}

export function withOfferPatched(data: MyOffersData, offerHash: string, patch: Partial<MyOffer>): MyOffersData {
  return mapOffers(data, (offer) => (offer.idHashed === offerHash ? { ...offer, ...patch } : offer));
}

/** Promoting lowers promoteAvailable by 1 (the server's count wins when it sends one). */
export function withPromoteUsed(
  data: MyOffersData,
  counts?: { promoteTotal: number; promoteAvailable: number },
): MyOffersData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      meta: {
        ...page.meta,
        promoteTotal: counts?.promoteTotal ?? page.meta.promoteTotal,
        promoteAvailable: counts?.promoteAvailable ?? Math.max(0, page.meta.promoteAvailable - 1),
      },
    })),
  };
}

/** Every loaded offer, pages appended in order; an offer seen twice (the list moved) appears once. */
export function allOffers(data: { pages: readonly MyOffersAnswer[] } | undefined): MyOffer[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages.flatMap((page) =>
    page.data.offers.filter((offer) => {
      if (seen.has(offer.idHashed)) return false;
      seen.add(offer.idHashed);
      return true;
    }),
  );
}

/** The offset of the next page: what was loaded so far. */
export function nextOffset(page: MyOffersAnswer): number | undefined {
  return page.meta.hasMore ? page.meta.offset + page.data.offers.length : undefined;
}

// ---- errors per offer -------------------------------------------------------------------------

export const emptyOfferErrors: OfferErrors = {
  offerErrors: {},
  marginErrors: {},
  fixedPriceErrors: {},
  limitsErrors: {},
};

export type OfferErrorsAction =
  | { type: "request_started"; group: MyOfferErrorGroup; offerHash: string }
  | { type: "request_failed"; group: MyOfferErrorGroup; offerHash: string; messages: string[] }
  | { type: "merged"; errors: OfferErrors }
  | { type: "reset" };

/** Starting a request clears the matching error; a failure stores its text under the offer hash. */
export function offerErrorsReducer(state: OfferErrors, action: OfferErrorsAction): OfferErrors {
  switch (action.type) {
    case "request_started": {
      if (!(action.offerHash in state[action.group])) return state;
      const { [action.offerHash]: _cleared, ...rest } = state[action.group];
      return { ...state, [action.group]: rest };
    }
    case "request_failed":
      return { ...state, [action.group]: { ...state[action.group], [action.offerHash]: action.messages } };
    case "merged": {
      const next = { ...state };
      for (const group of Object.keys(action.errors) as MyOfferErrorGroup[]) {
        next[group] = { ...state[group], ...action.errors[group] };
      }
      return next;
    }
    case "reset":
      return emptyOfferErrors;
  }
}

// ---- quick edit -------------------------------------------------------------------------------

const QUICK_EDIT_TYPES = ["margin", "fixedPrice", "limits", "manualEscrowFee", "offerCap"] as const;
export type QuickEditType = (typeof QUICK_EDIT_TYPES)[number];

/** quickEdit.selected of the spec: which offer's which quick edit is open (one at a time). */
export interface QuickEditSelection {
  offerHash: string;
  type: QuickEditType;
}

/** What an offer-cap refusal keeps: the messages, what was used of the cap and the rate. */
export interface OfferCapFailure {
  messages: string[];
  /** Fiat traded on the offer so far (initial minus remaining). */
  usedCap: string | null;
  rate: string | null;
}

/** The usedCap and rate a refused offer-cap update carries in its details. */
export function offerCapFailureOf(details: Record<string, unknown> | null, messages: string[]): OfferCapFailure {
  const first = (key: string): string | null => {
    const value = details?.[key];
    const item = Array.isArray(value) ? value[0] : value;
    return typeof item === "string" && item !== "" ? item : null;
  };
  return { messages, usedCap: first("usedCap"), rate: first("rate") };
}
