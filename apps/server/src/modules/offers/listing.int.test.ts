import { offerListResponseSchema, userActiveOffersResponseSchema } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/harness.ts";
import { openDatabase } from "../../db/pool.ts";
import { recordDeposit } from "../wallet/index.ts";
import { forgetCachedListings, recordTraderStats, refreshOwnerFunding } from "./index.ts";
import { executePrepared, statementNameOf } from "./prepared-query.ts";

/**
 * One market (BTC for GBP) with offers whose prices, owners and settings differ, so every filter
 * and sort of the marketplace can be checked against the exact set and order it must return.
 */
let t: TestApp;
let alice: TestClient; // GB, id verified, online, fast releases
let bob: TestClient; // NG, online, slow releases
let erin: TestClient; // DE, last seen hours ago
let banned: TestClient;
const hash: Record<string, string> = {};

function payload(overrides: Record<string, unknown>) {
  return {
    type: "sell",
    crypto_currency_code: "BTC",
    fiat_currency_code: "GBP",
    payment_method_slug: "faster-payments",
    margin: "1",
    fiat_limit_min: "10",
    fiat_limit_max: "500",
    ...overrides,
  };
}

async function publish(client: TestClient, name: string, overrides: Record<string, unknown>) {
  const response = await client.post("/rest/v1/offers", payload(overrides));
  expect(response.status, response.text).toBe(200);
  hash[name] = response.body.data.idHashed;
}

async function deposit(client: TestClient, amount: string, cryptoCurrencyCode: string): Promise<void> {
  await recordDeposit(t.db, { username: client.user!.username, amount, cryptoCurrencyCode, source: "admin" });
}

/** A vendor with a bond (for buy offers) and coins enough to fund their sell offers. */
async function bonded(countryIso: string): Promise<TestClient> {
  const client = await t.signUp({ countryIso });
  await deposit(client, "1100", "USDT");
  await deposit(client, "1", "BTC");
  await deposit(client, "10", "ETH");
  expect((await client.post("/wallet/deposit-bond", { crypto_currency_code: "USDT" })).status).toBe(200);
  return client;
}

/** The hashes a listing answers, after checking the answer against the contract. */
async function list(query: string, client: TestClient = t.client()): Promise<string[]> {
  const response = await client.get(`/rest/v1/offers?${query}`);
  expect(response.status, response.text).toBe(200);
  return offerListResponseSchema.parse(response.body).data.map((item) => item.hash);
}

function names(hashes: string[]): string[] {
  const byHash = Object.fromEntries(Object.entries(hash).map(([name, value]) => [value, name]));
  return hashes.map((value) => byHash[value] ?? value);
}

const GBP_BUY = "type=buy&crypto_currency_code=BTC&currencyCode=GBP";

