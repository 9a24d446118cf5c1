import type { DutyHour, OfferDraft } from "@souk/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  changeReasonOf,
  type DraftContext,
  draftFromInput,
  dutyUtcRanges,
  humanizeSeconds,
  isInUtcRanges,
  isOnDuty,
  localMoment,
  locationText,
  minuteOfWeekUtc,
  ownerSideOf,
  ownerStatus,
  tagsFor,
  validateDraft,
  zoneOffsetMinutes,
} from "./offers.domain.ts";

const context: DraftContext = {
  crypto: { id: 1, code: "BTC", isBlocked: false },
  fiat: { id: 144, code: "USD", decimals: 2 },
  paymentMethod: {
    id: 15,
    slug: "zelle",
    groupSlug: "online-transfers",
    isBinCodeEnabled: false,
    currencyCodes: ["USD"],
  },
  hasMarketRate: true,
  isKnownCountry: (iso) => ["US", "GB", "NG"].includes(iso),
  isKnownTimezone: (zone) => zone === "UTC" || zone === "Europe/Berlin",
  features: { offerCap: true, manualEscrowFee: true, offRamp: false, bazaar: false },
};

function draft(overrides: Partial<OfferDraft> = {}): OfferDraft {
  const { draft: made, errors } = draftFromInput(
    {
      type: "sell",
      cryptoCurrencyCode: "btc",
      fiatCurrencyCode: "usd",
      paymentMethodSlug: "Zelle",
      fiatLimitMin: "50",
      fiatLimitMax: "1000",
    },
    null,
  );
  expect(errors).toEqual({});
  return { ...made, ...overrides };
}

