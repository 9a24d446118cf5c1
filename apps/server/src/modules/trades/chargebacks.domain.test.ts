import { describe, expect, it } from "vitest";
import { type ChargebackFacts, decideChargeback } from "./chargebacks.domain.ts";

const pending: ChargebackFacts = { state: "Pending", reporterId: 2, sellerId: 2, buyerId: 3 };
const moderator = 9;

describe("decideChargeback", () => {
  it("confirms a Pending report: the paid event, the buyer's record, both parties told", () => {
    expect(decideChargeback(moderator, pending, "Confirmed")).toEqual({
      kind: "plan",
      plan: { state: "Confirmed", chatEvent: "chargeback_paid", countsOnUserId: 3, notifyUserIds: [2, 3] },
    });
  });

  it("dismisses a Pending report: the dismissed event, nobody's record, the reporter told", () => {
    expect(decideChargeback(moderator, pending, "Dismissed")).toEqual({
      kind: "plan",
      plan: { state: "Dismissed", chatEvent: "chargeback_dismissed", countsOnUserId: null, notifyUserIds: [2] },
    });
  });

  it("refuses a report decided already, whichever way it went and whichever way is asked", () => {
    for (const state of ["Dismissed", "Confirmed"] as const) {
      for (const asked of ["Dismissed", "Confirmed"] as const) {
        expect(decideChargeback(moderator, { ...pending, state }, asked)).toEqual({
          kind: "refused",
          refusal: "already_decided",
        });
      }
    }
  });

  it("refuses a staff member who is the trade's buyer or seller", () => {
    expect(decideChargeback(3, pending, "Dismissed")).toEqual({ kind: "refused", refusal: "own_trade" });
    expect(decideChargeback(2, pending, "Confirmed")).toEqual({ kind: "refused", refusal: "own_trade" });
  });
});