beforeAll(async () => {
  t = await createTestApp();
  alice = await bonded("GB");
  bob = await bonded("NG");
  erin = await bonded("DE");
  banned = await t.signUp({ countryIso: "GB" });

  // Sell offers (a visitor buys): cheapest first is cheap, one, fixed, three, five.
  await publish(alice, "one", { margin: "1", tags: ["no-vpn"], location: { city: "London", country_iso: "GB" } });
  await publish(alice, "three", {
    margin: "3",
    payment_method_slug: "wise",
    fiat_limit_min: "100",
    fiat_limit_max: "2000",
    require_verified_id: true,
  });
  // 1.02 × the market price of BTC in GBP (87350 × 0.762 = 66560.70).
  await publish(bob, "fixed", {
    price_type: "fixed",
    fixed_price: "67892.00",
    payment_method_slug: "bank-transfer",
    fiat_limit_min: "20",
    fiat_limit_max: "300",
  });
  await publish(bob, "cheap", {
    margin: "-1",
    payment_method_slug: "revolut",
    fiat_limit_min: "50",
    fiat_limit_max: "100",
    available_in: ["GB"],
    is_anonymous_user_restricted: true,
  });
  await publish(erin, "five", { margin: "5", flow_type: "lite", require_min_past_trades: 3 });
  // Never listed.
  await publish(alice, "paused", { margin: "0.5", is_active: false });
  await publish(alice, "rejected", { margin: "0.25" });
  await publish(banned, "ofBanned", { margin: "0" });
  await publish(alice, "shop", { margin: "4", flow_type: "gcc-auto" });
  await publish(alice, "offDuty", {
    margin: "0.75",
    duty_hours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start_time: "00:00", end_time: "00:01", active: false })),
  });
  // Buy offers (a visitor sells): the best for a seller pays the most.
  await publish(alice, "buyHigh", { type: "buy", margin: "-2" });
  await publish(bob, "buyLow", { type: "buy", margin: "-4" });
  // Other markets.
  await publish(alice, "eth", { crypto_currency_code: "ETH", margin: "2" });
  await publish(bob, "usdtEur", {
    crypto_currency_code: "USDT",
    fiat_currency_code: "EUR",
    payment_method_slug: "sepa",
    margin: "1.5",
  });
  await publish(bob, "giftCard", {
    fiat_currency_code: "USD",
    payment_method_slug: "visa-gift-card",
    margin: "12",
    is_bin_code_enabled: true,
    bin_codes: ["411111"],
    card_regions: [],
  });
  await publish(alice, "amazon", {
    fiat_currency_code: "USD",
    payment_method_slug: "amazon-gift-card",
    margin: "15",
    card_regions: ["us", "uk"],
    tags: ["physical-card"],
  });

  await sql`UPDATE offers SET moderation_status = 2 WHERE id_hashed = ${hash.rejected!}`.execute(t.ownerDb);
  await sql`UPDATE users SET is_banned = true WHERE id = ${banned.user!.id}`.execute(t.ownerDb);
  await sql`UPDATE users SET id_verified_at = now() WHERE id = ${alice.user!.id}`.execute(t.ownerDb);
  await sql`UPDATE users SET last_seen_at = now() - interval '3 hours' WHERE id = ${erin.user!.id}`.execute(t.ownerDb);
  await recordTraderStats(t.db, alice.user!.id, { releaseTimeMedianSeconds: 300 });
  await recordTraderStats(t.db, bob.user!.id, { releaseTimeMedianSeconds: 60 });
  // Rows changed by hand above do not pass through the offers module: drop cached pages.
  forgetCachedListings();
});

afterAll(async () => {
  await t.close();
});

