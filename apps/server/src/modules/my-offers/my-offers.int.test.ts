import { myOfferResponseSchema, myOffersResponseSchema } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/harness.ts";
import { recordDeposit } from "../wallet/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function publish(client: TestClient, overrides: Record<string, unknown> = {}): Promise<string> {
  // The owner holds coins to fund it: a sell offer is listed only then.
  await recordDeposit(t.db, {
    username: client.user!.username,
    amount: "1",
    cryptoCurrencyCode: "BTC",
    source: "admin",
  });
  const response = await client.post("/rest/v1/offers", {
    type: "sell",
    crypto_currency_code: "BTC",
    fiat_currency_code: "USD",
    payment_method_slug: "zelle",
    margin: "2",
    fiat_limit_min: "50",
    fiat_limit_max: "1000",
    ...overrides,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.data.idHashed;
}

async function depositUsdt(client: TestClient, amount: string) {
  await recordDeposit(t.db, { username: client.user!.username, amount, cryptoCurrencyCode: "USDT", source: "admin" });
}

async function depositBond(client: TestClient) {
  await depositUsdt(client, "100");
  expect((await client.post("/wallet/deposit-bond", { crypto_currency_code: "USDT" })).status).toBe(200);
}

async function listMine(client: TestClient, query = "") {
  const response = await client.get(`/rest/v1/my-offers/list${query}`);
  expect(response.status, response.text).toBe(200);
  return myOffersResponseSchema.parse(response.body);
}

describe("the my-offers list", () => {
  it("lists the vendor's discounted escrow fee per payment method when they have a fee discount", async () => {
    const vendor = await t.signUp();
    await publish(vendor);
    await publish(vendor, { payment_method_slug: "paypal" });
    await publish(vendor, { margin: "3" });
    await sql`UPDATE users SET fee_discount = 0.25 WHERE id = ${vendor.user!.id}`.execute(t.ownerDb);
    const answer = await listMine(vendor);
    const methodIds = [...new Set(answer.data.offers.map((offer) => offer.paymentMethod.id))].sort((a, b) => a - b);
    expect(methodIds).toHaveLength(2);
    expect(answer.data.userPerks).toEqual(
      methodIds.map((paymentMethodId) => ({ paymentMethodId, discountedEscrowFee: "0.75" })),
    );
  });

  it("lists the vendor's offers with counts, promotion allowance, bond and per-offer state", async () => {
    const vendor = await t.signUp();
    const sell = await publish(vendor);
    const buy = await publish(vendor, { type: "buy", margin: "-2" });
    await publish(vendor, { payment_method_slug: "amazon-gift-card", flow_type: "gcc-auto", is_active: false });
    const answer = await listMine(vendor);
    expect(answer.meta).toMatchObject({
      counts: { buy: 1, sell: 2 },
      isNotSellActiveOffers: false,
      isNotBuyActiveOffers: false,
      promoteTotal: 5,
      promoteAvailable: 5,
      total: 3,
      limit: 50,
      offset: 0,
      hasMore: false,
    });
    const byHash = new Map(answer.data.offers.map((offer) => [offer.idHashed, offer]));
    expect(byHash.get(sell)).toMatchObject({
      isActive: true,
      isEnabled: true,
      type: "sell",
      flowType: "default",
      paymentMethod: { slug: "zelle" },
      offerFee: "1",
      bankAccounts: [],
      depositInfo: { isBondInsufficient: false },
      hasGiftCards: false,
      termUntilOnlineMessage: null,
    });
    // A buy offer needs the bond: active, but not enabled until it is deposited.
    expect(byHash.get(buy)).toMatchObject({
      isActive: true,
      isEnabled: false,
      depositInfo: { isBondInsufficient: true },
    });
    expect(byHash.get(buy)!.messages).toContain("bond_insufficient");
    expect(answer.data.messages).toEqual(["bond_insufficient"]);
    expect(answer.data.depositData!.options.map((option) => option.currencyCode)).toEqual(["BTC", "ETH", "USDT"]);
    expect(answer.data.userPerks).toEqual([]);

    await depositBond(vendor);
    const bonded = await listMine(vendor);
    expect(bonded.data.offers.find((offer) => offer.idHashed === buy)).toMatchObject({
      isEnabled: true,
      depositInfo: { isBondInsufficient: false },
    });
    expect(bonded.data.messages).toEqual([]);
  });

  it("filters by side, flow types or tab, and pages", async () => {
    const vendor = await t.signUp();
    await publish(vendor);
    await publish(vendor, { margin: "3" });
    await publish(vendor, { type: "buy", margin: "-1" });
    await publish(vendor, { payment_method_slug: "amazon-gift-card", flow_type: "gcc-auto" });
    expect((await listMine(vendor, "?type=buy")).data.offers.map((offer) => offer.type)).toEqual(["buy"]);
    const shop = await listMine(vendor, "?flowTypes=gcc-auto,bt-auto");
    expect(shop.data.offers.map((offer) => offer.flowType)).toEqual(["gcc-auto"]);
    expect(shop.data.offers[0]!.hasGiftCards).toBe(true);
    expect((await listMine(vendor, "?tabType=shop")).meta.total).toBe(1);
    expect((await listMine(vendor, "?tabType=p2p")).meta.total).toBe(3);
    const page = await listMine(vendor, "?limit=2&offset=1");
    expect(page.data.offers).toHaveLength(2);
    expect(page.meta).toMatchObject({ total: 4, limit: 2, offset: 1, hasMore: true });
    expect((await vendor.get("/rest/v1/my-offers/list?limit=51")).status).toBe(422);
    expect((await vendor.get("/rest/v1/my-offers/list?flowTypes=teleport")).status).toBe(422);
  });

  it("shows nobody else's offers and needs a session", async () => {
    const vendor = await t.signUp();
    await publish(vendor);
    const other = await t.signUp();
    expect((await listMine(other)).data.offers).toEqual([]);
    expect((await t.client().get("/rest/v1/my-offers/list")).status).toBe(401);
  });
});

describe("switching offers on and off", () => {
  it("flips isActive, and keeps a buy offer disabled while the bond is insufficient", async () => {
    const vendor = await t.signUp();
    const sell = await publish(vendor);
    const off = await vendor.put(`/rest/v1/my-offers/${sell}/status`, { new_status: false });
    expect(off.status).toBe(200);
    expect(myOfferResponseSchema.parse(off.body).data).toMatchObject({
      isActive: false,
      isEnabled: true,
      isListed: false,
    });
    const on = await vendor.put(`/rest/v1/my-offers/${sell}/status`, { new_status: 1 });
    expect(on.body.data).toMatchObject({ isActive: true, isListed: true });
    const buy = await publish(vendor, { type: "buy", margin: "-1", is_active: false });
    const buyOn = await vendor.put(`/rest/v1/my-offers/${buy}/status`, { new_status: true });
    expect(buyOn.body.data).toMatchObject({
      isActive: true,
      isEnabled: false,
      depositInfo: { isBondInsufficient: true },
    });
  });

  it("switches all offers, reporting per offer hash those the system holds off", async () => {
    const vendor = await t.signUp();
    await depositBond(vendor);
    const first = await publish(vendor);
    const second = await publish(vendor, { type: "buy", margin: "-1" });
    const penalized = await publish(vendor, { margin: "4" });
    const all = await vendor.post("/offer-manager/toggle-all-offers-state", { new_status: false });
    expect(all.status).toBe(200);
    expect(all.body.data.offers.every((offer: { isActive: boolean }) => !offer.isActive)).toBe(true);
    await sql`UPDATE offers SET penalty_reason = 'offer_has_cancelled_by_system_penalty' WHERE id_hashed = ${penalized}`.execute(
      t.ownerDb,
    );
    const sellsOn = await vendor.post("/offer-manager/toggle-all-offers-state", { new_status: true, type: "sell" });
    expect(sellsOn.body.data.errors).toEqual({
      offerErrors: { [penalized]: ["offer_has_cancelled_by_system_penalty"] },
      marginErrors: {},
      fixedPriceErrors: {},
      limitsErrors: {},
    });
    const states = Object.fromEntries(
      sellsOn.body.data.offers.map((offer: { idHashed: string; isActive: boolean }) => [
        offer.idHashed,
        offer.isActive,
      ]),
    );
    expect(states).toEqual({ [first]: true, [penalized]: false });
    const meta = (await listMine(vendor)).meta;
    expect(meta).toMatchObject({ isNotSellActiveOffers: false, isNotBuyActiveOffers: true });
    expect((await listMine(vendor)).data.offers.find((offer) => offer.idHashed === second)!.isActive).toBe(false);
  });

  it("refuses to switch on a penalized offer until the penalty is reset, with the message split out", async () => {
    const vendor = await t.signUp();
    const hash = await publish(vendor, { is_active: false });
    await sql`UPDATE offers SET penalty_reason = 'offer_has_cancelled_by_system_penalty' WHERE id_hashed = ${hash}`.execute(
      t.ownerDb,
    );
    const listed = (await listMine(vendor)).data.offers[0]!;
    expect(listed.penaltyMessage).toBe("offer_has_cancelled_by_system_penalty");
    expect(listed.messages).not.toContain("offer_has_cancelled_by_system_penalty");
    const refused = await vendor.put(`/rest/v1/my-offers/${hash}/status`, { new_status: true });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.details.offerErrors).toEqual({ [hash]: ["offer_has_cancelled_by_system_penalty"] });
    const reset = await vendor.put(`/rest/v1/my-offers/${hash}/reset-penalty`);
    expect(reset.status).toBe(200);
    expect(reset.body.data.penaltyMessage).toBeNull();
    expect((await vendor.put(`/rest/v1/my-offers/${hash}/status`, { new_status: true })).body.data.isActive).toBe(true);
  });

  it("needs the activate-offer action to switch on", async () => {
    const vendor = await t.signUp();
    const hash = await publish(vendor, { is_active: false });
    await sql`UPDATE users SET blocked_kyc_actions = ARRAY['activate-offer'] WHERE id = ${vendor.user!.id}`.execute(
      t.ownerDb,
    );
    const refused = await vendor.put(`/rest/v1/my-offers/${hash}/status`, { new_status: true });
    expect(refused.status).toBe(403);
    expect(refused.body.errors.code).toBe("ERROR_KYC_ACTION_BLOCKED");
    expect((await vendor.put(`/rest/v1/my-offers/${hash}/status`, { new_status: false })).status).toBe(200);
  });
});

