import { describe, expect, it } from "vitest";
import { makeTrade, noActions } from "../test-fixtures.ts";
import { nextStepOf } from "./next-step.ts";

describe("the trade's next step", () => {
  it("asks the seller of a paid trade to check the payment and release", () => {
    expect(nextStepOf(makeTrade())).toEqual({ key: "sellerRelease", tone: "act" });
  });

  it("has the buyer pay once the payment details show, and give the asked details before", () => {
    const base = { status: "active_funded" as const, viewerRole: "buyer" as const };
    expect(nextStepOf(makeTrade(base))).toEqual({ key: "buyerPay", tone: "act" });
    const hidden = makeTrade({
      ...base,
      paymentDetails: { offerTerms: "", instructions: null, bankAccounts: [], isRevealed: false, payerName: null },
    });
    expect(nextStepOf(hidden)).toEqual({ key: "buyerRequirements", tone: "act" });
  });

  it("tells each side when the other one has to act", () => {
    expect(nextStepOf(makeTrade({ status: "active_funded" }))?.key).toBe("sellerWaitPayment");
    expect(nextStepOf(makeTrade({ viewerRole: "buyer" }))?.key).toBe("buyerWaitRelease");
  });

  it("lets the seller release during a dispute, and has the moderator decide it", () => {
    const disputed = { status: "dispute_open" as const };
    expect(nextStepOf(makeTrade({ ...disputed, actions: { ...noActions, canRelease: true } }))?.key).toBe(
      "disputeSeller",
    );
    expect(nextStepOf(makeTrade({ ...disputed, viewerRole: "buyer" }))?.key).toBe("disputeParty");
    expect(nextStepOf(makeTrade({ ...disputed, viewerRole: "moderator" }))?.key).toBe("disputeModerator");
  });

  it("has nothing to say about a finished trade", () => {
    expect(nextStepOf(makeTrade({ status: "released", isFinished: true }))).toBeNull();
  });
});
