import { kycTierOf, TRADE_FINISHED_STATUSES, TRADE_USED_STATUSES } from "@souk/contracts";
import { parseDecimal } from "@souk/money";
import { describe, expect, it } from "vitest";
import {
  appealStatusOf,
  checkFiatAmount,
  disputeAvailableAt,
  explainRefusal,
  flowStepOf,
  isCancelledStatus,
  isFinishedStatus,
  isSecondStepReached,
  isVoidedStatus,
  partiesOf,
  pendingRequirements,
  requirementsForOffer,
  rolesFor,
  ruleFor,
  TRANSITIONS,
  type TradeFacts,
} from "./trades.domain.ts";

const minutes = (n: number) => n * 60_000;
const at = new Date("2026-01-10T12:00:00Z");

function facts(overrides: Partial<TradeFacts> = {}): TradeFacts {
  return {
    status: "active_funded",
    startedAt: new Date(at.getTime() - minutes(5)),
    expiresAt: new Date(at.getTime() + minutes(25)),
    paidAt: null,
    requirements: [],
    ...overrides,
  };
}

describe("the transition table", () => {
  it("is docs/reliability.md's table, row for row, with the seller's release from an open dispute", () => {
    const rows = TRANSITIONS.map((rule) => `${rule.from.join("|")} -> ${rule.to} by ${rule.role}: ${rule.ledger}`);
    expect(rows).toEqual([
      "active_funded -> paid by buyer: none",
      "active_funded -> cancelled_buyer by buyer: void",
      "active_funded -> cancelled_seller by seller: void",
      "active_funded -> expired by system: void",
      "paid|dispute_open -> released by seller: post",
      "paid|active_funded -> dispute_open by buyer: none",
      "paid|active_funded -> dispute_open by seller: none",
      "dispute_open -> dispute_won_buyer by moderator: post",
      "dispute_open -> dispute_won_seller by moderator: void",
    ]);
  });

  it("never leaves a finished status", () => {
    for (const rule of TRANSITIONS) for (const from of rule.from) expect(isFinishedStatus(from)).toBe(false);
    for (const status of TRADE_FINISHED_STATUSES) expect(TRANSITIONS.some((rule) => rule.to === status)).toBe(true);
    expect(TRADE_USED_STATUSES).toHaveLength(9);
  });

  it("settles the escrow exactly on the way into a finished status", () => {
    for (const rule of TRANSITIONS) expect(rule.ledger !== "none").toBe(isFinishedStatus(rule.to));
  });

  it("names who may issue each command", () => {
    expect(rolesFor("paid")).toEqual(["buyer"]);
    expect(rolesFor("release")).toEqual(["seller"]);
    expect(rolesFor("cancel")).toEqual(["buyer", "seller"]);
    expect(rolesFor("dispute")).toEqual(["buyer", "seller"]);
    expect(rolesFor("award_buyer")).toEqual(["moderator"]);
    expect(ruleFor("release", "buyer")).toBeNull();
    expect(ruleFor("paid", "moderator")).toBeNull();
  });
});

describe("what counts as cancelled", () => {
  it("is cancelled by the buyer or the system, never the seller's cancel or an expiry", () => {
    expect(["cancelled_buyer", "cancelled_system"].every(isCancelledStatus)).toBe(true);
    for (const status of ["cancelled_seller", "expired", "released", "dispute_won_seller", "cancelled"])
      expect(isCancelledStatus(status)).toBe(false);
  });
  it("tells the trades whose escrow went back without a dispute apart from the ones with a result", () => {
    for (const status of ["cancelled_buyer", "cancelled_seller", "expired"]) expect(isVoidedStatus(status)).toBe(true);
    for (const status of ["released", "dispute_won_buyer", "dispute_won_seller", "paid"])
      expect(isVoidedStatus(status)).toBe(false);
  });
});

