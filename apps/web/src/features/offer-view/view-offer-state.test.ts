import { describe, expect, it } from "vitest";
import { initialViewOfferModals, VIEW_OFFER_MODALS, viewOfferModalsReducer } from "./view-offer-state.ts";

describe("view-offer modals", () => {
  it("start all closed", () => {
    expect(VIEW_OFFER_MODALS.every((modal) => initialViewOfferModals[modal] === false)).toBe(true);
    expect(Object.keys(initialViewOfferModals).sort()).toEqual([...VIEW_OFFER_MODALS].sort());
  });

  it("open one at a time and close together", () => {
    const terms = viewOfferModalsReducer(initialViewOfferModals, { type: "open", modal: "reviewOfferTerms" });
    expect(terms.reviewOfferTerms).toBe(true);
    const rate = viewOfferModalsReducer(terms, { type: "open", modal: "customExchangeRate" });
    expect(rate).toEqual({ ...initialViewOfferModals, customExchangeRate: true });
    expect(viewOfferModalsReducer(rate, { type: "close" })).toEqual(initialViewOfferModals);
  });
});
