import { describe, expect, it } from "vitest";
import {
  allOffers,
  emptyOfferErrors,
  nextOffset,
  offerCapFailureOf,
  offerErrorsReducer,
  toggledOffer,
  withAllOffersActive,
  withOfferReplaced,
  withOfferToggled,
  withPromoteUsed,
  withToggleResults,
} from "./my-offers-state.ts";
import { makeData, makeMyOffer, makePage } from "./test-offers.ts";

describe("toggling an offer", () => {
  it("flips isActive, and isEnabled with it while the bond is sufficient", () => {
    const offer = makeMyOffer({ isActive: true, isEnabled: true });
    expect(toggledOffer(offer, false)).toMatchObject({ isActive: false, isEnabled: false });
  });

  it("keeps isEnabled when the bond is insufficient", () => {
    const offer = makeMyOffer({ isActive: false, isEnabled: false, depositInfo: { isBondInsufficient: true } });
    expect(toggledOffer(offer, true)).toMatchObject({ isActive: true, isEnabled: false });
  });

  it("changes only the named offer, and the old copy puts it back", () => {
    const first = makeMyOffer({ idHashed: "AAAAAAAAAA1" });
    const second = makeMyOffer({ idHashed: "AAAAAAAAAA2" });
    const data = makeData(makePage([first, second]));
    const toggled = withOfferToggled(data, "AAAAAAAAAA2", false);
    expect(allOffers(toggled).map((offer) => offer.isActive)).toEqual([true, false]);
    const rolledBack = withOfferReplaced(toggled, second);
    expect(allOffers(rolledBack)).toEqual([first, second]);
  });
});

describe("switching all offers", () => {
  it("sets every active flag, then takes the server's word per offer", () => {
    const data = makeData(
      makePage([
        makeMyOffer({ idHashed: "AAAAAAAAAA1", isActive: false }),
        makeMyOffer({ idHashed: "AAAAAAAAAA2", isActive: false }),
      ]),
    );
    const all = withAllOffersActive(data, true);
    expect(allOffers(all).every((offer) => offer.isActive)).toBe(true);
    const answered = withToggleResults(all, [{ idHashed: "AAAAAAAAAA2", isActive: false, isEnabled: true }]);
    expect(allOffers(answered).map((offer) => offer.isActive)).toEqual([true, false]);
  });
});

describe("paging", () => {
  it("appends pages and asks for the next offset while more are left", () => {
    const firstPage = makePage([makeMyOffer({ idHashed: "AAAAAAAAAA1" })], { total: 2, hasMore: true });
    const secondPage = makePage([makeMyOffer({ idHashed: "AAAAAAAAAA2" })], { total: 2, offset: 1 });
    expect(nextOffset(firstPage)).toBe(1);
    expect(nextOffset(secondPage)).toBeUndefined();
    expect(allOffers(makeData(firstPage, secondPage)).map((offer) => offer.idHashed)).toEqual([
      "AAAAAAAAAA1",
      "AAAAAAAAAA2",
    ]);
  });

  it("shows an offer once when the list moved between pages", () => {
    const offer = makeMyOffer();
    expect(allOffers(makeData(makePage([offer]), makePage([offer])))).toHaveLength(1);
  });
});

describe("promoting", () => {
  it("lowers promoteAvailable by one, or takes the server's counts", () => {
    const data = makeData(makePage([makeMyOffer()], { promoteAvailable: 3 }));
    expect(withPromoteUsed(data).pages[0]?.meta.promoteAvailable).toBe(2);
    expect(withPromoteUsed(data, { promoteTotal: 5, promoteAvailable: 1 }).pages[0]?.meta.promoteAvailable).toBe(1);
    const none = makeData(makePage([makeMyOffer()], { promoteAvailable: 0 }));
    expect(withPromoteUsed(none).pages[0]?.meta.promoteAvailable).toBe(0);
  });
});

describe("errors per offer", () => {
  it("are cleared when a request of their group starts and stored per hash when it fails", () => {
    const failed = offerErrorsReducer(emptyOfferErrors, {
      type: "request_failed",
      group: "marginErrors",
      offerHash: "h1",
      messages: ["The margin must be between -99 % and 1000 %."],
    });
    expect(failed.marginErrors).toEqual({ h1: ["The margin must be between -99 % and 1000 %."] });
    const other = offerErrorsReducer(failed, { type: "request_started", group: "limitsErrors", offerHash: "h1" });
    expect(other).toBe(failed);
    const started = offerErrorsReducer(failed, { type: "request_started", group: "marginErrors", offerHash: "h1" });
    expect(started.marginErrors).toEqual({});
  });

  it("take the refusals of switching all offers", () => {
    const merged = offerErrorsReducer(emptyOfferErrors, {
      type: "merged",
      errors: { ...emptyOfferErrors, offerErrors: { h2: ["offer_not_approved"] } },
    });
    expect(merged.offerErrors).toEqual({ h2: ["offer_not_approved"] });
  });

  it("keep what was used of the cap and the rate when a cap update is refused", () => {
    expect(
      offerCapFailureOf({ "offerCap.amount": ["must_be_positive"], usedCap: ["250"], rate: ["1530.5"] }, ["x"]),
    ).toEqual({
      messages: ["x"],
      usedCap: "250",
      rate: "1530.5",
    });
    expect(offerCapFailureOf(null, [])).toEqual({ messages: [], usedCap: null, rate: null });
  });
});
