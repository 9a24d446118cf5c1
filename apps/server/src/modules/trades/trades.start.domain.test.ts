import { parseDecimal } from "@souk/money";
import { describe, expect, it } from "vitest";
import type { OfferForTrade } from "../offers/index.ts";
import { decideStart, type StartFacts, type StartPlan, type StartTaker, toUsd } from "./trades.start.domain.ts";

const OWNER = 7;
const TAKER = 9;

function offer(overrides: Partial<OfferForTrade> = {}): OfferForTrade {
  return {
    offerId: 1n,
    idHashed: "AbCdEfGhIjK",
    ownerId: OWNER,
    ownerUsername: "owner",
    type: "sell",
    flowType: "default",
    cryptoCurrencyId: 1,
    cryptoCurrencyCode: "BTC",
    cryptoDecimals: 8,
    fiatCurrencyId: 2,
    fiatCurrencyCode: "EUR",
    fiatDecimals: 2,
    paymentMethodId: 3,
    paymentMethodSlug: "sepa",
    paymentMethodName: "SEPA",
    priceType: "margin",
    margin: "0",
    fixedPrice: null,
    fiatPricePerCrypto: "50000",
    marketPrice: "50000",
    ratesAsOf: null,
    rangeType: "min_max",
    fiatLimitMin: "10",
    fiatLimitMax: "5000",
    predefinedAmounts: [],
    newBuyerMaxFiatLimit: null,
    offerCap: null,
    requirements: {
      minPastTrades: 0,
      verifiedId: false,
      fullNameVisibility: false,
      trustedOnly: false,
      anonymousRestricted: false,
      availableIn: [],
    },
    paymentWindowMinutes: 30,
    escrowFeeBps: 100,
    isManualEscrowFee: false,
    dutyHours: [],
    timezone: "UTC",
    isOnDuty: true,
    offerTerms: "terms",
    tradeDetails: "details",
    label: "",
    tags: [],
    version: 1,
    lastChangeReason: null,
    isTradable: true,
    unavailableReason: null,
    ...overrides,
  } as OfferForTrade;
}

function taker(overrides: Partial<StartTaker> = {}): StartTaker {
  return {
    completedTrades: 3,
    isIdVerified: true,
    kycLevel: 3,
    countryIso: "FR",
    hasVisibleFullName: true,
    sellerFeeDiscount: "0",
    ownerIp: null,
    isClosed: false,
    isOwnerClosed: false,
    ...overrides,
  };
}

function facts(overrides: Partial<StartFacts> = {}): StartFacts {
  return {
    takerId: TAKER,
    takerRestriction: null,
    blockedKycActions: [],
    fiatAmount: parseDecimal("100"),
    ip: null,
    isFeeDiscountOn: false,
    offer: offer(),
    taker: taker(),
    relation: { isTrusted: false, isBlocked: false, isBlockedBy: false },
    fiatPerUsd: null,
    dailyVolumeUsd: null,
    rolling30dVolumeUsd: null,
    activeTrades: null,
    paymentMethodGroupSlug: "online-wallets",
    ...overrides,
  };
}

function refusalOf(overrides: Partial<StartFacts>) {
  const decision = decideStart(facts(overrides));
  if (decision.kind !== "refused") throw new Error("expected a refusal");
  return decision.refusal;
}

function planOf(overrides: Partial<StartFacts> = {}): StartPlan {
  const decision = decideStart(facts(overrides));
  if (decision.kind !== "plan") throw new Error(`expected a plan, got ${JSON.stringify(decision.refusal)}`);
  return decision.plan;
}

