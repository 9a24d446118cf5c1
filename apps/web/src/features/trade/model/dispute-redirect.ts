import type { TradeStatus } from "@souk/contracts";

/** The query the trade page reads to open on its chat (the chat tab on a phone). */
export const TRADE_VIEW_PARAM = "view";

/**
 * "When a trade status becomes dispute-open the user is redirected" (docs/product.md#disputes):
 * true when a page that already showed the trade in another status now sees `dispute_open`. A page
 * opened on a trade already in dispute is not redirected: it did not see the change.
 */
export function isDisputeRedirect(previous: TradeStatus | null, current: TradeStatus | null): boolean {
  return previous !== null && previous !== "dispute_open" && current === "dispute_open";
}
