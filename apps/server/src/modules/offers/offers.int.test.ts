import { offerResponseSchema, offerViewResponseSchema, tagsResponseSchema } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/harness.ts";
import { withTx } from "../../db/pool.ts";
import { recordDeposit } from "../wallet/index.ts";
import { getOfferForTrade, recordOfferCapUsage, recordTraderStats } from "./index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function offerPayload(overrides: Record<string, unknown> = {}) {
  return {
    type: "sell",
    crypto_currency_code: "BTC",
    fiat_currency_code: "USD",
    payment_method_slug: "zelle",
    margin: "2.5",
    fiat_limit_min: "50",
    fiat_limit_max: "1000",
    offer_terms: "Pay from your own account.",
    ...overrides,
  };
}

/** A vendor whose bond is deposited (buy offers need it). */
async function bondedVendor(options: { countryIso?: string } = {}): Promise<TestClient> {
  const client = await t.signUp({ countryIso: options.countryIso ?? "US" });
  await recordDeposit(t.db, {
    username: client.user!.username,
    amount: "150",
    cryptoCurrencyCode: "USDT",
    source: "admin",
  });
  const bond = await client.post("/wallet/deposit-bond", { crypto_currency_code: "USDT" });
  expect(bond.status).toBe(200);
  return client;
}

async function createOffer(client: TestClient, overrides: Record<string, unknown> = {}) {
  // The owner holds coins to fund it: a sell offer is listed only then.
  await recordDeposit(t.db, {
    username: client.user!.username,
    amount: "1",
    cryptoCurrencyCode: "BTC",
    source: "admin",
  });
  const response = await client.post("/rest/v1/offers", offerPayload(overrides));
  expect(response.status, response.text).toBe(200);
  return offerResponseSchema.parse(response.body).data;
}

describe("publishing an offer", () => {
  it("publishes with the wizard's payload, prices it from the market and makes the publisher a vendor", async () => {
    const user = await t.signUp();
    const offer = await createOffer(user, { tags: ["no-vpn"], payment_window_minutes: 45 });
    expect(offer.idHashed).toMatch(/^[0-9A-Za-z]{11}$/);
    expect(offer.id).toBe(offer.idHashed);
    expect(offer).toMatchObject({
      type: "sell",
      isSell: true,
      priceType: "margin",
      margin: "2.50",
      // BTC 87350 USD (shipped rates) × 1.025.
      fiatPricePerCrypto: "89533.75",
      pricePerUsd: "1.0250",
      fiatLimitMin: "50",
      fiatLimitMax: "1000",
      paymentWindowMinutes: 45,
      isActive: true,
      isEnabled: true,
      isListed: true,
      moderation: { status: 1, statusName: "approved" },
      fees: { escrowFeePercent: "1", isManual: false },
      ownerUsername: user.user!.username,
    });
    expect(offer.tags.map((tag) => tag.slug)).toEqual(["no-vpn"]);
    expect(offer.originalData).toMatchObject({ cryptoCurrencyCode: "BTC", margin: "2.5", paymentMethodSlug: "zelle" });
    const me = await user.get("/rest/v1/users/current_user");
    expect(me.body.data.roles).toContain("vendor");
  });

  it("takes a fixed price, predefined amounts, duty hours, a cap and a manual escrow fee", async () => {
    const vendor = await t.signUp();
    const offer = await createOffer(vendor, {
      price_type: "fixed",
      fixed_price: "90000",
      range_type: "predefined",
      predefined_amounts: ["100", "250"],
      duty_hours: [{ day: 1, start_time: "09:00", end_time: "17:00", active: true }],
      timezone: "Europe/Berlin",
      offer_cap: { amount: "5000", active: true },
      manual_escrow_fee: "0.75",
      available_in: ["us", "GB"],
    });
    expect(offer).toMatchObject({
      priceType: "fixed",
      fixedPrice: "90000",
      customRate: "90000",
      fiatPricePerCrypto: "90000.00",
      margin: "3.03",
      rangeType: "predefined",
      predefinedAmounts: ["100", "250"],
      timezone: "Europe/Berlin",
      offerCap: { amount: "5000", active: true, used: "0", remaining: "5000" },
      manualEscrowFee: "0.75",
      fees: { escrowFeePercent: "0.75", isManual: true },
      availableIn: ["US", "GB"],
    });
    expect(offer.dutyHours).toEqual([{ day: 1, startTime: "09:00", endTime: "17:00", active: true }]);
  });

  it("keeps a buy offer disabled until the vendor's bond is deposited", async () => {
    const vendor = await t.signUp();
    const offer = await createOffer(vendor, { type: "buy", margin: "-2" });
    expect(offer).toMatchObject({ isActive: true, isEnabled: false, isListed: false });
    const bonded = await bondedVendor();
    expect(await createOffer(bonded, { type: "buy", margin: "-2" })).toMatchObject({ isEnabled: true, isListed: true });
  });

  it("is refused without a session, for a restricted account and for a blocked KYC action", async () => {
    expect((await t.client().post("/rest/v1/offers", offerPayload())).status).toBe(401);
    const frozen = await t.signUp();
    await sql`UPDATE users SET is_frozen = true WHERE id = ${frozen.user!.id}`.execute(t.ownerDb);
    const refused = await frozen.post("/rest/v1/offers", offerPayload());
    expect(refused.status).toBe(403);
    expect(refused.body.errors.code).toBe("ERROR_USER_RESTRICTED");
    const kyc = await t.signUp();
    await sql`UPDATE users SET blocked_kyc_actions = ARRAY['create-offer'] WHERE id = ${kyc.user!.id}`.execute(
      t.ownerDb,
    );
    const blocked = await kyc.post("/rest/v1/offers", offerPayload());
    expect(blocked.status).toBe(403);
    expect(blocked.body.errors.code).toBe("ERROR_KYC_ACTION_BLOCKED");
  });
});

