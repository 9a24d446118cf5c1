import type { MyOffer } from "@souk/contracts";

/**
 * The promote modal (docs/product.md#promotion). The option modal lets the vendor choose how to
 * promote
 * (a highlight from the monthly allowance, or a bid for a pinned position); the promote modal then
 * runs its steps: fill data (what a highlight does, what is left this month, and why it cannot be
 * used now if it cannot) and finish. The spec's cancel step withdraws something already bought;
 * a highlight cannot be withdrawn on the server, so only the bid modal has it (it withdraws the
 * live bid). Opening sets the offer, returns to fill data and clears error and input; closing
 * resets everything and disables confirm. A highlight takes no amount, so inputValue stays empty.
 */

const PROMOTE_STEPS = ["fill_data", "finish"] as const;
type PromoteStep = (typeof PROMOTE_STEPS)[number];

export interface PromoteModalState {
  showModal: boolean;
  showOptionModal: boolean;
  currentStepId: PromoteStep;
  isConfirmDisabled: boolean;
  activeModalOfferId: string | null;
  inputValue: string;
  promoteOfferData: MyOffer | null;
  isError: boolean;
  error: string | null;
  isLoading: boolean;
}

export const initialPromoteModalState: PromoteModalState = {
  showModal: false,
  showOptionModal: false,
  currentStepId: "fill_data",
  isConfirmDisabled: true,
  activeModalOfferId: null,
  inputValue: "",
  promoteOfferData: null,
  isError: false,
  error: null,
  isLoading: false,
};

export type PromoteModalAction =
  | { type: "options_opened"; offer: MyOffer }
  | { type: "options_closed" }
  | { type: "opened"; offer: MyOffer; promoteAvailable: number }
  | { type: "closed" }
  | { type: "input_changed"; value: string }
  | { type: "submit_started" }
  | { type: "submit_succeeded"; offer: MyOffer }
  | { type: "submit_failed"; error: string };

/** Why an offer cannot be highlighted now, or null when it can. */
export function promoteBlocker(offer: MyOffer, promoteAvailable: number): "none_left" | "paused" | "featured" | null {
  if (promoteAvailable <= 0) return "none_left";
  if (!offer.isActive) return "paused";
  if (offer.isFeatured) return "featured";
  return null;
}

export function promoteModalReducer(state: PromoteModalState, action: PromoteModalAction): PromoteModalState {
  switch (action.type) {
    case "options_opened":
      return {
        ...state,
        showOptionModal: true,
        activeModalOfferId: action.offer.idHashed,
        promoteOfferData: action.offer,
      };
    case "options_closed":
      return { ...state, showOptionModal: false };
    case "opened": {
      const blocker = promoteBlocker(action.offer, action.promoteAvailable);
      return {
        ...state,
        showModal: true,
        showOptionModal: false,
        activeModalOfferId: action.offer.idHashed,
        promoteOfferData: action.offer,
        currentStepId: "fill_data",
        isConfirmDisabled: blocker !== null,
        isError: false,
        error: null,
        inputValue: "",
        isLoading: false,
      };
    }
    case "closed":
      return initialPromoteModalState;
    case "input_changed":
      return { ...state, inputValue: action.value, isError: false, error: null };
    case "submit_started":
      return { ...state, isLoading: true, isConfirmDisabled: true, isError: false, error: null };
    case "submit_succeeded":
      return { ...state, isLoading: false, promoteOfferData: action.offer, currentStepId: "finish" };
    case "submit_failed":
      return { ...state, isLoading: false, isConfirmDisabled: false, isError: true, error: action.error };
  }
}
