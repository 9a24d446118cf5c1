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

/**
 * A restricted account starts no trade (docs/decisions/004-restrictions.md): not as the taker on
 * either side, and nobody takes the offer of an owner in a restricted state. A merely
 * `restricted` account keeps trading.
 */
const t = await openTradesTestAppForFile();

const FLAGS = {
  suspended: "is_suspended",
  frozen: "is_frozen",
  onHold: "is_on_hold",
  compromised: "is_compromised",
  restricted: "is_restricted",
  banned: "is_banned",
} as const;

const restrict = (user: TestUser, kind: keyof typeof FLAGS) =>
  sql`UPDATE users SET ${sql.ref(FLAGS[kind])} = true WHERE id = ${user.id}`.execute(t.ownerDb);

const startAs = (taker: TestUser, offerId: string) =>
  taker.client.post("/rest/v1/trade", { offerId, fiatAmount: "100" }, { headers: { "idempotency-key": randomUUID() } });

async function fundedSellOffer(): Promise<{ seller: TestUser; offerId: string }> {
  const seller = await createTrader(t, { roles: ["user", "vendor"] });
  await fund(t.db, seller.id, "USDT", "1000");
  return { seller, offerId: await createOffer(seller) };
}

describe("trade start by a restricted taker", () => {
  for (const kind of ["suspended", "frozen", "onHold", "compromised"] as const) {
    it(`refuses a ${kind} buyer (403 ERROR_USER_RESTRICTED) and holds nothing`, async () => {
      const { seller, offerId } = await fundedSellOffer();
      const buyer = await createTrader(t);
      await restrict(buyer, kind);
      const refused = await startAs(buyer, offerId);
      expect(refused.status).toBe(403);
      expect(refused.body.errors).toMatchObject({ code: "ERROR_USER_RESTRICTED", details: { restriction: kind } });
      expect((await balancesOf(t.db, seller.id, "USDT")).escrow).toBe(0n);
    });
  }

  it("refuses a banned taker with ERROR_ACCOUNT_BANNED", async () => {
    const { offerId } = await fundedSellOffer();
    const buyer = await createTrader(t);
    await restrict(buyer, "banned");
    const refused = await startAs(buyer, offerId);
    expect(refused.status).toBe(403);
    expect(refused.body.errors.code).toBe("ERROR_ACCOUNT_BANNED");
  });

  it("refuses a frozen seller taking a buy offer, and their balance stays where it was", async () => {
    const owner = await createTrader(t);
    const taker = await createTrader(t);
    await depositBond(t.db, owner);
    await fund(t.db, taker.id, "USDT", "500");
    const buyOffer = await createOffer(owner, { type: "buy" });
    await restrict(taker, "frozen");
    const refused = await startAs(taker, buyOffer);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toMatchObject({ code: "ERROR_USER_RESTRICTED", details: { restriction: "frozen" } });
    expect(await balancesOf(t.db, taker.id, "USDT")).toEqual({ available: 500_000_000n, escrow: 0n });
  });

  it("lets a restricted (not frozen) account start a trade", async () => {
    const { seller, offerId } = await fundedSellOffer();
    const buyer = await createTrader(t);
    await restrict(buyer, "restricted");
    const started = await startAs(buyer, offerId);
    expect(started.status).toBe(200);
    expect(started.body.data.status).toBe("active_funded");
    expect((await balancesOf(t.db, seller.id, "USDT")).escrow).toBeGreaterThan(0n);
  });
});

describe("trade start on the offer of a restricted owner", () => {
  for (const kind of ["frozen", "suspended", "onHold", "compromised"] as const) {
    it(`refuses an offer whose owner is ${kind} (409 ERROR_OFFER_UNAVAILABLE owner_restricted)`, async () => {
      const { seller, offerId } = await fundedSellOffer();
      const buyer = await createTrader(t);
      await restrict(seller, kind);
      const before = await balancesOf(t.db, seller.id, "USDT");
      const refused = await startAs(buyer, offerId);
      expect(refused.status).toBe(409);
      expect(refused.body.errors).toMatchObject({
        code: "ERROR_OFFER_UNAVAILABLE",
        details: { reason: "owner_restricted" },
      });
      expect(await balancesOf(t.db, seller.id, "USDT")).toEqual(before);
      expect(before.escrow).toBe(0n);
    });
  }
});
