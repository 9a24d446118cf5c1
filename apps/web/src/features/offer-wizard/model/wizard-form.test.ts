import type { OfferDraft } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import {
  checkWizardValues,
  emptyWizardValues,
  firstStepWithErrors,
  formPathOfServerField,
  stepOfField,
  type WizardFormValues,
  wizardValuesFromDraft,
  wizardValuesToPayload,
} from "./wizard-form.ts";

function valid(overrides: Partial<WizardFormValues> = {}): WizardFormValues {
  return {
    ...emptyWizardValues({ paymentMethodSlug: "zelle" }),
    fiatLimitMin: "100",
    fiatLimitMax: "1000",
    ...overrides,
  };
}

function messagesOf(values: WizardFormValues): Record<string, string> {
  return Object.fromEntries(checkWizardValues(values).map((issue) => [issue.path.join("."), issue.message]));
}

describe("the wizard's rules", () => {
  it("accepts a complete offer", () => {
    expect(checkWizardValues(valid())).toEqual([]);
  });

  it("asks for a payment method and both limits", () => {
    expect(messagesOf(valid({ paymentMethodSlug: "", fiatLimitMin: "", fiatLimitMax: "" }))).toEqual({
      paymentMethodSlug: "payment_method_required",
      fiatLimitMin: "required",
      fiatLimitMax: "required",
    });
  });

  it("refuses a maximum below the minimum, and zero limits", () => {
    expect(messagesOf(valid({ fiatLimitMin: "500", fiatLimitMax: "100" }))).toEqual({
      fiatLimitMax: "limit_max_below_min",
    });
    expect(messagesOf(valid({ fiatLimitMin: "0" }))).toEqual({ fiatLimitMin: "must_be_positive" });
  });

  it("keeps the margin within the contracts' bounds and two decimals", () => {
    expect(messagesOf(valid({ margin: "1000.01" }))).toEqual({ margin: "margin_out_of_range" });
    expect(messagesOf(valid({ margin: "-99.5" }))).toEqual({ margin: "margin_out_of_range" });
    expect(messagesOf(valid({ margin: "1.255" }))).toEqual({ margin: "margin_too_precise" });
    expect(messagesOf(valid({ margin: "-" }))).toEqual({ margin: "decimal_invalid" });
  });

  it("needs a positive fixed price for a fixed-price offer, whatever the margin says", () => {
    expect(messagesOf(valid({ priceType: "fixed", margin: "" }))).toEqual({ fixedPrice: "fixed_price_required" });
    expect(messagesOf(valid({ priceType: "fixed", fixedPrice: "0.00" }))).toEqual({
      fixedPrice: "fixed_price_must_be_positive",
    });
  });

  it("checks predefined amounts against the limits", () => {
    expect(messagesOf(valid({ rangeType: "predefined" }))).toEqual({
      predefinedAmounts: "predefined_amounts_required",
    });
    expect(messagesOf(valid({ rangeType: "predefined", predefinedAmounts: ["50", "200"] }))).toEqual({
      predefinedAmounts: "predefined_amount_out_of_range",
    });
    expect(messagesOf(valid({ rangeType: "predefined", predefinedAmounts: ["200", "0200"] }))).toEqual({
      predefinedAmounts: "predefined_amounts_duplicate",
    });
  });

  it("keeps the new-trader limit between the limits and needs a cap amount when the cap is on", () => {
    expect(messagesOf(valid({ newBuyerMaxFiatLimit: "5000" }))).toEqual({
      newBuyerMaxFiatLimit: "new_buyer_limit_out_of_range",
    });
    expect(messagesOf(valid({ offerCap: { active: true, amount: "" } }))).toEqual({ "offerCap.amount": "required" });
  });

  it("needs at least one duty day, each ending after it starts", () => {
    const days = valid().dutyHours.map((row) => ({ ...row, active: false }));
    expect(messagesOf(valid({ hasDutyHours: true, dutyHours: days }))).toEqual({ dutyHours: "duty_hours_required" });
    const late = valid().dutyHours.map((row) =>
      row.day === 2 ? { ...row, startTime: "18:00", endTime: "09:00" } : row,
    );
    expect(messagesOf(valid({ hasDutyHours: true, dutyHours: late }))).toEqual({
      "dutyHours.1.endTime": "duty_hours_end_before_start",
    });
  });
});

describe("server field errors", () => {
  it("land on the wizard's fields and open the first step that holds one", () => {
    expect(formPathOfServerField("offerCap")).toBe("offerCap.amount");
    expect(formPathOfServerField("dutyHours.3.endTime")).toBe("dutyHours");
    expect(formPathOfServerField("fiatLimitMax")).toBe("fiatLimitMax");
    expect(formPathOfServerField("binCodes")).toBeNull();
    expect(formPathOfServerField("bankAccountIds")).toBe("bankAccountIds");
    expect(stepOfField("bankAccountIds")).toBe("terms");
    expect(stepOfField("paymentMethodSlug")).toBe("basics");
    expect(stepOfField("offerCap.amount")).toBe("pricing");
    expect(stepOfField("tags")).toBe("terms");
    expect(firstStepWithErrors(["tags", "margin"])).toBe("pricing");
    expect(firstStepWithErrors([])).toBeNull();
  });
});

