import { describe, expect, it } from "vitest";
import {
  initialViewOfferModals,
  nextStartModal,
  VIEW_OFFER_MODALS,
  viewOfferModalsReducer,
} from "./view-offer-state.ts";

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

  it("come before the terms review, each only when the server raised it, in order", () => {
    const none = { chargebackRisky: false, ofacOfferWarning: false, paymentTermsWarning: false };
    expect(nextStartModal(null, none)).toBe("reviewOfferTerms");
    const all = { chargebackRisky: true, ofacOfferWarning: true, paymentTermsWarning: true };
    expect(nextStartModal(null, all)).toBe("chargebackRisky");
    expect(nextStartModal("chargebackRisky", all)).toBe("ofacOfferWarning");
    expect(nextStartModal("ofacOfferWarning", all)).toBe("paymentTermsWarning");
    expect(nextStartModal("paymentTermsWarning", all)).toBe("reviewOfferTerms");
    expect(nextStartModal(null, { ...none, paymentTermsWarning: true })).toBe("paymentTermsWarning");
    expect(nextStartModal("chargebackRisky", { ...none, chargebackRisky: true })).toBe("reviewOfferTerms");
  });
});
