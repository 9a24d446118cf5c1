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

/** Every user's figures and medals, as a full or an incremental pass leaves them. */
async function reputationRows() {
  const stats = await sql`SELECT user_id::text, done_trades, volume_usd::text, trade_volume FROM user_trade_stats
    ORDER BY user_id`.execute(t.ownerDb);
  const medals = await sql`SELECT user_id::text, code FROM user_medals ORDER BY user_id, code`.execute(t.ownerDb);
  return { stats: stats.rows, medals: medals.rows };
}

const refreshedAtOf = async (userId: number) =>
  (
    await sql<{ at: Date }>`SELECT refreshed_at AS at FROM user_trade_stats WHERE user_id = ${userId}`.execute(
      t.ownerDb,
    )
  ).rows[0]?.at;

describe("the incremental pass", () => {
  it("refreshes the users whose trades changed and the new ones, and ends where a full pass ends", async () => {
    const [active, idle] = [await createTrader(t), await createTrader(t)];
    await releaseTrade(cast, await openTrade(cast, "100", active), active);
    await releaseTrade(cast, await openTrade(cast, "40", idle), idle);
    await refreshReputation(t.db);
    // That pass was an hour ago, and the trades it read changed an hour before it.
    await sql`UPDATE user_trade_stats SET refreshed_at = refreshed_at - interval '1 hour'`.execute(t.ownerDb);
    await sql`UPDATE trades SET updated_at = updated_at - interval '2 hours'`.execute(t.ownerDb);
    const [idleRefreshedAt, activeRefreshedAt] = [await refreshedAtOf(idle.id), await refreshedAtOf(active.id)];
    const newcomer = await createTrader(t);
    await releaseTrade(cast, await openTrade(cast, "100", active), active);
    await cancelTrade(cast, await openTrade(cast, "70", active), active);

    await refreshReputation(t.db);
    expect(await refreshedAtOf(idle.id)).toEqual(idleRefreshedAt);
    expect((await refreshedAtOf(active.id))!.getTime()).toBeGreaterThan(activeRefreshedAt!.getTime());
    expect(await refreshedAtOf(newcomer.id)).toBeDefined();
    const { rows } = await sql<{ done: number }>`
      SELECT done_trades AS done FROM user_trade_stats WHERE user_id = ${active.id}`.execute(t.ownerDb);
    expect(rows).toEqual([{ done: 2 }]);
    const incremental = await reputationRows();

    await refreshReputation(t.db, { everyone: true });
    expect(await reputationRows()).toEqual(incremental);
  });
});

describe("the profile's badge", () => {
  it("is operator for staff, vendor for a vendor, and none for a plain user", async () => {
    expect((await profileOf(cast.moderator.username)).badge).toBe("operator");
    expect((await profileOf(cast.seller.username)).badge).toBe("vendor");
    expect((await profileOf(cast.stranger.username)).badge).toBe("no_badge");
  });
});