describe("offer drafts", () => {
  it("fills the defaults and normalizes codes on create", () => {
    const made = draft();
    expect(made).toMatchObject({
      cryptoCurrencyCode: "BTC",
      fiatCurrencyCode: "USD",
      paymentMethodSlug: "zelle",
      priceType: "margin",
      margin: "0",
      rangeType: "min_max",
      paymentWindowMinutes: 30,
      timezone: "UTC",
      isActive: true,
    });
  });

  it("names every required field left out on create", () => {
    const { errors } = draftFromInput({}, null);
    expect(Object.keys(errors).sort()).toEqual(
      ["cryptoCurrencyCode", "fiatCurrencyCode", "fiatLimitMax", "fiatLimitMin", "paymentMethodSlug", "type"].sort(),
    );
  });

  it("changes only the sent fields on edit and drops what the new shape does not use", () => {
    const before = draft({
      rangeType: "predefined",
      predefinedAmounts: ["100"],
      priceType: "fixed",
      fixedPrice: "90000",
    });
    const { draft: after } = draftFromInput({ rangeType: "min_max", priceType: "margin", margin: "3.50" }, before);
    expect(after.predefinedAmounts).toEqual([]);
    expect(after.fixedPrice).toBeNull();
    expect(after.margin).toBe("3.5");
    expect(after.fiatLimitMax).toBe("1000");
  });

  it("accepts a sound offer", () => {
    expect(validateDraft(draft({ tags: ["no-vpn", "friends-and-family"] }), context)).toEqual({});
  });

  const refusals: [string, Partial<OfferDraft>, Partial<DraftContext>, string, string][] = [
    ["an unknown coin", {}, { crypto: null }, "cryptoCurrencyCode", "crypto_currency_unknown"],
    [
      "a blocked coin",
      {},
      { crypto: { id: 1, code: "BTC", isBlocked: true } },
      "cryptoCurrencyCode",
      "crypto_currency_blocked",
    ],
    ["an unknown currency", {}, { fiat: null }, "fiatCurrencyCode", "fiat_currency_unknown"],
    ["a currency without a rate", {}, { hasMarketRate: false }, "fiatCurrencyCode", "no_market_rate"],
    ["an unknown payment method", {}, { paymentMethod: null }, "paymentMethodSlug", "payment_method_unknown"],
    [
      "a method that does not take the currency",
      {},
      { fiat: { id: 145, code: "EUR", decimals: 2 } },
      "paymentMethodSlug",
      "payment_method_not_for_currency",
    ],
    ["a switched-off flow", { flowType: "offramp" }, {}, "flowType", "flow_type_unavailable"],
    ["a margin below -99 %", { margin: "-99.5" }, {}, "margin", "margin_out_of_range"],
    ["a margin above 1000 %", { margin: "1000.01" }, {}, "margin", "margin_out_of_range"],
    ["a margin with three decimals", { margin: "1.255" }, {}, "margin", "margin_too_precise"],
    ["a fixed price left out", { priceType: "fixed", fixedPrice: null }, {}, "fixedPrice", "fixed_price_required"],
    ["a zero fixed price", { priceType: "fixed", fixedPrice: "0" }, {}, "fixedPrice", "fixed_price_must_be_positive"],
    [
      "a negative fixed price",
      { priceType: "fixed", fixedPrice: "-1" },
      {},
      "fixedPrice",
      "fixed_price_must_be_positive",
    ],
    [
      "a fixed price finer than the fiat",
      { priceType: "fixed", fixedPrice: "90000.001" },
      {},
      "fixedPrice",
      "fixed_price_too_precise",
    ],
    ["a payment window of 0", { paymentWindowMinutes: 0 }, {}, "paymentWindowMinutes", "payment_window_too_short"],
    ["a payment window of 361", { paymentWindowMinutes: 361 }, {}, "paymentWindowMinutes", "payment_window_too_long"],
    ["a payment window of 30.5", { paymentWindowMinutes: 30.5 }, {}, "paymentWindowMinutes", "payment_window_invalid"],
    ["a negative trades minimum", { requireMinPastTrades: -1 }, {}, "requireMinPastTrades", "must_not_be_negative"],
    ["a zero minimum", { fiatLimitMin: "0" }, {}, "fiatLimitMin", "must_be_positive"],
    [
      "a maximum below the minimum",
      { fiatLimitMin: "500", fiatLimitMax: "100" },
      {},
      "fiatLimitMax",
      "limit_max_below_min",
    ],
    [
      "predefined amounts left out",
      { rangeType: "predefined", predefinedAmounts: [] },
      {},
      "predefinedAmounts",
      "predefined_amounts_required",
    ],
    [
      "a predefined amount out of range",
      { rangeType: "predefined", predefinedAmounts: ["100", "5000"] },
      {},
      "predefinedAmounts",
      "predefined_amount_out_of_range",
    ],
    [
      "a repeated predefined amount",
      { rangeType: "predefined", predefinedAmounts: ["100", "100"] },
      {},
      "predefinedAmounts",
      "predefined_amounts_duplicate",
    ],
    [
      "a new-buyer limit above the maximum",
      { newBuyerMaxFiatLimit: "2000" },
      {},
      "newBuyerMaxFiatLimit",
      "new_buyer_limit_out_of_range",
    ],
    ["an unknown tag", { tags: ["free-money"] }, {}, "tags", "tag_unknown"],
    ["a tag of another group", { tags: ["cash-only"] }, {}, "tags", "tag_not_for_payment_method"],
    ["a repeated tag", { tags: ["no-vpn", "no-vpn"] }, {}, "tags", "tag_duplicate"],
    ["an unknown country", { availableIn: ["ZZ"] }, {}, "availableIn", "country_unknown"],
    [
      "two windows on one day",
      {
        dutyHours: [
          { day: 1, startTime: "09:00", endTime: "12:00", active: true },
          { day: 1, startTime: "13:00", endTime: "17:00", active: true },
        ],
      },
      {},
      "dutyHours",
      "duty_day_duplicate",
    ],
    [
      "a window ending before it starts",
      { dutyHours: [{ day: 2, startTime: "18:00", endTime: "09:00", active: true }] },
      {},
      "dutyHours",
      "duty_hours_end_before_start",
    ],
    ["an unknown time zone", { timezone: "Mars/Olympus" }, {}, "timezone", "timezone_invalid"],
    [
      "an active cap without an amount",
      { offerCap: { amount: null, active: true } },
      {},
      "offerCap.amount",
      "required",
    ],
    [
      "a cap while caps are switched off",
      { offerCap: { amount: "100", active: true } },
      { features: { ...context.features, offerCap: false } },
      "offerCap",
      "feature_disabled",
    ],
    ["an escrow fee above 10 %", { manualEscrowFee: "12" }, {}, "manualEscrowFee", "manual_escrow_fee_out_of_range"],
    [
      "an escrow fee with three decimals",
      { manualEscrowFee: "1.125" },
      {},
      "manualEscrowFee",
      "manual_escrow_fee_too_precise",
    ],
    [
      "bin codes on a method without them",
      { binCodes: ["411111"] },
      {},
      "binCodes",
      "bin_codes_not_for_payment_method",
    ],
    ["an unknown card region", { cardRegions: ["xx"] }, {}, "cardRegions", "card_region_unknown"],
    [
      "card regions on a method that is not a gift card",
      { cardRegions: ["us"] },
      {},
      "cardRegions",
      "card_regions_not_for_payment_method",
    ],
    [
      "a location in an unknown country",
      { location: { city: "Atlantis", subdivision: null, countryIso: "ZZ" } },
      {},
      "location.countryIso",
      "country_unknown",
    ],
  ];

  for (const [what, change, contextChange, field, message] of refusals) {
    it(`refuses ${what}, keyed by ${field}`, () => {
      const errors = validateDraft(draft(change), { ...context, ...contextChange });
      expect(errors[field]).toContain(message);
    });
  }

  it("tells a price change from another change and from a switch", () => {
    const before = draft();
    expect(changeReasonOf(before, { ...before })).toBeNull();
    expect(changeReasonOf(before, { ...before, margin: "3" })).toBe("offer_margin_changed");
    expect(changeReasonOf(before, { ...before, margin: "3", offerTerms: "new" })).toBe("offer_changed");
    expect(changeReasonOf(before, { ...before, isActive: false })).toBe("toggle");
  });
});