describe("the payload", () => {
  it("is the contracts' offer payload with canonical numbers", () => {
    const payload = wizardValuesToPayload(
      valid({
        margin: "002.50",
        fiatLimitMin: "0100",
        requireMinPastTrades: "05",
        hasDutyHours: true,
        tags: ["no-vpn"],
        cardRegions: ["us"],
      }),
      { isOfferCapEnabled: true, paymentMethodGroupSlug: "online-transfers" },
    );
    expect(payload).toMatchObject({
      type: "sell",
      paymentMethodSlug: "zelle",
      priceType: "margin",
      margin: "2.50",
      fixedPrice: null,
      fiatLimitMin: "100",
      fiatLimitMax: "1000",
      predefinedAmounts: [],
      newBuyerMaxFiatLimit: null,
      paymentWindowMinutes: 30,
      requireMinPastTrades: 5,
      tags: ["no-vpn"],
      cardRegions: [],
      offerCap: null,
    });
    expect(payload.dutyHours?.map((hour) => hour.day)).toEqual([1, 2, 3, 4, 5]);
  });

  it("carries a sell offer's ticked bank accounts, and none for a buy offer or a list not read yet", () => {
    const options = { isOfferCapEnabled: false, paymentMethodGroupSlug: null };
    expect(wizardValuesToPayload(valid({ bankAccountIds: ["7", "3"] }), options).bankAccountIds).toEqual([7, 3]);
    expect(wizardValuesToPayload(valid({ bankAccountIds: [] }), options).bankAccountIds).toEqual([]);
    expect(wizardValuesToPayload(valid({ type: "buy", bankAccountIds: ["7"] }), options)).not.toHaveProperty(
      "bankAccountIds",
    );
    expect(wizardValuesToPayload(valid({ bankAccountIds: null }), options)).not.toHaveProperty("bankAccountIds");
  });

  it("sends no cap when the feature is off and no margin for a fixed price", () => {
    const payload = wizardValuesToPayload(valid({ priceType: "fixed", fixedPrice: "86000.5" }), {
      isOfferCapEnabled: false,
      paymentMethodGroupSlug: null,
    });
    expect(payload.offerCap).toBeUndefined();
    expect(payload.margin).toBeUndefined();
    expect(payload.fixedPrice).toBe("86000.5");
  });

  it("round-trips an existing offer's draft", () => {
    const draft = {
      type: "buy",
      cryptoCurrencyCode: "USDT",
      fiatCurrencyCode: "NGN",
      paymentMethodSlug: "bank-transfer",
      flowType: "default",
      priceType: "margin",
      margin: "-1.5",
      fixedPrice: null,
      rangeType: "predefined",
      fiatLimitMin: "5000",
      fiatLimitMax: "50000",
      predefinedAmounts: ["5000", "10000"],
      newBuyerMaxFiatLimit: null,
      paymentWindowMinutes: 60,
      offerTerms: "Terms",
      tradeDetails: "",
      label: "",
      tags: [],
      requireMinPastTrades: 3,
      requireVerifiedId: true,
      requireFullNameVisibility: false,
      showOnlyTrustedUser: false,
      isAnonymousUserRestricted: false,
      availableIn: ["NG"],
      dutyHours: [{ day: 6, startTime: "10:00", endTime: "14:00", active: true }],
      timezone: "Africa/Lagos",
      offerCap: { amount: "200000", active: true },
      manualEscrowFee: null,
      isThirdPartyTreatmentEnabled: false,
      isGiftCardCheckEnabled: false,
      isBinCodeEnabled: false,
      binCodes: [],
      cardRegions: [],
      location: null,
      isActive: false,
    } satisfies OfferDraft;
    const values = wizardValuesFromDraft(draft);
    expect(values.hasDutyHours).toBe(true);
    expect(values.dutyHours.filter((row) => row.active)).toEqual([
      { day: 6, active: true, startTime: "10:00", endTime: "14:00" },
    ]);
    expect(checkWizardValues(values)).toEqual([]);
    const payload = wizardValuesToPayload(values, {
      isOfferCapEnabled: true,
      paymentMethodGroupSlug: "bank-transfers",
    });
    expect(payload).toMatchObject({
      margin: "-1.5",
      rangeType: "predefined",
      predefinedAmounts: ["5000", "10000"],
      requireMinPastTrades: 3,
      availableIn: ["NG"],
      dutyHours: draft.dutyHours,
      offerCap: { amount: "200000", active: true },
      isActive: false,
    });
  });
});
