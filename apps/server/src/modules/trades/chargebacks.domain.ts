import { CHARGEBACK_CHAT_EVENTS, type ChargebackDecision, type ChargebackState } from "@souk/contracts";

/**
 * A staff decision on a chargeback report, on plain facts (docs/decisions/141-chargeback-decisions.md).
 * A Pending report becomes Dismissed or Confirmed once; a decided one is refused. A staff member who
 * is a party to the trade does not decide it. The service locks the report's row before it asks, so
 * of two decisions at once the second finds it decided and is refused.
 */

/** The report as the decision's transaction found it. */
export interface ChargebackFacts {
  state: ChargebackState;
  reporterId: number;
  buyerId: number;
  sellerId: number;
}

export type ChargebackRefusal = "already_decided" | "own_trade";

/** What a decision writes besides the new state. */
export interface ChargebackPlan {
  state: ChargebackDecision;
  /** The trade chat's system event the parties see. */
  chatEvent: (typeof CHARGEBACK_CHAT_EVENTS)[keyof typeof CHARGEBACK_CHAT_EVENTS];
  /** The buyer whose record gains a confirmed chargeback, or null. */
  countsOnUserId: number | null;
  /** Who is told (`chargeback.decided`): both parties when Confirmed, the reporter when Dismissed. */
  notifyUserIds: number[];
}

type ChargebackDecisionResult =
  | { kind: "refused"; refusal: ChargebackRefusal }
  | { kind: "plan"; plan: ChargebackPlan };

export function decideChargeback(
  staffId: number,
  facts: ChargebackFacts,
  state: ChargebackDecision,
): ChargebackDecisionResult {
  if (staffId === facts.buyerId || staffId === facts.sellerId) return { kind: "refused", refusal: "own_trade" };
  if (facts.state !== "Pending") return { kind: "refused", refusal: "already_decided" };
  if (state === "Confirmed") {
    return {
      kind: "plan",
      plan: {
        state,
        chatEvent: CHARGEBACK_CHAT_EVENTS.paid,
        countsOnUserId: facts.buyerId,
        notifyUserIds: [facts.reporterId, facts.buyerId].filter((id, index, ids) => ids.indexOf(id) === index),
      },
    };
  }
  return {
    kind: "plan",
    plan: {
      state,
      chatEvent: CHARGEBACK_CHAT_EVENTS.dismissed,
      countsOnUserId: null,
      notifyUserIds: [facts.reporterId],
    },
  };
}
