/**
 * The view-offer state's modals (docs/product.md#offer-page): all closed by default. Only one is
 * open at a
 * time; opening another closes the first.
 */
export const VIEW_OFFER_MODALS = [
  "reviewOfferTerms",
  "chargebackRisky",
  "ofacOfferWarning",
  "paymentTermsWarning",
  "bankAccounts",
  "customExchangeRate",
] as const;
type ViewOfferModal = (typeof VIEW_OFFER_MODALS)[number];
export type ViewOfferModals = Record<ViewOfferModal, boolean>;

export const initialViewOfferModals: ViewOfferModals = {
  reviewOfferTerms: false,
  chargebackRisky: false,
  ofacOfferWarning: false,
  paymentTermsWarning: false,
  bankAccounts: false,
  customExchangeRate: false,
};

export type ViewOfferModalAction = { type: "open"; modal: ViewOfferModal } | { type: "close" };

export function viewOfferModalsReducer(_state: ViewOfferModals, action: ViewOfferModalAction): ViewOfferModals {
  if (action.type === "close") return initialViewOfferModals;
  return { ...initialViewOfferModals, [action.modal]: true };
}

/** Offer report (docs/product.md#offers): sending, then reported or failure with an error. */
export type OfferReportState =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "reported" }
  | { status: "failure"; error: unknown };
