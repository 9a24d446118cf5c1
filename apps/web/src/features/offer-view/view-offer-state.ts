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

/** The risk-warning modals, in the order they come before the terms are reviewed. */
export const RISK_WARNING_MODALS = ["chargebackRisky", "ofacOfferWarning", "paymentTermsWarning"] as const;
export type RiskWarningModal = (typeof RISK_WARNING_MODALS)[number];

/**
 * After the visitor chose to start (`after` null) or read a warning: the next warning the server
 * raised for this offer, else the terms review.
 */
export function nextStartModal(
  after: RiskWarningModal | null,
  warnings: Record<RiskWarningModal, boolean>,
): RiskWarningModal | "reviewOfferTerms" {
  const from = after === null ? 0 : RISK_WARNING_MODALS.indexOf(after) + 1;
  return RISK_WARNING_MODALS.slice(from).find((modal) => warnings[modal]) ?? "reviewOfferTerms";
}

/** Offer report (docs/product.md#offers): sending, then reported or failure with an error. */
export type OfferReportState =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "reported" }
  | { status: "failure"; error: unknown };