describe("the marketplace listing", () => {
  it("lists only active, enabled, approved, on-duty offers of owners in good standing, best price first", async () => {
    expect(names(await list(GBP_BUY))).toEqual(["cheap", "one", "fixed", "three", "five"]);
  });

  it("takes type as the visitor's side: type=sell lists the owners who buy, highest price first", async () => {
    expect(names(await list("type=sell&crypto_currency_code=BTC&currencyCode=GBP"))).toEqual(["buyHigh", "buyLow"]);
  });

  it("shapes each item as the listing item of the spec", async () => {
    const response = await t.client().get(`/rest/v1/offers?${GBP_BUY}&payment-method=faster-payments`);
    const item = offerListResponseSchema.parse(response.body).data.find((entry) => entry.hash === hash.one);
    expect(item).toMatchObject({
      type: "sell",
      paymentMethodName: "Faster Payments",
      paymentMethodSlug: "faster-payments",
      fiatCurrencyCode: "GBP",
      cryptoCurrencyCode: "BTC",
      fiatAmountRangeMin: "10",
      fiatAmountRangeMax: "500",
      margin: "1.00",
      // 87350 × 0.762 × 1.01.
      fiatPricePerCrypto: "67226.31",
      fiatPricePerBtc: "67226.31",
      pricePerUsd: "0.7696",
      isFavorite: false,
      isStickied: false,
      location: "London, United Kingdom",
      releaseTimeMedianSeconds: 300,
      releaseTimeMedianHumanize: "5 minutes",
      owner: {
        username: alice.user!.username,
        status: { type: "online" },
        badge: { id: "vendor" },
        feedbackPositiveCount: 0,
        feedbackNegativeCount: 0,
        userCountryIso: "GB",
        isIdVerified: true,
      },
    });
    expect(item!.tags.map((tag) => tag.slug)).toEqual(["no-vpn"]);
    expect(response.body.meta).toMatchObject({
      type: "buy",
      tab: "p2p",
      sortType: "default",
      cryptoCurrencyCode: "BTC",
      fiatCurrencyCode: "GBP",
      ratesAsOf: "2026-11-20",
    });
  });

  it("sorts by price both ways, merging fixed prices with margins", async () => {
    expect(names(await list(`${GBP_BUY}&sortType=price_asc`))).toEqual(["cheap", "one", "fixed", "three", "five"]);
    expect(names(await list(`${GBP_BUY}&sortType=price_desc`))).toEqual(["five", "three", "fixed", "one", "cheap"]);
    expect(names(await list(`${GBP_BUY}&sort=price_desc`))).toEqual(["five", "three", "fixed", "one", "cheap"]);
  });

  it("sorts by the owners' release time both ways, unknown last", async () => {
    expect(names(await list(`${GBP_BUY}&sortType=release_time_asc`))).toEqual([
      "cheap",
      "fixed",
      "one",
      "three",
      "five",
    ]);
    expect(names(await list(`${GBP_BUY}&sortType=release_time_desc`))).toEqual([
      "three",
      "one",
      "fixed",
      "cheap",
      "five",
    ]);
  });

  it("filters by payment method slug and by payment method group", async () => {
    expect(names(await list(`${GBP_BUY}&payment-method=wise`))).toEqual(["three"]);
    expect(names(await list(`${GBP_BUY}&group=online-transfers`))).toEqual(["cheap", "three"]);
    expect(names(await list(`${GBP_BUY}&group=bank-transfers`))).toEqual(["one", "fixed", "five"]);
  });

  it("filters by crypto currency code or id, and by fiat currency (currencyCode or currency)", async () => {
    expect(names(await list("type=buy&crypto_currency_code=ETH"))).toEqual(["eth"]);
    expect(names(await list("type=buy&crypto_currency_id=2"))).toEqual(["eth"]);
    expect(names(await list("type=buy&crypto=usdt"))).toEqual(["usdtEur"]);
    expect(names(await list("type=buy&crypto_currency_code=BTC&currency=USD"))).toEqual(["giftCard", "amazon"]);
  });

  it("lists every coin and currency by markup when none is named", async () => {
    expect(names(await list("type=buy&limit=50"))).toEqual([
      "cheap",
      "one",
      "usdtEur",
      // ETH at exactly 2 %, then the fixed price at 2.0001 % over the market.
      "eth",
      "fixed",
      "three",
      "five",
      "giftCard",
      "amazon",
    ]);
  });

  it("keeps offers whose limits include fiat-min, and only if it is numeric", async () => {
    expect(names(await list(`${GBP_BUY}&fiat-min=150`))).toEqual(["one", "fixed", "three", "five"]);
    expect(names(await list(`${GBP_BUY}&fiat-min=1500`))).toEqual(["three"]);
    expect(names(await list(`${GBP_BUY}&fiat-min=abc`))).toEqual(["cheap", "one", "fixed", "three", "five"]);
    expect(names(await list(`${GBP_BUY}&fiat-min=1e3`))).toEqual(["cheap", "one", "fixed", "three", "five"]);
  });

  it("converts fiat-min from USD when convertFromUSD is set", async () => {
    // 400 USD is 304.80 GBP: the 20-300 GBP fixed offer is out, the 10-500 ones are in.
    expect(names(await list(`${GBP_BUY}&fiat-min=400&convertFromUSD=true`))).toEqual(["one", "three", "five"]);
    expect(names(await list("type=buy&crypto_currency_code=BTC&fiat-min=400&convertFromUSD=true&limit=50"))).toEqual([
      "one",
      "three",
      "five",
      "giftCard",
      "amazon",
    ]);
  });

  it("filters by where an offer may be taken (countryIso), its location and its owner's country", async () => {
    expect(names(await list(`${GBP_BUY}&countryIso=FR`))).toEqual(["one", "fixed", "three", "five"]);
    expect(names(await list(`${GBP_BUY}&countryIso=gb`))).toEqual(["cheap", "one", "fixed", "three", "five"]);
    expect(names(await list(`${GBP_BUY}&location=GB`))).toEqual(["one"]);
    expect(names(await list(`${GBP_BUY}&usersCountryIso=NG`))).toEqual(["cheap", "fixed"]);
  });

  it("filters by tags, verified offers, verified owners and owners online", async () => {
    expect(names(await list(`${GBP_BUY}&tags=no-vpn`))).toEqual(["one"]);
    expect(names(await list("type=buy&crypto_currency_code=BTC&currencyCode=USD&tags=physical-card"))).toEqual([
      "amazon",
    ]);
    expect(names(await list(`${GBP_BUY}&isVerifiedOffers=true`))).toEqual(["three"]);
    expect(names(await list(`${GBP_BUY}&isVerifiedUsers=1`))).toEqual(["one", "three"]);
    expect(names(await list(`${GBP_BUY}&onlineUsers=true`))).toEqual(["cheap", "one", "fixed", "three"]);
    expect(names(await list(`${GBP_BUY}&isVerifiedUsers=false`))).toEqual(["cheap", "one", "fixed", "three", "five"]);
  });

  it("filters gift card offers by bin code and card region", async () => {
    expect(names(await list("type=buy&crypto_currency_code=BTC&binCode=411111"))).toEqual(["giftCard"]);
    expect(names(await list("type=buy&crypto_currency_code=BTC&binCode=999999"))).toEqual([]);
    expect(names(await list("type=buy&crypto_currency_code=BTC&cardRegion=uk"))).toEqual(["amazon"]);
  });

  it("keeps only offers whose requirements the viewer meets with acceptableOnly", async () => {
    // A visitor: no anonymous-restricted offer, nothing that needs trades, an id or a country.
    expect(names(await list(`${GBP_BUY}&acceptableOnly=true`))).toEqual(["one", "fixed"]);
    const british = await t.signUp({ countryIso: "GB" });
    expect(names(await list(`${GBP_BUY}&acceptableOnly=true`, british))).toEqual(["cheap", "one", "fixed"]);
    await sql`UPDATE users SET id_verified_at = now() WHERE id = ${british.user!.id}`.execute(t.ownerDb);
    await recordTraderStats(t.db, british.user!.id, { completedTrades: 5 });
    expect(names(await list(`${GBP_BUY}&acceptableOnly=true`, british))).toEqual([
      "cheap",
      "one",
      "fixed",
      "three",
      "five",
    ]);
  });

  it("separates the SHOP tab's automated offers from P2P, and takes an explicit flow type", async () => {
    expect(names(await list(`${GBP_BUY}&tab=SHOP`))).toEqual(["shop"]);
    const shop = await t.client().get(`/rest/v1/offers?${GBP_BUY}&tab=SHOP`);
    expect(shop.body.meta.tab).toBe("shop");
    expect(shop.body.data[0].isAutomated).toBe(true);
    expect((await t.client().get(`/rest/v1/offers?${GBP_BUY}&tab=nonsense`)).body.meta.tab).toBe("p2p");
    expect(names(await list(`${GBP_BUY}&flowType=lite`))).toEqual(["five"]);
  });

  it("pages with limit and offset or page, and says whether more follow", async () => {
    const first = await t.client().get(`/rest/v1/offers?${GBP_BUY}&limit=2`);
    expect(names(first.body.data.map((item: { hash: string }) => item.hash))).toEqual(["cheap", "one"]);
    expect(first.body.meta).toMatchObject({ limit: 2, offset: 0, currentPage: 1, perPage: 2, hasMore: true });
    expect(names(await list(`${GBP_BUY}&limit=2&offset=2`))).toEqual(["fixed", "three"]);
    const last = await t.client().get(`/rest/v1/offers?${GBP_BUY}&limit=2&page=3`);
    expect(names(last.body.data.map((item: { hash: string }) => item.hash))).toEqual(["five"]);
    expect(last.body.meta).toMatchObject({ offset: 4, currentPage: 3, hasMore: false });
  });

  it("puts funded bids' pinned offers first under the default sort only", async () => {
    const five = await sql<{ id: bigint }>`SELECT id FROM offers WHERE id_hashed = ${hash.five!}`.execute(t.ownerDb);
    await sql`INSERT INTO offer_bids (offer_id, user_id, crypto_currency_id, type, fiat_currency_id, bid_currency_code, amount_minor, starts_at, ends_at, status)
      VALUES (${five.rows[0]!.id}, ${erin.user!.id}, 1, 'sell', 146, 'USDT', 20000000, now() - interval '1 hour', now() + interval '1 day', 'FUNDED')`.execute(
      t.ownerDb,
    );
    forgetCachedListings();
    const response = await t.client().get(`/rest/v1/offers?${GBP_BUY}`);
    expect(names(response.body.data.map((item: { hash: string }) => item.hash))).toEqual([
      "five",
      "cheap",
      "one",
      "fixed",
      "three",
    ]);
    expect(response.body.data[0]).toMatchObject({ isStickied: true, pinnedPosition: 1 });
    expect(names(await list(`${GBP_BUY}&sortType=price_asc`))).toEqual(["cheap", "one", "fixed", "three", "five"]);
    await sql`UPDATE offer_bids SET status = 'COMPLETED'`.execute(t.ownerDb);
    forgetCachedListings();
  });

  it("leaves out owners the viewer blocks or who block the viewer, and shows trusted-only offers to the trusted", async () => {
    const visitor = await t.signUp({ countryIso: "GB" });
    expect((await visitor.post(`/rest/v1/users/${bob.user!.username}/relations`, { action: "block" })).status).toBe(
      200,
    );
    expect(names(await list(GBP_BUY, visitor))).toEqual(["one", "three", "five"]);
    expect((await visitor.get(`/rest/v1/offers/${hash.cheap!}`)).status).toBe(404);
    const blockedByErin = await t.signUp({ countryIso: "GB" });
    expect(
      (await erin.post(`/rest/v1/users/${blockedByErin.user!.username}/relations`, { action: "block" })).status,
    ).toBe(200);
    expect(names(await list(GBP_BUY, blockedByErin))).toEqual(["cheap", "one", "fixed", "three"]);

    await publish(alice, "trustedOnly", { margin: "0.1", show_only_trusted_user: true });
    const friend = await t.signUp({ countryIso: "GB" });
    expect(names(await list(`${GBP_BUY}&acceptableOnly=true`, friend))).not.toContain("trustedOnly");
    expect((await alice.post(`/rest/v1/users/${friend.user!.username}/relations`, { action: "trust" })).status).toBe(
      200,
    );
    expect(names(await list(`${GBP_BUY}&acceptableOnly=true`, friend))).toContain("trustedOnly");
    expect((await friend.get(`/rest/v1/offers/${hash.trustedOnly!}`)).body.data.isTrustedUser).toBe(true);
    await alice.delete(`/rest/v1/offers/${hash.trustedOnly!}`);
  });

  it("marks the viewer's favourites", async () => {
    const visitor = await t.signUp();
    expect((await visitor.post(`/rest/v1/favorites/offers/${hash.fixed!}`)).status).toBe(200);
    const response = await visitor.get(`/rest/v1/offers?${GBP_BUY}`);
    const favorites = response.body.data.filter((item: { isFavorite: boolean }) => item.isFavorite);
    expect(names(favorites.map((item: { hash: string }) => item.hash))).toEqual(["fixed"]);
  });

  it("answers snake_case keys when asked", async () => {
    const response = await t.client().get(`/rest/v1/offers?${GBP_BUY}&keyCase=snake_case&limit=1`);
    expect(response.body.data[0]).toHaveProperty("fiat_price_per_crypto");
    expect(response.body.meta).toHaveProperty("has_more");
  });

  it("refuses unknown filter values keyed by field, and never answers 500", async () => {
    const refusals: [string, string][] = [
      ["type=swap", "type"],
      ["currencyCode=XYZ", "currencyCode"],
      ["crypto_currency_code=DOGE", "cryptoCurrencyCode"],
      ["crypto_currency_id=999", "cryptoCurrencyId"],
      ["crypto_currency_id=abc", "cryptoCurrencyId"],
      ["payment-method=pigeon", "paymentMethod"],
      ["group=nope", "group"],
      ["tags=free-money", "tags"],
      ["binCode=12", "binCode"],
      ["countryIso=GBR", "countryIso"],
      ["sortType=random", "sortType"],
      ["limit=0", "limit"],
      ["limit=51", "limit"],
      ["offset=5000", "offset"],
      ["page=500", "page"],
      ["onlineUsers=maybe", "onlineUsers"],
    ];
    for (const [query, field] of refusals) {
      const response = await t.client().get(`/rest/v1/offers?${query}`);
      expect(response.status, query).toBe(422);
      expect(Object.keys(response.body.errors.details), query).toContain(field);
    }
    for (const query of ["type[]=buy", "limit=1&limit=2", "fiat-min=%00", "tags=&tags=", "pageId=home&block=hot"]) {
      const response = await t.client().get(`/rest/v1/offers?${query}`);
      expect(response.status, query).toBeLessThan(500);
    }
  });
});