describe("a release while a dispute is open", () => {
  it("is the seller's, and closes the dispute in the buyer's favour", () => {
    const disputed = facts({ status: "dispute_open", paidAt: at });
    expect(explainRefusal("release", "seller", disputed, at)).toBeNull();
    expect(explainRefusal("release", "buyer", disputed, at)).toEqual({ kind: "not_allowed_for_role" });
    expect(ruleFor("release", "seller")?.closesDisputeFor).toBe("buyer");
  });

  it("leaves nothing to appeal, since no moderator decided it", () => {
    const released = {
      status: "released" as const,
      disputeResolvedAt: at,
      disputeOutcome: "buyer" as const,
      appealedAt: null,
    };
    expect(appealStatusOf(released, "seller", true, at)).toEqual({ status: "not_available", availableUntil: null });
  });
});

describe("explainRefusal", () => {
  it("refuses the wrong actor before looking at the state", () => {
    expect(explainRefusal("release", "buyer", facts({ status: "paid" }), at)).toEqual({ kind: "not_allowed_for_role" });
  });

  it("refuses a command from a status it does not start from", () => {
    expect(explainRefusal("release", "seller", facts(), at)).toEqual({ kind: "wrong_state", status: "active_funded" });
  });

  it("lets the system expire a trade only once its payment window has passed", () => {
    expect(explainRefusal("expire", "system", facts(), at)).toEqual({
      kind: "guard",
      guard: "after_expiry",
      status: "active_funded",
    });
    expect(
      explainRefusal("expire", "system", facts({ expiresAt: new Date(at.getTime() - minutes(1)) }), at),
    ).toBeNull();
  });

  it("lets the buyer mark paid only inside the payment window and with the requirements met", () => {
    expect(explainRefusal("paid", "buyer", facts(), at)).toBeNull();
    expect(explainRefusal("paid", "buyer", facts({ expiresAt: at }), at)).toMatchObject({ guard: "before_expiry" });
    const pending = facts({
      requirements: [{ id: "payment_receipt", step: "before_mark_as_paid", status: "pending", isOptional: false }],
    });
    expect(explainRefusal("paid", "buyer", pending, at)).toMatchObject({ guard: "requirements_met" });
    const optional = facts({
      requirements: [{ id: "payment_receipt", step: "before_mark_as_paid", status: "pending", isOptional: true }],
    });
    expect(explainRefusal("paid", "buyer", optional, at)).toBeNull();
  });

  it("lets the seller cancel only after the window passed unpaid", () => {
    expect(explainRefusal("cancel", "seller", facts(), at)).toMatchObject({ guard: "after_expiry" });
    expect(explainRefusal("cancel", "seller", facts({ expiresAt: at }), at)).toBeNull();
    expect(explainRefusal("cancel", "buyer", facts(), at)).toBeNull();
  });

  it("makes a dispute available at once when paid, ten minutes after the start otherwise, never past the window", () => {
    expect(explainRefusal("dispute", "buyer", facts(), at)).toMatchObject({ guard: "dispute_available" });
    const old = facts({ startedAt: new Date(at.getTime() - minutes(10)) });
    expect(explainRefusal("dispute", "seller", old, at)).toBeNull();
    expect(explainRefusal("dispute", "seller", { ...old, expiresAt: at }, at)).toMatchObject({
      guard: "dispute_available",
    });
    expect(explainRefusal("dispute", "buyer", facts({ status: "paid", paidAt: at }), at)).toBeNull();
  });

  it("dates a paid trade's dispute from the payment, keeps it open past the window, and dates none once finished", () => {
    const paidAt = new Date(at.getTime() - minutes(2));
    expect(disputeAvailableAt(facts({ status: "paid", paidAt }))).toEqual(paidAt);
    const paidLate = facts({ status: "paid", paidAt, expiresAt: new Date(at.getTime() - minutes(1)) });
    expect(explainRefusal("dispute", "buyer", paidLate, at)).toBeNull();
    expect(disputeAvailableAt(facts({ status: "released", paidAt }))).toBeNull();
  });
});