describe("quick edits", () => {
  let vendor: TestClient;
  let hash: string;
  beforeAll(async () => {
    vendor = await t.signUp();
    hash = await publish(vendor);
  });

  it("changes the margin, or refuses it under marginErrors keyed by the offer's hash", async () => {
    const done = await vendor.put(`/rest/v1/my-offers/${hash}/margin`, { new_margin: "3.5" });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ priceType: "margin", margin: "3.50", fiatPricePerCrypto: "90407.25" });
    const out = await vendor.put(`/rest/v1/my-offers/${hash}/margin`, { new_margin: "2000" });
    expect(out.status).toBe(422);
    expect(out.body.errors.details).toEqual({
      newMargin: ["margin_out_of_range"],
      marginErrors: { [hash]: ["margin_out_of_range"] },
    });
    const malformed = await vendor.put(`/rest/v1/my-offers/${hash}/margin`, { new_margin: "abc" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.details).toEqual({
      newMargin: ["decimal_invalid"],
      marginErrors: { [hash]: ["decimal_invalid"] },
    });
  });

  it("sets a fixed price, or refuses it under fixedPriceErrors", async () => {
    const done = await vendor.put(`/rest/v1/my-offers/${hash}/fixed-price`, { new_fixed_price: "91000" });
    expect(done.body.data).toMatchObject({ priceType: "fixed", fixedPrice: "91000", fiatPricePerCrypto: "91000.00" });
    const refused = await vendor.put(`/rest/v1/my-offers/${hash}/fixed-price`, { new_fixed_price: "91000.005" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.details.fixedPriceErrors).toEqual({ [hash]: ["fixed_price_too_precise"] });
    expect(refused.body.errors.details.newFixedPrice).toEqual(["fixed_price_too_precise"]);
  });

  it("sets limits and predefined amounts, or refuses them under limitsErrors", async () => {
    const done = await vendor.put(`/rest/v1/my-offers/${hash}/amount`, {
      range_min: "100",
      range_max: "600",
      predefined_amount: "100,200",
    });
    expect(done.body.data).toMatchObject({
      fiatLimitMin: "100",
      fiatLimitMax: "600",
      rangeType: "predefined",
      predefinedAmounts: ["100", "200"],
    });
    const minMax = await vendor.put(`/rest/v1/my-offers/${hash}/amount`, { range_min: "20", range_max: "700" });
    expect(minMax.body.data).toMatchObject({ rangeType: "min_max", predefinedAmounts: [] });
    const refused = await vendor.put(`/rest/v1/my-offers/${hash}/amount`, { range_min: "800", range_max: "700" });
    expect(refused.body.errors.details).toEqual({
      rangeMax: ["limit_max_below_min"],
      limitsErrors: { [hash]: ["limit_max_below_min"] },
    });
    const outside = await vendor.put(`/rest/v1/my-offers/${hash}/amount`, {
      range_min: "20",
      range_max: "700",
      predefined_amount: ["5"],
    });
    expect(outside.body.errors.details.limitsErrors).toEqual({ [hash]: ["predefined_amount_out_of_range"] });
    const decimals = await vendor.put(`/rest/v1/my-offers/${hash}/amount`, { range_min: "20.5", range_max: "700" });
    expect(decimals.status).toBe(422);
    expect(decimals.body.errors.details.limitsErrors).toEqual({ [hash]: ["digits_only"] });
  });

  it("sets and clears the manual escrow fee, refusing what is out of bounds", async () => {
    const done = await vendor.put(`/rest/v1/my-offers/${hash}/manual-escrow-fee`, { new_manual_escrow_fee: "0.5" });
    expect(done.body.data).toMatchObject({ manualEscrowFee: "0.5", offerFee: "0.5" });
    const cleared = await vendor.put(`/rest/v1/my-offers/${hash}/manual-escrow-fee`, { new_manual_escrow_fee: null });
    expect(cleared.body.data).toMatchObject({ manualEscrowFee: null, offerFee: "1" });
    const refused = await vendor.put(`/rest/v1/my-offers/${hash}/manual-escrow-fee`, { new_manual_escrow_fee: "15" });
    expect(refused.body.errors.details).toEqual({
      newManualEscrowFee: ["manual_escrow_fee_out_of_range"],
      offerErrors: { [hash]: ["manual_escrow_fee_out_of_range"] },
    });
  });

  it("lets nobody else touch the offer: 404 for a stranger, 401 without a session, and nothing changes", async () => {
    const stranger = await t.signUp();
    const before = (await listMine(vendor)).data.offers.find((offer) => offer.idHashed === hash)!;
    const attempts: [string, string, unknown][] = [
      ["PUT", "status", { new_status: false }],
      ["PUT", "margin", { new_margin: "9" }],
      ["PUT", "fixed-price", { new_fixed_price: "1" }],
      ["PUT", "amount", { range_min: "1", range_max: "2" }],
      ["PUT", "manual-escrow-fee", { new_manual_escrow_fee: "2" }],
      ["PUT", "reset-penalty", {}],
      [
        "PUT",
        "bid",
        {
          end_date: new Date(Date.now() + 86_400_000).toISOString(),
          amount: "10",
          crypto_currency_code: "USDT",
          is_present: true,
        },
      ],
      ["DELETE", "bid", undefined],
      ["POST", "promote", {}],
      ["GET", "pinned-info", undefined],
      ["GET", "bid-info", undefined],
    ];
    for (const [method, path, body] of attempts) {
      const url = `/rest/v1/my-offers/${hash}/${path}`;
      const response = await stranger.request(method as "PUT", url, body ?? (method === "GET" ? undefined : {}));
      expect(response.status, `${method} ${path}`).toBe(404);
      const anonymous = await t.client().request(method as "PUT", url, body ?? (method === "GET" ? undefined : {}));
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    const toggled = await stranger.post("/offer-manager/toggle-all-offers-state", { new_status: false });
    expect(toggled.body.data.offers).toEqual([]);
    const after = (await listMine(vendor)).data.offers.find((offer) => offer.idHashed === hash)!;
    expect(after).toEqual(before);
  });
});

describe("promotion", () => {
  it("highlights an active offer for a day and lowers the monthly allowance by one, five times", async () => {
    const vendor = await t.signUp();
    // The marketplace lists a sell offer its owner can fund.
    await recordDeposit(t.db, {
      username: vendor.user!.username,
      amount: "1",
      cryptoCurrencyCode: "BTC",
      source: "admin",
    });
    const hash = await publish(vendor);
    const first = await vendor.post(`/rest/v1/my-offers/${hash}/promote`);
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ promoteTotal: 5, promoteAvailable: 4 });
    expect(first.body.data.isFeatured).toBe(true);
    expect(first.body.data.featuredUntil).not.toBeNull();
    const listed = await t.client().get("/rest/v1/offers?type=buy&crypto_currency_code=BTC&currencyCode=USD&limit=50");
    expect(listed.body.data.find((item: { hash: string }) => item.hash === hash).isFeatured).toBe(true);
    for (let time = 2; time <= 5; time += 1)
      expect((await vendor.post(`/rest/v1/my-offers/${hash}/promote`)).status).toBe(200);
    const sixth = await vendor.post(`/rest/v1/my-offers/${hash}/promote`);
    expect(sixth.status).toBe(409);
    expect(sixth.body.errors.code).toBe("ERROR_PROMOTE_LIMIT");
    expect((await listMine(vendor)).meta.promoteAvailable).toBe(0);
  });

  it("refuses to promote an offer that is switched off", async () => {
    const vendor = await t.signUp();
    const hash = await publish(vendor, { is_active: false });
    expect((await vendor.post(`/rest/v1/my-offers/${hash}/promote`)).status).toBe(409);
  });
});