describe("a user's active offers", () => {
  it("lists the listed offers of one user, by side and coin, for the profile page", async () => {
    const response = await t
      .client()
      .get(`/rest/v1/users/${alice.user!.username}/active-offers?type=buy&crypto_currency_code=BTC`);
    expect(response.status).toBe(200);
    const page = userActiveOffersResponseSchema.parse(response.body);
    // Every flow of the user's, the shop's automated ones included.
    expect(names(page.data.map((item) => item.hash))).toEqual(["one", "three", "shop", "amazon"]);
    expect(page.meta).toEqual({ limit: 10, offset: 0, hasMore: false });
    const sells = await t.client().get(`/rest/v1/users/${alice.user!.username}/active-offers?type=sell`);
    expect(names(sells.body.data.map((item: { hash: string }) => item.hash))).toEqual(["buyHigh"]);
    const eth = await t.client().get(`/rest/v1/users/${alice.user!.username}/active-offers?crypto_currency_code=ETH`);
    expect(names(eth.body.data.map((item: { hash: string }) => item.hash))).toEqual(["eth"]);
    expect((await t.client().get("/rest/v1/users/nobody_here/active-offers")).status).toBe(404);
    const ofBanned = await t.client().get(`/rest/v1/users/${banned.user!.username}/active-offers`);
    expect(ofBanned.body.data).toEqual([]);
  });
});

