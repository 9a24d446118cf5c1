import { describe, expect, it } from "vitest";
import { checkOfferDraft, type OfferDraftAmounts } from "./offer-draft.ts";

function draft(overrides: Partial<OfferDraftAmounts> = {}): OfferDraftAmounts {
  return {
    rangeType: "min_max",
    fiatLimitMin: "10",
    fiatLimitMax: "500",
    predefinedAmounts: [],
    newBuyerMaxFiatLimit: null,
    ...overrides,
  };
}

describe("checkOfferDraft", () => {
  it("passes limits in order, with amounts and a new-buyer limit inside them (edges included)", () => {
    expect(checkOfferDraft(draft({ fiatLimitMin: "10", fiatLimitMax: "10" }))).toEqual([]);
    expect(
      checkOfferDraft(
        draft({ rangeType: "predefined", predefinedAmounts: ["10", "250", "500"], newBuyerMaxFiatLimit: "500" }),
      ),
    ).toEqual([]);
  });

  it("refuses a maximum below the minimum, comparing numbers and not text", () => {
    expect(checkOfferDraft(draft({ fiatLimitMin: "90", fiatLimitMax: "100" }))).toEqual([]);
    expect(checkOfferDraft(draft({ fiatLimitMin: "100", fiatLimitMax: "90" }))).toEqual([
      { field: "fiatLimitMax", message: "limit_max_below_min" },
    ]);
  });

  it("refuses repeated predefined amounts and amounts outside the limits, both at once", () => {
    expect(checkOfferDraft(draft({ rangeType: "predefined", predefinedAmounts: ["20", "20", "900"] }))).toEqual([
      { field: "predefinedAmounts", message: "predefined_amounts_duplicate" },
      { field: "predefinedAmounts", message: "predefined_amount_out_of_range" },
    ]);
    expect(checkOfferDraft(draft({ rangeType: "predefined", predefinedAmounts: ["5"] }))).toEqual([
      { field: "predefinedAmounts", message: "predefined_amount_out_of_range" },
    ]);
  });

  it("ignores predefined amounts of a min-max offer", () => {
    expect(checkOfferDraft(draft({ predefinedAmounts: ["20", "20", "900"] }))).toEqual([]);
  });

  it("refuses a new-buyer limit outside the limits", () => {
    expect(checkOfferDraft(draft({ newBuyerMaxFiatLimit: "501" }))).toEqual([
      { field: "newBuyerMaxFiatLimit", message: "new_buyer_limit_out_of_range" },
    ]);
    expect(checkOfferDraft(draft({ newBuyerMaxFiatLimit: "9" }))).toEqual([
      { field: "newBuyerMaxFiatLimit", message: "new_buyer_limit_out_of_range" },
    ]);
  });

  it("checks nothing against limits out of order or not known yet", () => {
    const reversed = draft({
      fiatLimitMin: "500",
      fiatLimitMax: "10",
      rangeType: "predefined",
      predefinedAmounts: ["900"],
    });
    expect(checkOfferDraft({ ...reversed, newBuyerMaxFiatLimit: "900" })).toEqual([
      { field: "fiatLimitMax", message: "limit_max_below_min" },
    ]);
    const unknown = draft({
      fiatLimitMin: null,
      rangeType: "predefined",
      predefinedAmounts: ["900"],
      newBuyerMaxFiatLimit: "900",
    });
    expect(checkOfferDraft(unknown)).toEqual([]);
  });
});
