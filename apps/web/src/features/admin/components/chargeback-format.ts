import type { ChargebackState } from "@souk/contracts";

/** A chargeback state's badge colour: waiting blue, dismissed grey, confirmed red. */
export const CHARGEBACK_STATE_COLORS: Record<ChargebackState, string> = {
  Pending: "blue",
  Dismissed: "gray",
  Confirmed: "red",
};