describe("the shared page cache", () => {
  it("serves everyone the same page for a moment, personalised, and forgets it when an offer changes", async () => {
    const first = await t.client().get(`/rest/v1/offers?${GBP_BUY}&limit=3`);
    // Changed by hand: the cached page is still served.
    await sql`UPDATE offers SET margin = 0.01 WHERE id_hashed = ${hash.three!}`.execute(t.ownerDb);
    const cached = await t.client().get(`/rest/v1/offers?${GBP_BUY}&limit=3`);
    expect(cached.text).toBe(first.text);
    // A logged-in viewer gets the shared page with their own favourites marked, read fresh.
    const viewer = await t.signUp();
    expect((await viewer.post(`/rest/v1/favorites/offers/${hash.one!}`)).status).toBe(200);
    const personal = await viewer.get(`/rest/v1/offers?${GBP_BUY}&limit=3`);
    const firstItems = first.body.data as { hash: string; isFavorite: boolean }[];
    const personalItems = personal.body.data as { hash: string; isFavorite: boolean }[];
    expect(personalItems.map((item) => item.hash)).toEqual(firstItems.map((item) => item.hash));
    expect(names(personalItems.filter((item) => item.isFavorite).map((item) => item.hash))).toEqual(["one"]);
    expect(firstItems.every((item) => !item.isFavorite)).toBe(true);
    expect((await t.client().get(`/rest/v1/offers?${GBP_BUY}&limit=3`)).text).toBe(first.text);
    // A viewer with any block gets an exact page of their own (blocked owners' offers are left out).
    const blocker = await t.signUp();
    const someone = await t.signUp();
    expect((await blocker.post(`/rest/v1/users/${someone.user!.username}/relations`, { action: "block" })).status).toBe(
      200,
    );
    expect(names(await list(`${GBP_BUY}&limit=3`, blocker))).toEqual(["cheap", "three", "one"]);
    // A change through the offers module drops every cached page at once.
    expect((await alice.put(`/rest/v1/my-offers/${hash.three!}/margin`, { new_margin: "3" })).status).toBe(200);
    expect(names(await list(`${GBP_BUY}&limit=3`))).toEqual(["cheap", "one", "fixed"]);
  });
});