describe("offer validation", () => {
  let vendor: TestClient;
  beforeAll(async () => {
    vendor = await t.signUp();
  });

  async function refusal(overrides: Record<string, unknown>) {
    const response = await vendor.post("/rest/v1/offers", offerPayload(overrides));
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors.code).toBe("ERROR_INPUT_VALIDATION");
    return response.body.errors.details as Record<string, string[]>;
  }

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["an unknown side", { type: "swap" }, "type", "type_invalid"],
    ["an unknown coin", { crypto_currency_code: "DOGE" }, "cryptoCurrencyCode", "crypto_currency_unknown"],
    ["an unknown currency", { fiat_currency_code: "XYZ" }, "fiatCurrencyCode", "fiat_currency_unknown"],
    [
      "an unknown payment method",
      { payment_method_slug: "carrier-pigeon" },
      "paymentMethodSlug",
      "payment_method_unknown",
    ],
    [
      "a method that does not take the currency",
      { fiat_currency_code: "EUR" },
      "paymentMethodSlug",
      "payment_method_not_for_currency",
    ],
    ["an unknown flow", { flow_type: "teleport" }, "flowType", "flow_type_invalid"],
    ["a margin written with an exponent", { margin: "1e3" }, "margin", "decimal_invalid"],
    ["a margin as a JSON number", { margin: 2.5 }, "margin", "Invalid input: expected string, received number"],
    ["a margin above 1000 %", { margin: "1000.5" }, "margin", "margin_out_of_range"],
    ["a margin below -99 %", { margin: "-99.01" }, "margin", "margin_out_of_range"],
    ["a fixed price with letters", { price_type: "fixed", fixed_price: "12abc" }, "fixedPrice", "decimal_invalid"],
    ["a fixed price left out", { price_type: "fixed" }, "fixedPrice", "fixed_price_required"],
    ["a limit with a decimal point", { fiat_limit_min: "50.5" }, "fiatLimitMin", "digits_only"],
    ["a negative limit", { fiat_limit_max: "-5" }, "fiatLimitMax", "digits_only"],
    [
      "a limit maximum below the minimum",
      { fiat_limit_min: "500", fiat_limit_max: "100" },
      "fiatLimitMax",
      "limit_max_below_min",
    ],
    [
      "a predefined amount outside the limits",
      { range_type: "predefined", predefined_amounts: ["20"] },
      "predefinedAmounts",
      "predefined_amount_out_of_range",
    ],
    [
      "a new-buyer limit above the maximum",
      { new_buyer_max_fiat_limit: "5000" },
      "newBuyerMaxFiatLimit",
      "new_buyer_limit_out_of_range",
    ],
    ["a short payment window", { payment_window_minutes: 5 }, "paymentWindowMinutes", "payment_window_too_short"],
    ["a long payment window", { payment_window_minutes: 1000 }, "paymentWindowMinutes", "payment_window_too_long"],
    ["terms that are too long", { offer_terms: "x".repeat(5001) }, "offerTerms", "too_long"],
    ["a label that is too long", { label: "x".repeat(26) }, "label", "too_long"],
    ["an unknown tag", { tags: ["free-money"] }, "tags", "tag_unknown"],
    ["a tag of another payment method group", { tags: ["cash-only"] }, "tags", "tag_not_for_payment_method"],
    [
      "too many tags",
      { tags: ["no-vpn", "no-id-needed", "guided-trade", "invoice-required", "instant-release", "beginner-friendly"] },
      "tags",
      "too_many",
    ],
    [
      "a negative past-trades requirement",
      { require_min_past_trades: -1 },
      "requireMinPastTrades",
      "must_not_be_negative",
    ],
    ["an unknown country", { available_in: ["ZZ"] }, "availableIn", "country_unknown"],
    [
      "a duty day of 8",
      { duty_hours: [{ day: 8, start_time: "09:00", end_time: "10:00", active: true }] },
      "dutyHours.0.day",
      "day_invalid",
    ],
    [
      "a duty time of 25:00",
      { duty_hours: [{ day: 1, start_time: "25:00", end_time: "26:00", active: true }] },
      "dutyHours.0.startTime",
      "time_invalid",
    ],
    [
      "duty hours ending before they start",
      { duty_hours: [{ day: 1, start_time: "18:00", end_time: "09:00", active: true }] },
      "dutyHours",
      "duty_hours_end_before_start",
    ],
    ["an unknown time zone", { timezone: "Mars/Olympus" }, "timezone", "timezone_invalid"],
    ["an active cap without an amount", { offer_cap: { amount: null, active: true } }, "offerCap.amount", "required"],
    ["a cap amount with decimals", { offer_cap: { amount: "10.5", active: true } }, "offerCap.amount", "digits_only"],
    [
      "a manual escrow fee above 10 %",
      { manual_escrow_fee: "11" },
      "manualEscrowFee",
      "manual_escrow_fee_out_of_range",
    ],
    ["a bin code of five digits", { bin_codes: ["41111"] }, "binCodes.0", "bin_code_invalid"],
    ["bin codes on a method without them", { bin_codes: ["411111"] }, "binCodes", "bin_codes_not_for_payment_method"],
    ["an unknown card region", { card_regions: ["xx"] }, "cardRegions", "card_region_unknown"],
  ];

  for (const [what, overrides, field, message] of cases) {
    it(`refuses ${what}, keyed by ${field}`, async () => {
      const details = await refusal(overrides);
      expect(details[field]).toContain(message);
    });
  }

  it("names every missing required field at once", async () => {
    const response = await vendor.post("/rest/v1/offers", {});
    expect(response.status).toBe(422);
    for (const field of [
      "type",
      "cryptoCurrencyCode",
      "fiatCurrencyCode",
      "paymentMethodSlug",
      "fiatLimitMin",
      "fiatLimitMax",
    ]) {
      expect(response.body.errors.details[field]).toContain("required");
    }
  });

  it("never answers 500 to malformed bodies", async () => {
    const bodies: unknown[] = [
      "not json",
      [],
      { type: null },
      { fiat_limit_min: {} },
      { duty_hours: "all day" },
      { tags: [1, 2] },
      { margin: "9".repeat(50) },
      { offer_cap: [] },
      { location: { country_iso: 5 } },
      { predefined_amounts: [["1"]] },
    ];
    for (const body of bodies) {
      const response = await vendor.request("POST", "/rest/v1/offers", body, {
        headers: { "content-type": "application/json" },
      });
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});

describe("editing and deleting", () => {
  it("changes only the fields sent, checks the whole offer again and records why it changed", async () => {
    const vendor = await t.signUp();
    const offer = await createOffer(vendor);
    const repriced = await vendor.put(`/rest/v1/offers/${offer.idHashed}`, { margin: "4" });
    expect(repriced.status).toBe(200);
    expect(repriced.body.data).toMatchObject({
      margin: "4.00",
      fiatLimitMax: "1000",
      version: 2,
      lastChangeReason: "offer_margin_changed",
    });
    const edited = await vendor.put(`/rest/v1/offers/${offer.idHashed}`, {
      offer_terms: "New terms",
      fiat_limit_max: "800",
    });
    expect(edited.body.data).toMatchObject({
      offerTerms: "New terms",
      fiatLimitMax: "800",
      version: 3,
      lastChangeReason: "offer_changed",
    });
    const refused = await vendor.put(`/rest/v1/offers/${offer.idHashed}`, { fiat_limit_min: "900" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.details.fiatLimitMax).toContain("limit_max_below_min");
    const unchanged = await vendor.put(`/rest/v1/offers/${offer.idHashed}`, { margin: "4.00" });
    expect(unchanged.body.data.version).toBe(3);
  });

  it("lets nobody but the owner edit, delete or cap an offer: a stranger gets 404 and nothing changes", async () => {
    const owner = await t.signUp();
    const offer = await createOffer(owner);
    const stranger = await t.signUp();
    const attempts = [
      await stranger.put(`/rest/v1/offers/${offer.idHashed}`, { margin: "50" }),
      await stranger.delete(`/rest/v1/offers/${offer.idHashed}`),
      await stranger.post(`/rest/v1/offers/${offer.idHashed}/offer-cap`, { offer_cap: { amount: "10", active: true } }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.body.errors.code).toBe("ERROR_OFFER_NOT_FOUND");
    }
    const missing = await stranger.put("/rest/v1/offers/AAAAAAAAAAA", { margin: "50" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(attempts[0]!.body);
    const after = await t.client().get(`/rest/v1/offers/${offer.idHashed}`);
    expect(after.body.data.offer).toMatchObject({ margin: "2.50", version: 1, offerCap: null });
    const anonymous = await t.client().put(`/rest/v1/offers/${offer.idHashed}`, { margin: "50" });
    expect(anonymous.status).toBe(401);
  });

  it("deletes for the owner and for staff, and a deleted offer is gone", async () => {
    const owner = await t.signUp();
    const first = await createOffer(owner);
    expect((await owner.delete(`/rest/v1/offers/${first.idHashed}`)).body.data).toEqual({
      idHashed: first.idHashed,
      deleted: true,
    });
    expect((await t.client().get(`/rest/v1/offers/${first.idHashed}`)).status).toBe(404);
    expect((await owner.put(`/rest/v1/offers/${first.idHashed}`, { margin: "1" })).status).toBe(404);
    const second = await createOffer(owner);
    const moderator = await t.signUp({ roles: ["user", "moderator"] });
    expect((await moderator.delete(`/rest/v1/offers/${second.idHashed}`)).status).toBe(200);
    expect(await getOfferForTrade(t.db, second.idHashed)).toBeNull();
  });

  it("sets the offer cap, and a refusal carries what was used and the rate", async () => {
    const owner = await t.signUp();
    const offer = await createOffer(owner);
    const capped = await owner.post(`/rest/v1/offers/${offer.idHashed}/offer-cap`, {
      offer_cap: { amount: "2000", active: true },
    });
    expect(capped.status).toBe(200);
    expect(capped.body.data).toMatchObject({
      offerCap: { amount: "2000", active: true, used: "0" },
      isReachedCap: false,
    });
    const refused = await owner.post(`/rest/v1/offers/${offer.idHashed}/offer-cap`, {
      offer_cap: { amount: null, active: true },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.details).toMatchObject({ "offerCap.amount": ["required"], usedCap: ["0"], rate: ["1"] });
  });
});

/** A seller whose wallet funds their BTC sell offers (the marketplace lists only those). */
async function fundedSeller(options: { countryIso?: string } = {}): Promise<TestClient> {
  const client = await t.signUp({ countryIso: options.countryIso ?? "US" });
  await recordDeposit(t.db, {
    username: client.user!.username,
    amount: "1",
    cryptoCurrencyCode: "BTC",
    source: "admin",
  });
  return client;
}

describe("viewing an offer", () => {
  it("shows a visitor the offer and the view state, with honest defaults", async () => {
    const owner = await fundedSeller({ countryIso: "US" });
    const offer = await createOffer(owner, { new_buyer_max_fiat_limit: "200", available_in: ["US"] });
    const response = await t
      .client()
      .get(`/rest/v1/offers/${offer.idHashed}?fiat-min=150&sourceType=fiat&targetType=bogus`);
    expect(response.status).toBe(200);
    const view = offerViewResponseSchema.parse(response.body).data;
    expect(view).toMatchObject({
      isOwner: false,
      isNewBuyer: true,
      isTrustedUser: false,
      isGrayCountry: false,
      isFavorite: false,
      isAvailableForCountry: false,
      discountedEscrowFee: null,
      dutyHoursTimezone: "UTC",
      // Zelle is an online transfer: the seller needs the payer's name.
      startTradeRequirements: { payerName: true },
      tradeLimits: { min: "50", max: "200" },
      feedback: { items: [], positive: 0, negative: 0, total: 0, nextPageUrl: null },
      query: { fiatMin: "150", sourceType: "fiat", targetType: null },
    });
    expect(view.flashMessages).toContainEqual({ type: "warning", key: "offer_not_available_in_your_country" });
  });

  it("raises the risk warnings from the configured lists: chargebacks, sanctions, unusual terms, grey country", async () => {
    const calmOwner = await fundedSeller({ countryIso: "DE" });
    const calm = await createOffer(calmOwner, { payment_method_slug: "sepa", fiat_currency_code: "EUR" });
    const calmView = offerViewResponseSchema.parse((await t.client().get(`/rest/v1/offers/${calm.idHashed}`)).body);
    expect(calmView.data).toMatchObject({
      isGrayCountry: false,
      riskWarnings: { chargebackRisky: false, ofacOfferWarning: false, paymentTermsWarning: false },
    });

    // Zelle is on the default chargeback list, IR on the sanctions list; the terms move off the platform.
    const owner = await fundedSeller({ countryIso: "IR" });
    const risky = await createOffer(owner, { offer_terms: "Message me on Telegram before you pay." });
    const visitor = await t.client().get(`/rest/v1/offers/${risky.idHashed}`);
    expect(offerViewResponseSchema.parse(visitor.body).data).toMatchObject({
      isGrayCountry: false,
      riskWarnings: { chargebackRisky: true, ofacOfferWarning: true, paymentTermsWarning: true },
    });
    // NG is on the default grey list: the flag is about the viewer's country.
    const viewer = await t.signUp({ countryIso: "NG" });
    const asViewer = await viewer.get(`/rest/v1/offers/${calm.idHashed}`);
    expect(offerViewResponseSchema.parse(asViewer.body).data.isGrayCountry).toBe(true);
  });

  it("keeps the payment instructions and the stored draft for the owner alone", async () => {
    const owner = await t.signUp();
    const secret = `Pay to IBAN ${Math.random().toString(36).slice(2)}`;
    const offer = await createOffer(owner, { trade_details: secret });
    expect(offer.tradeDetails).toBe(secret);
    const staff = await t.signUp({ roles: ["admin"] });
    for (const client of [t.client(), await t.signUp(), staff]) {
      const response = await client.get(`/rest/v1/offers/${offer.idHashed}`);
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(secret);
      expect(response.body.data.offer).toMatchObject({ tradeDetails: null, originalData: null });
    }
    const asOwner = await owner.get(`/rest/v1/offers/${offer.idHashed}`);
    expect(asOwner.body.data.offer.tradeDetails).toBe(secret);
    expect(asOwner.body.data.offer.originalData.tradeDetails).toBe(secret);
  });

  it("accepts fiat-min only if numeric and source types only if known", async () => {
    const owner = await t.signUp();
    const offer = await createOffer(owner);
    const response = await t
      .client()
      .get(
        `/rest/v1/offers/${offer.idHashed}?fiat-min=12abc&sourceType=<script>&sourceCurrencyCode=btc&targetCurrencyCode=${"x".repeat(50)}`,
      );
    expect(response.status).toBe(200);
    expect(response.body.data.query).toEqual({
      fiatMin: null,
      sourceType: null,
      targetType: null,
      sourceCurrencyCode: "BTC",
      targetCurrencyCode: null,
    });
  });

  it("recommends similar offers and marks the owner's own view", async () => {
    const owner = await t.signUp();
    const offer = await createOffer(owner, { fiat_currency_code: "GBP", payment_method_slug: "faster-payments" });
    const other = await fundedSeller();
    const similar = await createOffer(other, {
      fiat_currency_code: "GBP",
      payment_method_slug: "bank-transfer",
      margin: "1",
    });
    const mine = (await owner.get(`/rest/v1/offers/${offer.idHashed}`)).body.data;
    expect(mine.isOwner).toBe(true);
    expect(mine.flashMessages).toContainEqual({ type: "info", key: "offer_is_yours" });
    expect(mine.recommendedOffers.map((item: { hash: string }) => item.hash)).toContain(similar.idHashed);
    expect(mine.recommendedOffers.map((item: { hash: string }) => item.hash)).not.toContain(offer.idHashed);
    expect(mine.startTradeRequirements.payerName).toBe(true);
  });

  it("hides rejected offers and banned owners' offers from everyone but the owner and staff", async () => {
    const owner = await t.signUp();
    const offer = await createOffer(owner);
    await sql`UPDATE offers SET moderation_status = 2, moderation_message = 'terms_violate_rules' WHERE id_hashed = ${offer.idHashed}`.execute(
      t.ownerDb,
    );
    expect((await t.client().get(`/rest/v1/offers/${offer.idHashed}`)).status).toBe(404);
    const own = await owner.get(`/rest/v1/offers/${offer.idHashed}`);
    expect(own.status).toBe(200);
    expect(own.body.data.offer.moderation).toEqual({
      status: 2,
      statusName: "rejected",
      message: "terms_violate_rules",
    });
    const moderator = await t.signUp({ roles: ["user", "moderator"] });
    expect((await moderator.get(`/rest/v1/offers/${offer.idHashed}`)).status).toBe(200);

    const banned = await t.signUp();
    const bannedOffer = await createOffer(banned);
    await sql`UPDATE users SET is_banned = true WHERE id = ${banned.user!.id}`.execute(t.ownerDb);
    expect((await t.client().get(`/rest/v1/offers/${bannedOffer.idHashed}`)).status).toBe(404);
  });

  it("splits the system's penalty message out and shows an inactive offer with a notice", async () => {
    const owner = await t.signUp();
    const offer = await createOffer(owner, { is_active: false });
    await sql`UPDATE offers SET penalty_reason = 'offer_has_cancelled_by_system_penalty' WHERE id_hashed = ${offer.idHashed}`.execute(
      t.ownerDb,
    );
    const view = (await t.client().get(`/rest/v1/offers/${offer.idHashed}`)).body.data;
    expect(view.offer.penaltyMessage).toBe("offer_has_cancelled_by_system_penalty");
    expect(view.flashMessages).toContainEqual({ type: "warning", key: "offer_inactive" });
    expect(view.offer.isListed).toBe(false);
  });

  it("answers 404 for ids that are not offer ids, never 500", async () => {
    for (const id of ["1", "abc", "x".repeat(64), "AAAAAAAAAAA"]) {
      expect((await t.client().get(`/rest/v1/offers/${id}`)).status).toBe(404);
    }
    // A control character is refused at the edge, like in any other string of a request.
    const nul = await t.client().get("/rest/v1/offers/%00");
    expect(nul.status).toBe(422);
    expect(nul.body.errors.details).toEqual({ id: ["control_character"] });
  });
});

describe("reporting an offer", () => {
  it("stores a report once per visitor for moderators", async () => {
    const owner = await t.signUp();
    const offer = await createOffer(owner);
    const visitor = await t.signUp();
    const first = await visitor.post(`/rest/v1/offers/${offer.idHashed}/report`, {
      reason: "bad_offer_terms",
      message: "Asks for gift cards.",
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ reported: true });
    const again = await visitor.post(`/rest/v1/offers/${offer.idHashed}/report`, { reason: "other" });
    expect(again.status).toBe(409);
    const stored = await sql<{ reason: string; message: string }>`SELECT reason, message FROM offer_reports`.execute(
      t.ownerDb,
    );
    expect(stored.rows).toContainEqual({ reason: "bad_offer_terms", message: "Asks for gift cards." });
    expect((await owner.post(`/rest/v1/offers/${offer.idHashed}/report`, { reason: "other" })).status).toBe(422);
    expect((await visitor.post(`/rest/v1/offers/${offer.idHashed}/report`, { reason: "because" })).status).toBe(422);
    expect((await t.client().post(`/rest/v1/offers/${offer.idHashed}/report`, { reason: "other" })).status).toBe(401);
  });

  it("answers a repeated report 409 every time, however often it comes (a partial unique index)", async () => {
    const owner = await t.signUp();
    const offer = await createOffer(owner);
    const visitor = await t.signUp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      statuses.push((await visitor.post(`/rest/v1/offers/${offer.idHashed}/report`, { reason: "other" })).status);
    }
    expect(statuses).toEqual([200, ...Array(11).fill(409)]);
  });
});

describe("tags", () => {
  it("lists the tags a payment method or group may carry", async () => {
    const all = tagsResponseSchema.parse((await t.client().get("/rest/v1/tags")).body).data;
    expect(all.map((tag) => tag.slug)).toEqual(
      expect.arrayContaining(["cash-only", "no-id-needed", "no-vpn", "guided-trade"]),
    );
    const cash = (await t.client().get("/rest/v1/tags?payment-method=cash-in-person")).body.data.map(
      (tag: { slug: string }) => tag.slug,
    );
    expect(cash).toContain("cash-only");
    expect(cash).not.toContain("physical-card");
    const cards = (await t.client().get("/rest/v1/tags?group=gift-cards")).body.data.map(
      (tag: { slug: string }) => tag.slug,
    );
    expect(cards).toContain("physical-card");
    expect((await t.client().get("/rest/v1/tags?group=nope")).status).toBe(422);
  });
});

describe("what a trade start reads", () => {
  it("gives trades everything they need, with the reason an offer cannot be taken", async () => {
    const owner = await t.signUp();
    const offer = await createOffer(owner, {
      new_buyer_max_fiat_limit: "300",
      require_min_past_trades: 2,
      manual_escrow_fee: "0.5",
    });
    const forTrade = await getOfferForTrade(t.db, offer.idHashed);
    expect(forTrade).toMatchObject({
      idHashed: offer.idHashed,
      ownerId: owner.user!.id,
      type: "sell",
      cryptoCurrencyCode: "BTC",
      cryptoDecimals: 8,
      fiatCurrencyCode: "USD",
      fiatPricePerCrypto: "89533.75",
      fiatLimitMin: "50",
      fiatLimitMax: "1000",
      newBuyerMaxFiatLimit: "300",
      requirements: { minPastTrades: 2, verifiedId: false, availableIn: [] },
      paymentWindowMinutes: 30,
      escrowFeeBps: 50,
      isManualEscrowFee: true,
      isOnDuty: true,
      version: 1,
      isTradable: true,
      unavailableReason: null,
    });
    expect(await getOfferForTrade(t.db, "not-an-id")).toBeNull();
  });

  it("counts traded fiat against the cap and keeps trader figures for the listing", async () => {
    const owner = await t.signUp();
    const offer = await createOffer(owner, { offer_cap: { amount: "100", active: true } });
    const before = await getOfferForTrade(t.db, offer.idHashed);
    // In a transaction opened as a trade's is (the switch-off's notice is published after its commit).
    await withTx(t.db, (tx) => recordOfferCapUsage(tx, before!.offerId, "60"));
    const after = await getOfferForTrade(t.db, offer.idHashed);
    expect(after).toMatchObject({ isTradable: false, unavailableReason: "offer_cap_less_than_min" });
    expect(after!.offerCap).toMatchObject({ used: "60", remaining: "40" });
    const told = await sql<{ payload: { event: string; reason: string } }>`SELECT payload FROM realtime_events
      WHERE channel = ${`user.${owner.user!.id}`} AND name = 'account.event'
        AND payload->>'event' = 'offer.switched_off'`.execute(t.ownerDb);
    expect(told.rows.map((row) => [row.payload.event, row.payload.reason])).toEqual([["offer.switched_off", "cap"]]);
    await recordTraderStats(t.db, owner.user!.id, { completedTrades30d: 7, feedbackPositive: 3 });
    const view = (await t.client().get(`/rest/v1/offers/${offer.idHashed}`)).body.data.offer;
    expect(view.owner).toMatchObject({ monthlyTradeStats: { completedTrades: 7 }, feedbackPositiveCount: 3 });
    expect(view.isReachedCap).toBe(false);
    expect(view.isCapLessThanMin).toBe(true);
  });
});

describe("calculator and converter", () => {
  it("charts a coin's daily price in a currency over a range", async () => {
    const month = await t.client().get("/rest/v1/calculator?range=month&currency=EUR");
    expect(month.status).toBe(200);
    expect(month.body.data).toHaveLength(30);
    expect(month.body.meta).toEqual({ range: "month", currency: "EUR", cryptoCurrencyCode: "BTC", resolution: "day" });
    const last = month.body.data.at(-1);
    // The shipped rates' day: 87350 × 0.865.
    expect(last).toEqual({ time: Date.parse("2026-11-20T00:00:00Z") / 1000, value: "75557.75" });
    const times = month.body.data.map((point: { time: number }) => point.time);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await t.client().get("/rest/v1/calculator?range=week")).body.data).toHaveLength(7);
    expect((await t.client().get("/rest/v1/calculator?range=day&currency=usd")).body.data).toHaveLength(2);
    expect((await t.client().get("/rest/v1/calculator?range=decade")).status).toBe(422);
    expect((await t.client().get("/rest/v1/calculator?currency=XYZ")).status).toBe(422);
  });

  it("lists converter currencies with their rates", async () => {
    const response = await t.client().get("/rest/v1/calculator/currency");
    expect(response.status).toBe(200);
    const eur = response.body.data.find((item: { code: string }) => item.code === "EUR");
    expect(eur).toMatchObject({
      id: 145,
      name: "Euro",
      rate: { usd: "0.865", btc: "75557.75", usdt: "0.87" },
      defaultAmount: "1",
    });
    expect(response.body.meta.asOf).toBe("2026-11-20");
  });
});

describe("the API document", () => {
  it("describes the offers, my-offers and favourites routes", async () => {
    const response = await t.client().get("/rest/openapi.json");
    expect(response.status).toBe(200);
    const paths = Object.keys(response.body.paths);
    for (const path of [
      "/rest/v1/offers",
      "/rest/v1/offers/{id}",
      "/rest/v1/offers/{id}/offer-cap",
      "/rest/v1/offers/{id}/report",
      "/rest/v1/tags",
      "/rest/v1/users/{username}/active-offers",
      "/rest/v1/calculator",
      "/rest/v1/calculator/currency",
      "/rest/v1/my-offers/list",
      "/rest/v1/my-offers/{hash}/margin",
      "/rest/v1/my-offers/{hash}/bid",
      "/offer-manager/toggle-all-offers-state",
      "/rest/v1/favorites/offers",
      "/rest/v1/favorites/offers/{id}",
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(response.body.paths["/rest/v1/offers"].get.responses["200"]).toBeDefined();
  });
});