describe("decideStart's refusals", () => {
  it("refuses an amount that is not positive, before anything else", () => {
    expect(refusalOf({ fiatAmount: parseDecimal("0"), offer: null })).toEqual({ reason: "amount_must_be_positive" });
  });

  it("answers offer_not_found for no offer and for a taker with no row", () => {
    expect(refusalOf({ offer: null })).toEqual({ reason: "offer_not_found" });
    expect(refusalOf({ taker: null })).toEqual({ reason: "offer_not_found" });
  });

  it("refuses a closed taker, then a closed offer owner, before looking at the offer's terms", () => {
    const closedTaker = taker({ isClosed: true, isOwnerClosed: true });
    const unavailable = offer({ isTradable: false, unavailableReason: "offer_inactive" } as Partial<OfferForTrade>);
    expect(refusalOf({ taker: closedTaker, offer: unavailable })).toEqual({ reason: "account_closed", party: "taker" });
    expect(refusalOf({ taker: taker({ isOwnerClosed: true }) })).toEqual({
      reason: "account_closed",
      party: "offer_owner",
    });
    expect(refusalOf({ taker: taker({ isOwnerClosed: true }), offer: offer({ type: "buy" }) })).toEqual({
      reason: "account_closed",
      party: "offer_owner",
    });
  });

  it("refuses a taker in a restricted state before reading anything of the offer", () => {
    for (const restriction of ["banned", "suspended", "frozen", "onHold", "compromised"] as const) {
      expect(refusalOf({ takerRestriction: restriction, offer: null, taker: null })).toEqual({
        reason: "user_restricted",
        restriction,
      });
    }
  });

  it("refuses the offer's own owner", () => {
    expect(refusalOf({ takerId: OWNER })).toEqual({ reason: "cannot_trade_with_yourself" });
  });

  it("refuses a blocked KYC action of the taker's side", () => {
    expect(refusalOf({ blockedKycActions: ["start-trade-buy"] })).toEqual({
      reason: "kyc_action_blocked",
      action: "start-trade-buy",
    });
    expect(refusalOf({ offer: offer({ type: "buy" }), blockedKycActions: ["start-trade-sell"] })).toEqual({
      reason: "kyc_action_blocked",
      action: "start-trade-sell",
    });
    expect(decideStart(facts({ blockedKycActions: ["start-trade-sell"] })).kind).toBe("plan");
  });

  it("refuses an offer that cannot be taken, with its reason or no_market_rate", () => {
    expect(refusalOf({ offer: offer({ isTradable: false, unavailableReason: "outside_duty_hours" }) })).toEqual({
      reason: "offer_unavailable",
      unavailableReason: "outside_duty_hours",
    });
    expect(refusalOf({ offer: offer({ fiatPricePerCrypto: null }) })).toEqual({
      reason: "offer_unavailable",
      unavailableReason: "no_market_rate",
    });
  });

  it("refuses more decimals than the fiat has", () => {
    expect(refusalOf({ fiatAmount: parseDecimal("100.005") })).toEqual({ reason: "amount_too_precise" });
  });

  it("refuses when either side blocks the other", () => {
    const blocked = { isTrusted: false, isBlocked: true, isBlockedBy: false };
    expect(refusalOf({ relation: blocked })).toEqual({ reason: "user_blocked" });
    expect(refusalOf({ relation: { ...blocked, isBlocked: false, isBlockedBy: true } })).toEqual({
      reason: "user_blocked",
    });
  });

  it("lists the offer's requirements the taker does not meet", () => {
    const requirements = { ...offer().requirements, minPastTrades: 5, trustedOnly: true };
    expect(refusalOf({ offer: offer({ requirements }) })).toEqual({
      reason: "requirements_not_met",
      requirements: ["require_min_past_trades", "show_only_trusted_user"],
    });
  });

  it("refuses an amount outside the offer's range, new-buyer limit or cap", () => {
    expect(refusalOf({ fiatAmount: parseDecimal("5") })).toEqual({
      reason: "amount_outside_limits",
      problem: { field: "fiatAmount", message: "amount_below_min", limit: "10" },
    });
    const newBuyer = refusalOf({
      offer: offer({ newBuyerMaxFiatLimit: "50" }),
      taker: taker({ completedTrades: 0 }),
    });
    expect(newBuyer).toEqual({
      reason: "amount_outside_limits",
      problem: { field: "fiatAmount", message: "amount_above_new_buyer_limit", limit: "50" },
    });
    const capped = refusalOf({
      offer: offer({ offerCap: { amount: "500", active: true, used: "450", remaining: "50" } }),
    });
    expect(capped).toEqual({
      reason: "amount_outside_limits",
      problem: { field: "fiatAmount", message: "amount_above_offer_cap", limit: "50" },
    });
  });

  it("refuses past the level's limit per trade, in USD", () => {
    expect(refusalOf({ fiatAmount: parseDecimal("2200"), fiatPerUsd: "2", taker: taker({ kycLevel: 0 }) })).toEqual({
      reason: "max_per_trade_limit",
      limitUsd: "1000",
    });
    expect(
      decideStart(facts({ fiatAmount: parseDecimal("1800"), fiatPerUsd: "2", taker: taker({ kycLevel: 0 }) })).kind,
    ).toBe("plan");
  });

  it("refuses past the level's daily volume, naming what was used", () => {
    expect(
      refusalOf({
        fiatAmount: parseDecimal("600"),
        taker: taker({ kycLevel: 0 }),
        dailyVolumeUsd: parseDecimal("1500"),
      }),
    ).toEqual({ reason: "daily_compliance_limit", limitUsd: "2000", usedUsd: "1500" });
  });

  it("refuses past the level's 30-day volume once the day's volume is within its limit", () => {
    expect(
      refusalOf({
        fiatAmount: parseDecimal("600"),
        taker: taker({ kycLevel: 0 }),
        dailyVolumeUsd: parseDecimal("0"),
        rolling30dVolumeUsd: parseDecimal("9500"),
      }),
    ).toEqual({ reason: "rolling_30d_compliance_limit", limitUsd: "10000", usedUsd: "9500" });
    const verified = taker({ kycLevel: 2 });
    expect(
      decideStart(
        facts({ fiatAmount: parseDecimal("600"), taker: verified, rolling30dVolumeUsd: parseDecimal("9500") }),
      ).kind,
    ).toBe("plan");
  });

  it("lets a trade reach each of the level's limits exactly", () => {
    const level0 = taker({ kycLevel: 0 });
    expect(decideStart(facts({ fiatAmount: parseDecimal("2000"), fiatPerUsd: "2", taker: level0 })).kind).toBe("plan");
    const atTheDay = facts({ fiatAmount: parseDecimal("500"), taker: level0, dailyVolumeUsd: parseDecimal("1500") });
    expect(decideStart(atTheDay).kind).toBe("plan");
  });

  it("refuses a third active trade without a verified ID", () => {
    const unverified = taker({ isIdVerified: false });
    expect(refusalOf({ taker: unverified, activeTrades: 2 })).toEqual({
      reason: "max_active_trades_id_not_verified",
      max: 2,
    });
    expect(decideStart(facts({ taker: unverified, activeTrades: 1 })).kind).toBe("plan");
  });

  it("refuses an amount worth less than one minor unit of crypto", () => {
    const offerAtHighPrice = offer({ fiatLimitMin: "0.01", fiatPricePerCrypto: "100000000000" });
    expect(refusalOf({ offer: offerAtHighPrice, fiatAmount: parseDecimal("0.01") })).toEqual({
      reason: "amount_too_small",
    });
  });
});

