import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  balancesOf,
  createOffer,
  createTrader,
  depositBond,
  fund,
  openTradesTestAppForFile,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";

/** A closed account takes part in no new trade, as the taker (either side) or as the offer's owner. */
const t = await openTradesTestAppForFile();

const close = (user: TestUser) =>
  sql`UPDATE users SET closed_at = now(), close_reason = 'other' WHERE id = ${user.id}`.execute(t.ownerDb);

const startAs = (taker: TestUser, offerId: string) =>
  taker.client.post("/rest/v1/trade", { offerId, fiatAmount: "100" }, { headers: { "idempotency-key": randomUUID() } });

describe("trade start with a closed account", () => {
  it("refuses a closed buyer (403 ERROR_ACCOUNT_CLOSED) and holds nothing", async () => {
    const seller = await createTrader(t, { roles: ["user", "vendor"] });
    const buyer = await createTrader(t);
    await fund(t.db, seller.id, "USDT", "1000");
    const offerId = await createOffer(seller);
    await close(buyer);
    const refused = await startAs(buyer, offerId);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toMatchObject({ code: "ERROR_ACCOUNT_CLOSED", details: { party: "taker" } });
    expect((await balancesOf(t.db, seller.id, "USDT")).escrow).toBe(0n);
  });

  it("refuses a closed seller taking a buy offer", async () => {
    const owner = await createTrader(t);
    const taker = await createTrader(t);
    await depositBond(t.db, owner);
    await fund(t.db, taker.id, "USDT", "500");
    const buyOffer = await createOffer(owner, { type: "buy" });
    await close(taker);
    const refused = await startAs(taker, buyOffer);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toMatchObject({ code: "ERROR_ACCOUNT_CLOSED", details: { party: "taker" } });
    expect((await balancesOf(t.db, taker.id, "USDT")).escrow).toBe(0n);
  });

  it("refuses a start on the offer of a closed owner (409 ERROR_ACCOUNT_CLOSED) and holds nothing", async () => {
    const seller = await createTrader(t, { roles: ["user", "vendor"] });
    const buyer = await createTrader(t);
    await fund(t.db, seller.id, "USDT", "1000");
    const offerId = await createOffer(seller);
    await close(seller);
    const before = await balancesOf(t.db, seller.id, "USDT");
    const refused = await startAs(buyer, offerId);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toMatchObject({ code: "ERROR_ACCOUNT_CLOSED", details: { party: "offer_owner" } });
    expect(await balancesOf(t.db, seller.id, "USDT")).toEqual(before);
    expect(before.escrow).toBe(0n);
  });
});
