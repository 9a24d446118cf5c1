import { describe, expect, it } from "vitest";
import { bankAccountShareRefusal, mayReadInstructions, mayReadPaymentDetails } from "./trades.view.ts";

describe("who reads the payment instructions of a trade", () => {
  it("lets the owner who wrote them read them at every step", () => {
    expect(mayReadInstructions({ viewerRole: "seller", isVendor: true, isRevealed: false })).toBe(true);
    expect(mayReadInstructions({ viewerRole: "buyer", isVendor: true, isRevealed: false })).toBe(true);
  });

  it("shows them to the other party only once the flow has revealed the payment details", () => {
    expect(mayReadInstructions({ viewerRole: "buyer", isVendor: false, isRevealed: false })).toBe(false);
    expect(mayReadInstructions({ viewerRole: "seller", isVendor: false, isRevealed: false })).toBe(false);
    expect(mayReadInstructions({ viewerRole: "buyer", isVendor: false, isRevealed: true })).toBe(true);
  });

  it("never shows them to staff looking on, revealed or not", () => {
    expect(mayReadInstructions({ viewerRole: "moderator", isVendor: false, isRevealed: true })).toBe(false);
    expect(mayReadInstructions({ viewerRole: "moderator", isVendor: false, isRevealed: false })).toBe(false);
  });
});

describe("whether a trade's view reads the payee's accounts", () => {
  const trade = {
    offer_owner_id: 7n,
    flow_step: "before_reveal_payment_details" as const,
    status: "active_funded" as const,
    paid_at: null,
  };

  it("reads them for the offer owner from the start, and for the other party once revealed", () => {
    expect(mayReadPaymentDetails(trade, 7, "seller")).toBe(true);
    expect(mayReadPaymentDetails(trade, 8, "buyer")).toBe(false);
    expect(mayReadPaymentDetails({ ...trade, flow_step: "before_mark_as_paid" }, 8, "buyer")).toBe(true);
    expect(mayReadPaymentDetails({ ...trade, status: "paid", paid_at: new Date() }, 8, "buyer")).toBe(true);
  });

  it("keeps them unread for a trade that ended before the reveal, and for staff", () => {
    expect(mayReadPaymentDetails({ ...trade, status: "cancelled_buyer" }, 8, "buyer")).toBe(false);
    expect(mayReadPaymentDetails({ ...trade, status: "paid", paid_at: new Date() }, 9, "moderator")).toBe(false);
  });
});

describe("when the seller may share another account in the chat", () => {
  const trade = {
    offer_owner_id: 7n,
    flow_step: "before_reveal_payment_details" as const,
    status: "active_funded" as const,
    paid_at: null,
  };

  it("waits for the reveal of the payment details, by the flow or by a payment marked", () => {
    expect(bankAccountShareRefusal(trade)).toBe("not_revealed");
    expect(bankAccountShareRefusal({ ...trade, flow_step: "before_mark_as_paid" })).toBeNull();
    expect(bankAccountShareRefusal({ ...trade, status: "paid", paid_at: new Date() })).toBeNull();
  });

  it("refuses a trade that is over, revealed or not", () => {
    expect(bankAccountShareRefusal({ ...trade, flow_step: "before_mark_as_paid", status: "released" })).toBe(
      "wrong_state",
    );
    expect(bankAccountShareRefusal({ ...trade, status: "cancelled_buyer" })).toBe("wrong_state");
  });
});