describe("decideStart's plan", () => {
  it("locks the price, converts the amount and charges the offer's fee", () => {
    const plan = planOf({ fiatAmount: parseDecimal("100"), fiatPerUsd: "0.5" });
    expect(plan).toMatchObject({
      buyerId: TAKER,
      sellerId: OWNER,
      takerIsBuyer: true,
      fiatAmount: "100.00",
      fiatAmountUsd: "200.00",
      fiatPricePerCrypto: "50000",
      amountMinor: 200_000n,
      feeBps: 100,
      feeMinor: 2_000n,
      requirements: [],
      flowStep: "before_mark_as_paid",
      countsAgainstCap: false,
      isOpponentsSameIp: false,
    });
  });

  it("makes the taker of a buy offer the seller", () => {
    expect(planOf({ offer: offer({ type: "buy" }) })).toMatchObject({
      buyerId: OWNER,
      sellerId: TAKER,
      takerIsBuyer: false,
    });
  });

  it("lowers the fee by the seller's discount only when the feature is on", () => {
    const discounted = taker({ sellerFeeDiscount: "0.5" });
    expect(planOf({ taker: discounted }).feeBps).toBe(100);
    expect(planOf({ taker: discounted, isFeeDiscountOn: true })).toMatchObject({ feeBps: 50, feeMinor: 1_000n });
  });

  it("plans the flow's requirements, starting before the payment details when a payer name is needed", () => {
    const plan = planOf({ paymentMethodGroupSlug: "bank-transfers", offer: offer({ tags: ["receipt-required"] }) });
    expect(plan.requirements.map((requirement) => requirement.id)).toEqual(["payer_name", "payment_receipt"]);
    expect(plan.flowStep).toBe("before_reveal_payment_details");
  });

  it("counts against an active cap and tells when both sides share an address", () => {
    const plan = planOf({
      offer: offer({ offerCap: { amount: "500", active: true, used: "0", remaining: "500" } }),
      ip: "10.0.0.1",
      taker: taker({ ownerIp: "10.0.0.1" }),
    });
    expect(plan).toMatchObject({ countsAgainstCap: true, isOpponentsSameIp: true });
    expect(planOf({ ip: null, taker: taker({ ownerIp: null }) }).isOpponentsSameIp).toBe(false);
    expect(planOf({ ip: "10.0.0.1", taker: taker({ ownerIp: "10.0.0.2" }) }).isOpponentsSameIp).toBe(false);
  });
});

describe("toUsd", () => {
  it("divides by the rate, and keeps the amount without one", () => {
    expect(toUsd(parseDecimal("100"), "4")).toEqual(parseDecimal("25.00"));
    expect(toUsd(parseDecimal("100"), null)).toEqual(parseDecimal("100"));
    expect(toUsd(parseDecimal("100"), "0")).toEqual(parseDecimal("100"));
  });
});