describe("bids for pinned positions", () => {
  // Funding, outbidding, completion, idempotency and races are in bids.int.test.ts.
  it("holds a bid from the wallet (FUNDED) and shows it in bid-info, the list and pinned-info", async () => {
    const vendor = await t.signUp();
    const hash = await publish(vendor, { fiat_currency_code: "EUR", payment_method_slug: "bank-transfer" });
    await depositUsdt(vendor, "30");
    const endDate = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const placed = await vendor.put(`/rest/v1/my-offers/${hash}/bid`, {
      offer_id: hash,
      end_date: endDate,
      amount: "25.5",
      crypto_currency_code: "usdt",
      is_present: true,
    });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body.data).toMatchObject({
      offerId: hash,
      amount: "25.500000",
      cryptoCurrencyCode: "USDT",
      status: "FUNDED",
      isPresent: true,
      current: true,
      position: 1,
    });
    const info = (await vendor.get(`/rest/v1/my-offers/${hash}/bid-info`)).body.data;
    expect(info).toMatchObject({ bid: { status: "FUNDED" }, currencies: ["BTC", "USDT"], isFundingAvailable: true });
    expect(info.periods.map((period: { id: string }) => period.id)).toEqual(["day", "week", "month"]);
    expect((await listMine(vendor)).data.offers[0]!.bid).toMatchObject({ status: "FUNDED", amount: "25.500000" });
    const pinned = (await vendor.get(`/rest/v1/my-offers/${hash}/pinned-info`)).body.data;
    expect(pinned).toMatchObject({ offerId: hash, slots: 3, position: 1 });
  });

  it("refuses a second live bid unless it replaces the current one, and cancels", async () => {
    const vendor = await t.signUp();
    const hash = await publish(vendor, { fiat_currency_code: "GBP", payment_method_slug: "bank-transfer" });
    await depositUsdt(vendor, "30");
    const bid = {
      end_date: new Date(Date.now() + 86_400_000).toISOString(),
      amount: "10",
      crypto_currency_code: "USDT",
      is_present: true,
    };
    expect((await vendor.put(`/rest/v1/my-offers/${hash}/bid`, bid)).status).toBe(200);
    const second = await vendor.put(`/rest/v1/my-offers/${hash}/bid`, { ...bid, amount: "12" });
    expect(second.status).toBe(409);
    expect(second.body.errors.code).toBe("ERROR_BID_EXISTS");
    const replaced = await vendor.put(`/rest/v1/my-offers/${hash}/bid`, { ...bid, amount: "12", current: true });
    expect(replaced.body.data.amount).toBe("12.000000");
    const history = (await vendor.get(`/rest/v1/my-offers/${hash}/bid-info`)).body.data.history;
    expect(history.map((item: { status: string }) => item.status)).toEqual(["FUNDED", "CANCELLED"]);
    expect((await vendor.delete(`/rest/v1/my-offers/${hash}/bid`)).status).toBe(200);
    expect((await vendor.delete(`/rest/v1/my-offers/${hash}/bid`)).status).toBe(409);
  });

  it("checks the bid's amount, currency and dates, each keyed by field", async () => {
    const vendor = await t.signUp();
    const hash = await publish(vendor);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { end_date: later, amount: "0.0000001", crypto_currency_code: "USDT", is_present: true },
        "amount",
        "amount_invalid",
      ],
      [{ end_date: later, amount: "0", crypto_currency_code: "USDT", is_present: true }, "amount", "must_be_positive"],
      [
        { end_date: later, amount: "1", crypto_currency_code: "ETH", is_present: true },
        "cryptoCurrencyCode",
        "crypto_currency_unknown",
      ],
      [{ end_date: later, amount: "1", crypto_currency_code: "USDT" }, "startDate", "required"],
      [
        { start_date: "2020-01-01T00:00:00Z", end_date: later, amount: "1", crypto_currency_code: "USDT" },
        "startDate",
        "date_in_past",
      ],
      [
        {
          end_date: new Date(Date.now() - 1000).toISOString(),
          amount: "1",
          crypto_currency_code: "USDT",
          is_present: true,
        },
        "endDate",
        "end_before_start",
      ],
      [
        {
          end_date: new Date(Date.now() + 60 * 86_400_000).toISOString(),
          amount: "1",
          crypto_currency_code: "USDT",
          is_present: true,
        },
        "endDate",
        "period_too_long",
      ],
      [
        { end_date: "tomorrow", amount: "1", crypto_currency_code: "USDT", is_present: true },
        "endDate",
        "date_invalid",
      ],
      [
        { offer_id: "AAAAAAAAAAA", end_date: later, amount: "1", crypto_currency_code: "USDT", is_present: true },
        "offerId",
        "offer_id_mismatch",
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await vendor.put(`/rest/v1/my-offers/${hash}/bid`, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors.details[field], JSON.stringify(body)).toContain(message);
    }
  });

  it("ranks funded bids of a market into pinned positions by their USD value", async () => {
    const vendor = await t.signUp();
    const mine = await publish(vendor);
    const rival = await t.signUp();
    const theirs = await publish(rival, { margin: "3" });
    const ids = await sql<{ id: bigint; id_hashed: string; user_id: bigint }>`
      SELECT id, id_hashed, user_id FROM offers WHERE id_hashed IN (${mine}, ${theirs})`.execute(t.ownerDb);
    for (const row of ids.rows) {
      // 0.001 BTC (87.35 USD) against 50 USDT (50.01 USD).
      const [code, amount] = row.id_hashed === mine ? ["BTC", 100_000n] : ["USDT", 50_000_000n];
      await sql`INSERT INTO offer_bids (offer_id, user_id, crypto_currency_id, type, fiat_currency_id, bid_currency_code, amount_minor, starts_at, ends_at, status)
        VALUES (${row.id}, ${row.user_id}, 1, 'sell', 144, ${code}, ${amount}, now() - interval '1 hour', now() + interval '1 day', 'FUNDED')`.execute(
        t.ownerDb,
      );
    }
    const info = (await vendor.get(`/rest/v1/my-offers/${mine}/pinned-info`)).body.data;
    expect(info.position).toBe(1);
    expect(info.positions).toEqual([
      { position: 1, amount: "0.00100000", cryptoCurrencyCode: "BTC", usdValue: "87.35", isMine: true },
      { position: 2, amount: "50.000000", cryptoCurrencyCode: "USDT", usdValue: "50.01", isMine: false },
    ]);
    expect(info.market).toEqual({ cryptoCurrencyCode: "BTC", fiatCurrencyCode: "USD", type: "sell" });
  });
});