describe("appeals", () => {
  const resolved = {
    status: "dispute_won_seller" as const,
    disputeResolvedAt: at,
    disputeOutcome: "seller" as const,
    appealedAt: null,
  };

  it("are available to the losing party within 48 hours when the feature is on", () => {
    expect(appealStatusOf(resolved, "buyer", true, at).status).toBe("available");
    expect(appealStatusOf(resolved, "seller", true, at).status).toBe("not_available");
    expect(appealStatusOf(resolved, "buyer", false, at).status).toBe("not_available");
    expect(appealStatusOf(resolved, "buyer", true, new Date(at.getTime() + minutes(48 * 60))).status).toBe("expired");
    expect(appealStatusOf({ ...resolved, appealedAt: at }, "buyer", true, at).status).toBe("appealed");
  });

  it("are the seller's when the buyer won, and never the winner's", () => {
    const buyerWon = { ...resolved, status: "dispute_won_buyer" as const, disputeOutcome: "buyer" as const };
    expect(appealStatusOf(buyerWon, "seller", true, at).status).toBe("available");
    expect(appealStatusOf(buyerWon, "buyer", true, at).status).toBe("not_available");
    expect(appealStatusOf(buyerWon, "moderator", true, at).status).toBe("not_available");
  });
});

describe("requirements and flow", () => {
  it("derives the requirements from the offer", () => {
    expect(requirementsForOffer({ type: "sell", tags: [], paymentMethodGroupSlug: "cash-deposits" })).toEqual([]);
    expect(
      requirementsForOffer({ type: "sell", tags: [], paymentMethodGroupSlug: "bank-transfers" }).map((r) => r.id),
    ).toEqual(["payer_name"]);
    expect(requirementsForOffer({ type: "buy", tags: [], paymentMethodGroupSlug: "bank-transfers" })).toEqual([]);
    expect(
      requirementsForOffer({
        type: "sell",
        tags: ["receipt-required", "invoice-required", "physical-card"],
        paymentMethodGroupSlug: "gift-cards",
      }).map((r) => r.id),
    ).toEqual(["payment_receipt", "invoice", "card_photo"]);
  });

  it("asks a payer name of online transfers and of a no-third-party offer, each requirement mandatory", () => {
    const payerName = { id: "payer_name", step: "before_reveal_payment_details", isOptional: false };
    expect(requirementsForOffer({ type: "sell", tags: [], paymentMethodGroupSlug: "online-transfers" })).toEqual([
      payerName,
    ]);
    expect(requirementsForOffer({ type: "buy", tags: ["no-third-party"], paymentMethodGroupSlug: null })).toEqual([
      payerName,
    ]);
    expect(
      requirementsForOffer({
        type: "sell",
        tags: ["receipt-required", "invoice-required", "physical-card"],
        paymentMethodGroupSlug: "gift-cards",
      }),
    ).toEqual([
      { id: "payment_receipt", step: "before_mark_as_paid", isOptional: false },
      { id: "invoice", step: "before_mark_as_paid", isOptional: false },
      { id: "card_photo", step: "before_mark_as_paid", isOptional: false },
    ]);
    // A card photo is asked of a physical gift card only.
    expect(requirementsForOffer({ type: "sell", tags: [], paymentMethodGroupSlug: "gift-cards" })).toEqual([]);
    expect(
      requirementsForOffer({ type: "sell", tags: ["physical-card"], paymentMethodGroupSlug: "cash-deposits" }),
    ).toEqual([]);
  });

  it("lists the pending requirements of one step, or of every step", () => {
    const requirements = [
      {
        id: "payer_name" as const,
        step: "before_reveal_payment_details" as const,
        isOptional: false,
        status: "pending" as const,
      },
      {
        id: "payment_receipt" as const,
        step: "before_mark_as_paid" as const,
        isOptional: false,
        status: "pending" as const,
      },
    ];
    expect(pendingRequirements({ requirements }, "before_mark_as_paid")).toEqual(["payment_receipt"]);
    expect(pendingRequirements({ requirements })).toEqual(["payer_name", "payment_receipt"]);
  });

  it("counts the second step as reached once paid or released, whatever the flow's step", () => {
    expect(isSecondStepReached("before_reveal_payment_details", "active_funded")).toBe(false);
    expect(isSecondStepReached("before_reveal_payment_details", "paid")).toBe(true);
    expect(isSecondStepReached("before_reveal_payment_details", "released")).toBe(true);
    expect(isSecondStepReached("before_mark_as_paid", "active_funded")).toBe(true);
  });

  it("reveals the payment details once the first step's requirements are met", () => {
    const requirement = {
      id: "payer_name" as const,
      step: "before_reveal_payment_details" as const,
      isOptional: false,
    };
    expect(flowStepOf({ requirements: [{ ...requirement, status: "pending" }] })).toBe("before_reveal_payment_details");
    expect(flowStepOf({ requirements: [{ ...requirement, status: "uploaded" }] })).toBe("before_mark_as_paid");
    expect(flowStepOf({ requirements: [{ ...requirement, status: "rejected" }] })).toBe(
      "before_reveal_payment_details",
    );
  });
});

