import { describe, expect, it } from "vitest";
import { isUnusualTerms, LONG_TERMS_CHARS, LONG_TERMS_LINES, riskStateOf } from "./risk-warnings.domain.ts";

const lists = {
  SOUK_CHARGEBACK_RISKY_METHODS: ["paypal", "cash-app"],
  SOUK_SANCTIONED_COUNTRIES: ["IR", "KP"],
  SOUK_GRAY_COUNTRIES: ["NG"],
};
const calm = { paymentMethodSlug: "sepa", offerTerms: "Pay by SEPA.", offerCountryIso: "DE", viewerCountryIso: "FR" };

describe("offer risk warnings", () => {
  it("warns of nothing for a calm offer", () => {
    expect(riskStateOf(calm, lists)).toEqual({
      isGrayCountry: false,
      riskWarnings: { chargebackRisky: false, ofacOfferWarning: false, paymentTermsWarning: false },
    });
  });

  it("warns of chargebacks for a listed payment method", () => {
    expect(riskStateOf({ ...calm, paymentMethodSlug: "paypal" }, lists).riskWarnings.chargebackRisky).toBe(true);
  });

  it("warns of sanctions when the offer's or the viewer's country is listed, in any case", () => {
    expect(riskStateOf({ ...calm, offerCountryIso: "ir" }, lists).riskWarnings.ofacOfferWarning).toBe(true);
    expect(riskStateOf({ ...calm, viewerCountryIso: "KP" }, lists).riskWarnings.ofacOfferWarning).toBe(true);
    expect(
      riskStateOf({ ...calm, offerCountryIso: null, viewerCountryIso: null }, lists).riskWarnings.ofacOfferWarning,
    ).toBe(false);
  });

  it("marks a viewer of a grey-listed country", () => {
    expect(riskStateOf({ ...calm, viewerCountryIso: "NG" }, lists).isGrayCountry).toBe(true);
    expect(riskStateOf({ ...calm, offerCountryIso: "NG" }, lists).isGrayCountry).toBe(false);
  });

  it("finds long terms and terms that take the trade off the platform", () => {
    expect(isUnusualTerms("a".repeat(LONG_TERMS_CHARS))).toBe(false);
    expect(isUnusualTerms("a".repeat(LONG_TERMS_CHARS + 1))).toBe(true);
    expect(isUnusualTerms(Array.from({ length: LONG_TERMS_LINES + 1 }, () => "line").join("\n"))).toBe(true);
    for (const terms of [
      "Write to me at deals@example.com",
      "See https://example.com/rules",
      "Call +44 20 7946 0958 first",
      "Text 415-555-0132",
      "Message me on WhatsApp",
      "We settle outside escrow for big amounts",
      "Release first, then I pay",
    ]) {
      expect(isUnusualTerms(terms), terms).toBe(true);
    }
    for (const terms of [
      "Pay within 30 minutes, reference TRADE-1234.",
      "No third-party payments.",
      "Limits 1000 - 50000 USD, 2 trades a day.",
    ]) {
      expect(isUnusualTerms(terms), terms).toBe(false);
    }
  });
});