describe("duty hours", () => {
  const weekdays: DutyHour[] = [1, 2, 3, 4, 5].map((day) => ({
    day,
    startTime: "09:00",
    endTime: "17:30",
    active: true,
  }));

  it("is always on duty without hours and never with only inactive ones", () => {
    expect(isOnDuty([], "UTC", new Date())).toBe(true);
    expect(isOnDuty([{ day: 1, startTime: "00:00", endTime: "24:00", active: false }], "UTC", new Date())).toBe(false);
  });

  it("reads the weekday and time in the offer's zone", () => {
    // Monday 2026-11-23 07:30 UTC is 08:30 in Berlin (winter time).
    const at = new Date("2026-11-23T07:30:00Z");
    expect(localMoment("Europe/Berlin", at)).toEqual({ day: 1, minute: 8 * 60 + 30 });
    expect(isOnDuty(weekdays, "Europe/Berlin", at)).toBe(false);
    expect(isOnDuty(weekdays, "Europe/Berlin", new Date("2026-11-23T08:00:00Z"))).toBe(true);
    // The end is exclusive.
    expect(isOnDuty(weekdays, "UTC", new Date("2026-11-23T17:30:00Z"))).toBe(false);
    expect(isOnDuty(weekdays, "UTC", new Date("2026-11-28T12:00:00Z"))).toBe(false);
  });

  it("knows a zone's offset with daylight saving", () => {
    expect(zoneOffsetMinutes("Europe/Berlin", new Date("2026-11-23T12:00:00Z"))).toBe(60);
    expect(zoneOffsetMinutes("Europe/Berlin", new Date("2026-07-01T12:00:00Z"))).toBe(120);
    expect(zoneOffsetMinutes("Asia/Kolkata", new Date("2026-07-01T12:00:00Z"))).toBe(330);
    expect(zoneOffsetMinutes("America/New_York", new Date("2026-11-23T12:00:00Z"))).toBe(-300);
  });

  it("splits a window that crosses the end of the UTC week", () => {
    // Monday 00:00-02:00 in UTC+3 is Sunday 21:00-23:00 UTC.
    expect(dutyUtcRanges([{ day: 1, startTime: "00:00", endTime: "02:00", active: true }], 180)).toBe("{[9900,10020)}");
    // Sunday 23:00-24:00 in UTC-2 is Monday 01:00-02:00 UTC.
    expect(dutyUtcRanges([{ day: 7, startTime: "23:00", endTime: "24:00", active: true }], -120)).toBe("{[60,120)}");
    // Sunday 22:00-24:00 in UTC-1 crosses: Sunday 23:00 to Monday 01:00 UTC.
    expect(dutyUtcRanges([{ day: 7, startTime: "22:00", endTime: "24:00", active: true }], -60)).toBe(
      "{[0,60),[10020,10080)}",
    );
    expect(dutyUtcRanges([], 60)).toBeNull();
  });

  it("gives the listing's UTC ranges the same answer as the exact rule (1,000 runs)", () => {
    const zones = ["UTC", "Europe/Berlin", "Asia/Kolkata", "America/New_York", "Pacific/Auckland", "Asia/Kathmandu"];
    const time = fc.integer({ min: 0, max: 96 }).map((quarter) => {
      const minutes = quarter * 15;
      return minutes === 1440
        ? "24:00"
        : `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    });
    const hour = fc
      .record({ day: fc.integer({ min: 1, max: 7 }), start: time, end: time, active: fc.boolean() })
      .filter((item) => item.start < item.end && item.start !== "24:00")
      .map((item) => ({ day: item.day, startTime: item.start, endTime: item.end, active: item.active }));
    const hours = fc.uniqueArray(hour, { selector: (item) => item.day, maxLength: 7 });
    fc.assert(
      fc.property(
        hours,
        fc.constantFrom(...zones),
        fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2027-12-31T00:00:00Z"), noInvalidDate: true }),
        (dutyHours, zone, at) => {
          const ranges = dutyUtcRanges(dutyHours, zoneOffsetMinutes(zone, at));
          expect(isInUtcRanges(ranges, minuteOfWeekUtc(at))).toBe(isOnDuty(dutyHours, zone, at));
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

describe("shaping", () => {
  const now = new Date("2026-11-21T12:00:00Z");

  it("tells online, recently active and offline owners apart", () => {
    expect(ownerStatus(new Date("2026-11-21T11:55:00Z"), now).type).toBe("online");
    expect(ownerStatus(new Date("2026-11-21T11:20:00Z"), now)).toEqual({
      type: "recently_active",
      text: "Seen 40 minutes ago",
    });
    expect(ownerStatus(new Date("2026-11-19T12:00:00Z"), now)).toEqual({ type: "offline", text: "Seen 2 days ago" });
    expect(ownerStatus(null, now).type).toBe("offline");
  });

  it("writes release times for people", () => {
    expect(humanizeSeconds(null)).toBeNull();
    expect(humanizeSeconds(30)).toBe("less than a minute");
    expect(humanizeSeconds(95)).toBe("2 minutes");
    expect(humanizeSeconds(5400)).toBe("1 hour 30 minutes");
  });

  it("joins a location with commas and skips the missing parts", () => {
    expect(locationText({ city: "Lagos", subdivision: null, countryName: "Nigeria" })).toBe("Lagos, Nigeria");
    expect(locationText({ city: null, subdivision: null, countryName: null })).toBeNull();
  });

  it("lists the tags a payment method group may carry", () => {
    const slugs = tagsFor("gift-cards").map((tag) => tag.slug);
    expect(slugs).toContain("physical-card");
    expect(slugs).toContain("no-vpn");
    expect(slugs).not.toContain("cash-only");
  });

  it("turns the visitor's side into the owner's", () => {
    expect(ownerSideOf("buy")).toBe("sell");
    expect(ownerSideOf("sell")).toBe("buy");
  });
});