describe("amounts and parties", () => {
  const offer = {
    rangeType: "min_max" as const,
    fiatLimitMin: "10",
    fiatLimitMax: "500",
    predefinedAmounts: [],
    newBuyerMaxFiatLimit: "100",
    capRemaining: null,
  };

  it("checks the range, the new-buyer limit and predefined amounts exactly", () => {
    const taker = { isBuyer: true, completedTrades: 0 };
    expect(checkFiatAmount(parseDecimal("10"), offer, { ...taker, completedTrades: 1 })).toBeNull();
    expect(checkFiatAmount(parseDecimal("9.99"), offer, taker)?.message).toBe("amount_below_min");
    expect(checkFiatAmount(parseDecimal("500.01"), offer, taker)?.message).toBe("amount_above_max");
    expect(checkFiatAmount(parseDecimal("100.01"), offer, taker)?.message).toBe("amount_above_new_buyer_limit");
    expect(checkFiatAmount(parseDecimal("100.01"), offer, { isBuyer: false, completedTrades: 0 })).toBeNull();
    const predefined = { ...offer, rangeType: "predefined" as const, predefinedAmounts: ["25", "50"] };
    expect(checkFiatAmount(parseDecimal("50.00"), predefined, { ...taker, completedTrades: 3 })).toBeNull();
    expect(checkFiatAmount(parseDecimal("30"), predefined, taker)?.message).toBe("amount_not_predefined");
  });

  it("lets an amount reach the maximum, the new-buyer limit and the cap's rest exactly", () => {
    const taker = { isBuyer: true, completedTrades: 0 };
    expect(checkFiatAmount(parseDecimal("500"), offer, { ...taker, completedTrades: 1 })).toBeNull();
    expect(checkFiatAmount(parseDecimal("100"), offer, taker)).toBeNull();
    const capped = { ...offer, capRemaining: "80" };
    expect(checkFiatAmount(parseDecimal("80"), capped, taker)).toBeNull();
    expect(checkFiatAmount(parseDecimal("80.01"), capped, taker)).toEqual({
      field: "fiatAmount",
      message: "amount_above_offer_cap",
      limit: "80",
    });
  });

  it("checks the range when the list of predefined amounts is empty or the range is not predefined", () => {
    const taker = { isBuyer: false, completedTrades: 3 };
    const emptyList = { ...offer, rangeType: "predefined" as const, predefinedAmounts: [] };
    expect(checkFiatAmount(parseDecimal("30"), emptyList, taker)).toBeNull();
    expect(checkFiatAmount(parseDecimal("600"), emptyList, taker)?.message).toBe("amount_above_max");
    const listedButRange = { ...offer, predefinedAmounts: ["25"] };
    expect(checkFiatAmount(parseDecimal("30"), listedButRange, taker)).toBeNull();
  });

  it("makes the owner of a sell offer the seller and the owner of a buy offer the buyer", () => {
    expect(partiesOf({ type: "sell", ownerId: 1 }, 2)).toEqual({ buyerId: 2, sellerId: 1, takerIsBuyer: true });
    expect(partiesOf({ type: "buy", ownerId: 1 }, 2)).toEqual({ buyerId: 1, sellerId: 2, takerIsBuyer: false });
  });

  it("counts verification tiers like the wallet", () => {
    expect([0, 0.5, 1, 1.5, 2, 2.9, 3, 4].map(kycTierOf)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });
});
