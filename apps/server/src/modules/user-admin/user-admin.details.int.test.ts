import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import {
  createOffer,
  createTrader,
  createTradesTestApp,
  fund,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";

/** The sections of a user's page in the operator console: balances, trades, offers, sessions. */

let t: TestApp;
let supermod: TestUser;
beforeAll(async () => {
  t = await createTradesTestApp();
  supermod = await createTrader(t, { roles: ["user", "supermod"] });
});
afterAll(async () => {
  await t.close();
});

describe("a user's details for staff", () => {
  it("shows the balances, the latest trades, the offers and the sessions with their addresses", async () => {
    const vendor = await createTrader(t);
    const buyer = await createTrader(t);
    await fund(t.db, vendor.id, "USDT", "1000");
    const offerId = await createOffer(vendor);
    const started = await buyer.client.post(
      "/rest/v1/trade",
      { offerId, fiatAmount: "100" },
      { headers: { "idempotency-key": randomUUID() } },
    );
    expect(started.status).toBe(200);

    const answer = await supermod.client.get(`/rest/v1/admin/users/${vendor.username}/details`);
    expect(answer.status).toBe(200);
    const details = answer.body.data;
    const usdt = details.balances.find((row: { cryptoCurrencyCode: string }) => row.cryptoCurrencyCode === "USDT");
    expect(Number(usdt.escrowAmount)).toBeGreaterThan(0);
    expect(details.trades.total).toBe(1);
    expect(details.trades.items[0]).toMatchObject({ id: started.body.data.id, partner: { username: buyer.username } });
    expect(details.offers).toMatchObject({ total: 1, items: [{ idHashed: offerId, ownerUsername: vendor.username }] });
    expect(details.offers.items[0]).not.toHaveProperty("tradeDetails");
    expect(details.sessions).toEqual([
      expect.objectContaining({ ip: expect.stringMatching(/^10\.88\./), endedAt: null }),
    ]);
  });

  it("is for supermods and admins, and says so for an unknown account", async () => {
    const user = await createTrader(t);
    const moderator = await createTrader(t, { roles: ["user", "moderator"] });
    expect((await user.client.get(`/rest/v1/admin/users/${supermod.username}/details`)).status).toBe(403);
    expect((await moderator.client.get(`/rest/v1/admin/users/${user.username}/details`)).status).toBe(403);
    expect((await supermod.client.get("/rest/v1/admin/users/nobody_here_at_all/details")).status).toBe(404);
  });
});