describe("the listing's prepared statements", () => {
  it("are prepared once per connection and run with a reused generic plan", async () => {
    const single = openDatabase(t.databaseUrl, { poolSize: 1 });
    try {
      const query = sql<{ n: number }>`SELECT ${7}::int + 1 AS n`;
      const name = statementNameOf(query.compile(single.db).sql);
      for (let run = 0; run < 3; run += 1) expect(await executePrepared(single.db, query)).toEqual([{ n: 8 }]);
      const stored = await sql<{ name: string; generic_plans: bigint }>`
        SELECT name, generic_plans FROM pg_prepared_statements WHERE name = ${name}`.execute(single.db);
      expect(stored.rows).toHaveLength(1);
      expect(Number(stored.rows[0]!.generic_plans)).toBeGreaterThanOrEqual(3);
    } finally {
      await single.close();
    }
  });
});

describe("what a sell offer's owner can fund", () => {
  it("caps the maximum shown at what the owner's balance covers, and leaves out offers it cannot fund at their minimum", async () => {
    const seller = await t.signUp({ countryIso: "GB" });
    // 0.005 BTC with the 1 % fee funds 0.00495049 BTC: 332.80 GBP at 67226.31 (87350 × 0.762 × 1.01).
    await deposit(seller, "0.005", "BTC");
    await publish(seller, "capped", { margin: "1", payment_method_slug: "skrill", fiat_limit_max: "500" });
    await publish(seller, "unfunded", { margin: "1", payment_method_slug: "skrill", fiat_limit_min: "400" });
    const market = `${GBP_BUY}&payment-method=skrill`;
    const items = async () =>
      offerListResponseSchema.parse((await t.client().get(`/rest/v1/offers?${market}`)).body).data;
    expect((await items()).map((item) => [names([item.hash])[0], item.fiatAmountRangeMax])).toEqual([
      ["capped", "332.8"],
    ]);
    const view = (await t.client().get(`/rest/v1/offers/${hash.capped}`)).body.data;
    expect(view.tradeLimits).toEqual({ min: "10", max: "332.8" });
    expect(view.offer.fiatLimitMax).toBe("500");

    // The wallet tells the offers module after a deposit (a job); here the job's work runs directly.
    await deposit(seller, "0.01", "BTC");
    await refreshOwnerFunding(t.db, seller.user!.id);
    expect((await items()).map((item) => [names([item.hash])[0], item.fiatAmountRangeMax])).toEqual([
      ["capped", "500"],
      ["unfunded", "500"],
    ]);
  });
});

describe("an offer's label", () => {
  it("is shown to its owner only: never in listings, and blank in the offer for anyone else", async () => {
    const owner = await bonded("GB");
    await publish(owner, "labelled", { margin: "1.1", payment_method_slug: "neteller", label: "Savings account" });
    const listed = offerListResponseSchema
      .parse((await owner.get(`/rest/v1/offers?${GBP_BUY}&payment-method=neteller`)).body)
      .data.find((item) => item.hash === hash.labelled);
    expect(listed?.paymentMethodLabel).toBe("");
    const asOther = (await bob.get(`/rest/v1/offers/${hash.labelled}`)).body.data.offer;
    // The stored draft repeats the label (and the payment instructions): others get none of it.
    expect([asOther.label, asOther.originalData]).toEqual(["", null]);
    expect(JSON.stringify(asOther)).not.toContain("Savings account");
    const asAnonymous = (await t.client().get(`/rest/v1/offers/${hash.labelled}`)).body.data.offer;
    expect(asAnonymous.label).toBe("");
    const asOwner = (await owner.get(`/rest/v1/offers/${hash.labelled}`)).body.data.offer;
    expect([asOwner.label, asOwner.originalData.label]).toEqual(["Savings account", "Savings account"]);
  });
});
