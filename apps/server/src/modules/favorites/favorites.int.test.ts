import { favoritesResponseSchema } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/harness.ts";
import { recordDeposit } from "../wallet/index.ts";

let t: TestApp;
let vendor: TestClient;
const sells: string[] = [];
const buys: string[] = [];

async function publish(overrides: Record<string, unknown>): Promise<string> {
  const response = await vendor.post("/rest/v1/offers", {
    type: "sell",
    crypto_currency_code: "BTC",
    fiat_currency_code: "EUR",
    payment_method_slug: "sepa",
    margin: "1",
    fiat_limit_min: "10",
    fiat_limit_max: "500",
    ...overrides,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.data.idHashed;
}

beforeAll(async () => {
  t = await createTestApp();
  vendor = await t.signUp({ countryIso: "DE" });
  await recordDeposit(t.db, {
    username: vendor.user!.username,
    amount: "100",
    cryptoCurrencyCode: "USDT",
    source: "admin",
  });
  expect((await vendor.post("/wallet/deposit-bond", { crypto_currency_code: "USDT" })).status).toBe(200);
  // Coins to fund the sell offers (the marketplace lists only those).
  await recordDeposit(t.db, {
    username: vendor.user!.username,
    amount: "1",
    cryptoCurrencyCode: "BTC",
    source: "admin",
  });
  // Twelve sell offers (margins 1..12 %) and three buy offers.
  for (let index = 1; index <= 12; index += 1) sells.push(await publish({ margin: String(index) }));
  for (let index = 1; index <= 3; index += 1) buys.push(await publish({ type: "buy", margin: String(-index) }));
});
afterAll(async () => {
  await t.close();
});

async function saveAll(client: TestClient, hashes: string[]) {
  for (const hash of hashes) {
    const response = await client.post(`/rest/v1/favorites/offers/${hash}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data).toEqual({ idHashed: hash, isFavorite: true });
  }
}

describe("favourite offers", () => {
  it("saves and removes favourites, harmlessly twice", async () => {
    const visitor = await t.signUp();
    await saveAll(visitor, [sells[0]!, sells[0]!]);
    const page = (await visitor.get("/rest/v1/favorites/offers")).body;
    expect(page.data.map((item: { hash: string }) => item.hash)).toEqual([sells[0]]);
    expect(page.data[0]).toMatchObject({ isFavorite: true, isAvailable: true });
    const removed = await visitor.delete(`/rest/v1/favorites/offers/${sells[0]}`);
    expect(removed.body.data).toEqual({ idHashed: sells[0], isFavorite: false });
    expect((await visitor.delete(`/rest/v1/favorites/offers/${sells[0]}`)).status).toBe(200);
    expect((await visitor.get("/rest/v1/favorites/offers")).body.meta.total).toBe(0);
  });

  it("pages ten at a time, newest first, with counts per side", async () => {
    const visitor = await t.signUp();
    await saveAll(visitor, [...sells, ...buys]);
    const first = favoritesResponseSchema.parse((await visitor.get("/rest/v1/favorites/offers")).body);
    expect(first.meta).toEqual({
      total: 15,
      currentPage: 1,
      perPage: 10,
      lastPage: 2,
      buyCount: 12,
      sellCount: 3,
      currentType: null,
    });
    expect(first.data.map((item) => item.hash)).toEqual([...buys].reverse().concat([...sells].reverse().slice(0, 7)));
    const second = (await visitor.get("/rest/v1/favorites/offers?page=2")).body;
    expect(second.data).toHaveLength(5);
    expect(second.meta.currentPage).toBe(2);
  });

  it("filters by the visitor's side and sorts oldest first or by price", async () => {
    const visitor = await t.signUp();
    await saveAll(visitor, [sells[5]!, sells[0]!, sells[9]!, buys[0]!]);
    const canBuy = (await visitor.get("/rest/v1/favorites/offers?type=buy")).body;
    expect(canBuy.meta).toMatchObject({ total: 3, buyCount: 3, sellCount: 1, currentType: "buy" });
    expect(canBuy.data.map((item: { hash: string }) => item.hash)).toEqual([sells[9], sells[0], sells[5]]);
    const canSell = (await visitor.get("/rest/v1/favorites/offers?type=sell")).body;
    expect(canSell.data.map((item: { hash: string }) => item.hash)).toEqual([buys[0]]);
    const oldest = (await visitor.get("/rest/v1/favorites/offers?type=buy&sort=oldest")).body;
    expect(oldest.data.map((item: { hash: string }) => item.hash)).toEqual([sells[5], sells[0], sells[9]]);
    const cheapest = (await visitor.get("/rest/v1/favorites/offers?type=buy&sort=price_asc")).body;
    expect(cheapest.data.map((item: { hash: string }) => item.hash)).toEqual([sells[0], sells[5], sells[9]]);
    const dearest = (await visitor.get("/rest/v1/favorites/offers?sort=price_desc")).body;
    expect(dearest.data.map((item: { hash: string }) => item.hash)).toEqual([sells[9], sells[5], sells[0], buys[0]]);
  });

  it("keeps a paused favourite, marked unavailable, and drops a deleted one", async () => {
    const visitor = await t.signUp();
    const paused = await publish({ margin: "20" });
    const deleted = await publish({ margin: "21" });
    await saveAll(visitor, [paused, deleted]);
    expect((await vendor.put(`/rest/v1/my-offers/${paused}/status`, { new_status: false })).status).toBe(200);
    expect((await vendor.delete(`/rest/v1/offers/${deleted}`)).status).toBe(200);
    const page = (await visitor.get("/rest/v1/favorites/offers")).body;
    expect(page.data.map((item: { hash: string }) => item.hash)).toEqual([paused]);
    expect(page.data[0].isAvailable).toBe(false);
    expect(page.meta.total).toBe(1);
  });

  it("refuses offers the viewer may not see, bad queries and visitors without a session", async () => {
    const visitor = await t.signUp();
    const rejected = await publish({ margin: "30" });
    await sql`UPDATE offers SET moderation_status = 2 WHERE id_hashed = ${rejected}`.execute(t.ownerDb);
    expect((await visitor.post(`/rest/v1/favorites/offers/${rejected}`)).status).toBe(404);
    expect((await visitor.post("/rest/v1/favorites/offers/AAAAAAAAAAA")).status).toBe(404);
    expect((await visitor.get("/rest/v1/favorites/offers?page=0")).status).toBe(422);
    expect((await visitor.get("/rest/v1/favorites/offers?type=both")).status).toBe(422);
    expect((await visitor.get("/rest/v1/favorites/offers?sort=random")).status).toBe(422);
    expect((await t.client().get("/rest/v1/favorites/offers")).status).toBe(401);
    expect((await t.client().post(`/rest/v1/favorites/offers/${sells[0]}`)).status).toBe(401);
  });

  it("shows each user only their own favourites", async () => {
    const one = await t.signUp();
    const other = await t.signUp();
    await saveAll(one, [sells[3]!]);
    expect((await other.get("/rest/v1/favorites/offers")).body.meta.total).toBe(0);
    expect((await other.delete(`/rest/v1/favorites/offers/${sells[3]}`)).status).toBe(200);
    expect((await one.get("/rest/v1/favorites/offers")).body.meta.total).toBe(1);
  });
});
