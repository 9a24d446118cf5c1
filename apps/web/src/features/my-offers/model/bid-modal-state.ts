import type { Bid, bidInfoSchema, MyOffer, pinnedInfoSchema } from "@souk/contracts";
import { divideDecimal, formatDecimal, normalizeDecimal, parseDecimal } from "@souk/money";
import type { z } from "zod";

/**
 * The bid modal (docs/product.md#bids): a vendor bids for a pinned position of the offer's market
 * over a period. Opening returns to select-period and clears error, bid data and input; choosing a
 * period copies its amount into the input; changing input or currency clears the error; cancel
 * clears the bid info, the manual escrow fee and the pinned position.
 */

/** cancel: confirming that the offer's live bid is withdrawn. */
const BID_STEPS = ["select_period", "fill_data", "finish", "cancel"] as const;
type BidStep = (typeof BID_STEPS)[number];

export type BidInfo = z.infer<typeof bidInfoSchema>;
export type PinnedInfo = z.infer<typeof pinnedInfoSchema>;
export type BidPeriod = BidInfo["periods"][number];

export interface BidModalState {
  showModal: boolean;
  currentStepId: BidStep;
  isConfirmDisabled: boolean;
  activeModalOfferId: string | null;
  /** The amount typed; "0" until a period is chosen. */
  inputValue: string;
  /** The offer the modal is about. */
  offer: MyOffer | null;
  /** The bid the server accepted (finish step). */
  bidOfferData: Bid | null;
  selectedPeriod: BidPeriod | null;
  selectedCurrency: string | null;
  bidInfo: BidInfo | null;
  pinnedPosition: PinnedInfo | null;
  /** The offer's manual escrow fee, shown beside the bid: both raise its place in the listing. */
  manualEscrowFee: string | null;
  isError: boolean;
  error: string | null;
  /** What the server added to a refusal (errors.details). */
  errorMeta: Record<string, unknown> | null;
  isLoading: boolean;
}

export const initialBidModalState: BidModalState = {
  showModal: false,
  currentStepId: "select_period",
  isConfirmDisabled: true,
  activeModalOfferId: null,
  inputValue: "0",
  offer: null,
  bidOfferData: null,
  selectedPeriod: null,
  selectedCurrency: null,
  bidInfo: null,
  pinnedPosition: null,
  manualEscrowFee: null,
  isError: false,
  error: null,
  errorMeta: null,
  isLoading: false,
};

export type BidModalAction =
  | { type: "opened"; offer: MyOffer }
  | { type: "closed" }
  | { type: "cancelled" }
  | { type: "bid_info_loaded"; bidInfo: BidInfo }
  | { type: "pinned_info_loaded"; pinnedInfo: PinnedInfo }
  | { type: "pinned_info_failed"; error: string }
  /** amount: the period's suggested amount in the chosen currency (the server suggests USD). */
  | { type: "period_selected"; period: BidPeriod; amount: string }
  | { type: "currency_changed"; currency: string }
  | { type: "input_changed"; value: string }
  | { type: "step_changed"; stepId: BidStep }
  | { type: "submit_started" }
  | { type: "submit_succeeded"; bid: Bid }
  | { type: "submit_failed"; message: string | null; meta: Record<string, unknown> | null }
  | { type: "withdraw_succeeded" };

/** A positive amount with a chosen period and currency may be confirmed. */
function canConfirm(state: BidModalState): boolean {
  return (
    state.selectedPeriod !== null &&
    state.selectedCurrency !== null &&
    /^[0-9]+(\.[0-9]+)?$/.test(state.inputValue) &&
    /[1-9]/.test(state.inputValue)
  );
}

function withConfirm(state: BidModalState): BidModalState {
  return { ...state, isConfirmDisabled: state.isLoading || !canConfirm(state) };
}

export function bidModalReducer(state: BidModalState, action: BidModalAction): BidModalState {
  switch (action.type) {
    case "opened":
      return {
        ...initialBidModalState,
        showModal: true,
        activeModalOfferId: action.offer.idHashed,
        offer: action.offer,
        manualEscrowFee: action.offer.manualEscrowFee,
        selectedCurrency: state.selectedCurrency,
      };
    case "closed":
      return initialBidModalState;
    case "cancelled":
      return {
        ...state,
        showModal: false,
        bidInfo: null,
        manualEscrowFee: null,
        pinnedPosition: null,
        currentStepId: "select_period",
      };
    case "bid_info_loaded": {
      const currency =
        state.selectedCurrency && action.bidInfo.currencies.includes(state.selectedCurrency)
          ? state.selectedCurrency
          : (action.bidInfo.currencies[0] ?? null);
      return withConfirm({ ...state, bidInfo: action.bidInfo, selectedCurrency: currency });
    }
    case "pinned_info_loaded":
      return { ...state, pinnedPosition: action.pinnedInfo };
    case "pinned_info_failed":
      // The form is shown again with the message; the bid itself may still be placed.
      return { ...state, currentStepId: "select_period", isError: true, error: action.error, errorMeta: null };
    case "period_selected":
      return withConfirm({ ...state, selectedPeriod: action.period, inputValue: action.amount });
    case "currency_changed":
      return withConfirm({ ...state, selectedCurrency: action.currency, isError: false, error: null, errorMeta: null });
    case "input_changed":
      return withConfirm({ ...state, inputValue: action.value, isError: false, error: null, errorMeta: null });
    case "step_changed":
      return withConfirm({ ...state, currentStepId: action.stepId });
    case "submit_started":
      return { ...state, isLoading: true, isConfirmDisabled: true, isError: false, error: null, errorMeta: null };
    case "submit_succeeded":
      return { ...state, isLoading: false, bidOfferData: action.bid, currentStepId: "finish" };
    case "withdraw_succeeded":
      return withConfirm({ ...state, isLoading: false, bidOfferData: null, currentStepId: "select_period" });
    case "submit_failed":
      return withConfirm({
        ...state,
        isLoading: false,
        isError: true,
        error: action.message || "Unknown error",
        errorMeta: action.meta,
      });
  }
}

/**
 * A period's suggested amount (USD) in a bid currency: USD ÷ USD per coin, rounded up to the
 * coin's decimals so the suggestion is never below the USD figure. Null without a rate.
 */
export function suggestedAmountIn(usd: string, usdPerCoin: string | null, decimals: number): string | null {
  if (usdPerCoin === null) return null;
  const rate = parseDecimal(usdPerCoin);
  if (rate.units <= 0n) return null;
  return formatDecimal(normalizeDecimal(divideDecimal(parseDecimal(usd), rate, decimals, "up")));
}
