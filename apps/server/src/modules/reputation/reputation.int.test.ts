import { userMedalsResponseSchema } from "@souk/contracts";
import { formatAmount } from "@souk/money";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTrader, openTradesTestAppForFile } from "../../../test/races/trade-fixtures.ts";
import { cancelTrade, castForTrades, openTrade, releaseTrade } from "../../../test/trade-scenario.ts";
import { refreshReputation } from "./index.ts";

/** Medals, badges and the trade volume of the profile, from trades made over the real trade API. */
const t = await openTradesTestAppForFile();
const cast = await castForTrades(t);

const medalsOf = async (username: string) => {
  const response = await t.client().get(`/rest/v1/users/${username}/medals`);
  expect(response.status, response.text).toBe(200);
  return userMedalsResponseSchema.parse(response.body).data;
};

const profileOf = async (username: string) => (await t.client().get(`/rest/v1/users/${username}`)).body.data;

describe("the reputation job", () => {
  it("awards trades_10 after ten done trades, not for a cancelled one, and keeps a medal once earned", async () => {
    const buyer = await createTrader(t);
    for (let index = 0; index < 9; index += 1) await releaseTrade(cast, await openTrade(cast, "100", buyer), buyer);
    await cancelTrade(cast, await openTrade(cast, "100", buyer), buyer);
    await refreshReputation(t.db);
    expect((await medalsOf(buyer.username)).map((medal) => medal.code)).not.toContain("trades_10");

    await releaseTrade(cast, await openTrade(cast, "100", buyer), buyer);
    await refreshReputation(t.db);
    const medals = await medalsOf(buyer.username);
    // Everyone here signed up in the platform's first year; these two are its top traders by volume.
    expect(medals.map((medal) => medal.code)).toEqual(["trades_10", "trade_volume_top_1_percent", "first_year_signup"]);

    await refreshReputation(t.db);
    expect(await medalsOf(buyer.username)).toEqual(medals);
  });

  it("shows the done trades' crypto by currency as the profile's tradeVolume", async () => {
    const buyer = await createTrader(t);
    await releaseTrade(cast, await openTrade(cast, "100", buyer), buyer);
    await releaseTrade(cast, await openTrade(cast, "50", buyer), buyer);
    await cancelTrade(cast, await openTrade(cast, "70", buyer), buyer);
    expect((await profileOf(buyer.username)).tradeVolume).toEqual([]);

    await refreshReputation(t.db);
    const { rows } = await sql<{ minor: bigint; decimals: number }>`
      SELECT sum(amount_minor)::bigint AS minor, max(crypto_decimals)::int AS decimals FROM trades
      WHERE buyer_id = ${buyer.id} AND status = 'released'`.execute(t.ownerDb);
    const [sum] = rows;
    expect((await profileOf(buyer.username)).tradeVolume).toEqual([
      { name: "USDT", value: formatAmount(BigInt(sum!.minor), sum!.decimals) },
    ]);
  });

  it("answers 404 for an unknown or banned user's medals and 422 for a bad name", async () => {
    const unknown = await t.client().get("/rest/v1/users/nobody_known_here/medals");
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toMatchObject({ code: "ERROR_USER_NOT_FOUND" });
    const banned = await createTrader(t);
    await sql`UPDATE users SET is_banned = true WHERE id = ${banned.id}`.execute(t.ownerDb);
    expect((await t.client().get(`/rest/v1/users/${banned.username}/medals`)).status).toBe(404);
    expect((await t.client().get(`/rest/v1/users/${"x".repeat(65)}/medals`)).status).toBe(422);
  });
});

describe("the profile's badge", () => {
  it("is operator for staff, vendor for a vendor, and none for a plain user", async () => {
    expect((await profileOf(cast.moderator.username)).badge).toBe("operator");
    expect((await profileOf(cast.seller.username)).badge).toBe("vendor");
    expect((await profileOf(cast.stranger.username)).badge).toBe("no_badge");
  });
});
