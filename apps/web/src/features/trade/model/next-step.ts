import type { Trade } from "@souk/contracts";

/**
 * What the viewer of a trade should do now, in one sentence, for the banner at the top of the trade
 * page: the step's buttons sit right under it, so nobody scrolls to find them. Null once the trade
 * is finished (its status says the rest).
 */
type NextStepKey =
  | "buyerRequirements"
  | "buyerPay"
  | "sellerWaitPayment"
  | "buyerWaitRelease"
  | "sellerRelease"
  | "disputeParty"
  | "disputeSeller"
  | "disputeModerator";

export interface NextStep {
  key: NextStepKey;
  /** How urgent: the viewer must act now, or waits for the other party. */
  tone: "act" | "wait";
}

export function nextStepOf(
  trade: Pick<Trade, "status" | "viewerRole" | "isFinished" | "actions" | "paymentDetails">,
): NextStep | null {
  if (trade.isFinished) return null;
  const { status, viewerRole } = trade;
  if (status === "dispute_open") {
    if (viewerRole === "moderator") return { key: "disputeModerator", tone: "act" };
    if (viewerRole === "seller" && trade.actions.canRelease) return { key: "disputeSeller", tone: "act" };
    return { key: "disputeParty", tone: "wait" };
  }
  if (status === "paid") {
    if (viewerRole === "seller") return { key: "sellerRelease", tone: "act" };
    if (viewerRole === "buyer") return { key: "buyerWaitRelease", tone: "wait" };
    return null;
  }
  if (status === "active_funded") {
    if (viewerRole === "seller") return { key: "sellerWaitPayment", tone: "wait" };
    if (viewerRole === "buyer") {
      return trade.paymentDetails.isRevealed
        ? { key: "buyerPay", tone: "act" }
        : { key: "buyerRequirements", tone: "act" };
    }
  }
  return null;
}
