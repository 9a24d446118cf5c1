import { describe, expect, it } from "vitest";
import { bidModalReducer, initialBidModalState, suggestedAmountIn } from "./bid-modal-state.ts";
import { initialPromoteModalState, promoteModalReducer } from "./promote-modal-state.ts";
import { makeMyOffer } from "./test-offers.ts";

const bidInfo = {
  bid: null,
  history: [],
  periods: [
    { id: "day", days: 1, amount: "5" },
    { id: "week", days: 7, amount: "25" },
  ],
  currencies: ["BTC", "USDT"],
  isFundingAvailable: false,
};

describe("the promote modal", () => {
  it("opens on fill data with the offer, no error and no input", () => {
    const dirty = {
      ...initialPromoteModalState,
      currentStepId: "finish" as const,
      error: "x",
      isError: true,
      inputValue: "9",
    };
    const state = promoteModalReducer(dirty, { type: "opened", offer: makeMyOffer(), promoteAvailable: 2 });
    expect(state).toMatchObject({
      showModal: true,
      currentStepId: "fill_data",
      activeModalOfferId: "AbCdEfGhIj1",
      isError: false,
      error: null,
      inputValue: "",
      isConfirmDisabled: false,
    });
  });

  it("keeps confirm disabled when nothing is left this month or the offer is paused", () => {
    expect(
      promoteModalReducer(initialPromoteModalState, { type: "opened", offer: makeMyOffer(), promoteAvailable: 0 })
        .isConfirmDisabled,
    ).toBe(true);
    expect(
      promoteModalReducer(initialPromoteModalState, {
        type: "opened",
        offer: makeMyOffer({ isActive: false }),
        promoteAvailable: 3,
      }).isConfirmDisabled,
    ).toBe(true);
  });

  it("closes to its initial state with confirm disabled", () => {
    const open = promoteModalReducer(initialPromoteModalState, {
      type: "opened",
      offer: makeMyOffer(),
      promoteAvailable: 2,
    });
    expect(promoteModalReducer(open, { type: "closed" })).toEqual({
      ...initialPromoteModalState,
      isConfirmDisabled: true,
    });
  });

  it("finishes with the promoted offer, or keeps the error to try again", () => {
    const open = promoteModalReducer(initialPromoteModalState, {
      type: "opened",
      offer: makeMyOffer(),
      promoteAvailable: 2,
    });
    const promoted = makeMyOffer({ isFeatured: true, featuredUntil: "2026-11-22T10:00:00.000Z" });
    expect(promoteModalReducer(open, { type: "submit_succeeded", offer: promoted })).toMatchObject({
      currentStepId: "finish",
      promoteOfferData: promoted,
    });
    expect(promoteModalReducer(open, { type: "submit_failed", error: "All used" })).toMatchObject({
      isError: true,
      error: "All used",
      isConfirmDisabled: false,
      currentStepId: "fill_data",
    });
  });
});

describe("the bid modal", () => {
  it("opens on select-period with no error, no bid data and an input of 0", () => {
    const dirty = {
      ...initialBidModalState,
      currentStepId: "finish" as const,
      error: "x",
      isError: true,
      inputValue: "3",
    };
    const state = bidModalReducer(dirty, { type: "opened", offer: makeMyOffer({ manualEscrowFee: "1.5" }) });
    expect(state).toMatchObject({
      showModal: true,
      currentStepId: "select_period",
      error: null,
      isError: false,
      bidOfferData: null,
      inputValue: "0",
      manualEscrowFee: "1.5",
    });
  });

  it("copies a chosen period's amount into the input and enables confirm", () => {
    let state = bidModalReducer(initialBidModalState, { type: "opened", offer: makeMyOffer() });
    state = bidModalReducer(state, { type: "bid_info_loaded", bidInfo });
    expect(state.selectedCurrency).toBe("BTC");
    expect(state.isConfirmDisabled).toBe(true);
    state = bidModalReducer(state, { type: "period_selected", period: bidInfo.periods[1]!, amount: "0.00028621" });
    expect(state.inputValue).toBe("0.00028621");
    expect(state.isConfirmDisabled).toBe(false);
  });

  it("clears the error when the input or the currency changes", () => {
    let state = bidModalReducer(initialBidModalState, { type: "opened", offer: makeMyOffer() });
    state = bidModalReducer(state, { type: "submit_failed", message: null, meta: { amount: ["amount_invalid"] } });
    expect(state).toMatchObject({ isError: true, error: "Unknown error", errorMeta: { amount: ["amount_invalid"] } });
    expect(bidModalReducer(state, { type: "input_changed", value: "1" })).toMatchObject({
      isError: false,
      error: null,
    });
    expect(bidModalReducer(state, { type: "currency_changed", currency: "USDT" })).toMatchObject({
      isError: false,
      error: null,
      selectedCurrency: "USDT",
    });
  });

  it("goes back to the form when the pinned positions cannot be loaded", () => {
    let state = bidModalReducer(initialBidModalState, { type: "opened", offer: makeMyOffer() });
    state = bidModalReducer(state, { type: "step_changed", stepId: "fill_data" });
    state = bidModalReducer(state, { type: "pinned_info_failed", error: "Not reachable" });
    expect(state).toMatchObject({ currentStepId: "select_period", isError: true, error: "Not reachable" });
  });

  it("cancel clears the bid info, the manual escrow fee and the pinned position", () => {
    let state = bidModalReducer(initialBidModalState, { type: "opened", offer: makeMyOffer({ manualEscrowFee: "2" }) });
    state = bidModalReducer(state, { type: "bid_info_loaded", bidInfo });
    state = bidModalReducer(state, {
      type: "pinned_info_loaded",
      pinnedInfo: {
        offerId: "AbCdEfGhIj1",
        slots: 3,
        position: null,
        positions: [],
        market: { cryptoCurrencyCode: "BTC", fiatCurrencyCode: "USD", type: "sell" },
      },
    });
    state = bidModalReducer(state, { type: "cancelled" });
    expect(state).toMatchObject({ showModal: false, bidInfo: null, manualEscrowFee: null, pinnedPosition: null });
  });

  it("turns a suggested USD amount into a currency, rounded up to its decimals", () => {
    expect(suggestedAmountIn("5", "87350", 8)).toBe("0.00005725");
    expect(suggestedAmountIn("25", "1.0002", 6)).toBe("24.995001");
    expect(suggestedAmountIn("5", null, 8)).toBeNull();
  });
});
