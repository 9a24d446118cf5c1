import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  advanceTradeClock,
  balancesOf,
  createOffer,
  createTrader,
  depositBond,
  fund,
  openTradesTestAppForFile,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";
import { openDatabase, withTx } from "../../db/pool.ts";
import { parseFeatureFlags } from "../../platform/index.ts";
import { expireDueTrades, releaseTrade } from "./index.ts";

/**
 * What a trade's settlement records besides the money, and the answers a start or a command gives
 * when it is retried or refused: the completed-trade counters of both parties, the seller's
 * activity, the dispute a release closes, the penalty of a buy offer whose owner lets trades
 * expire. Written from the mutants that outlived trades.int.test.ts
 * (docs/decisions/085-failpoints-and-mutation-testing.md).
 */

const t = await openTradesTestAppForFile();

const key = () => ({ headers: { "idempotency-key": randomUUID() } });

async function sellerWithOffer(overrides: Record<string, unknown> = {}): Promise<{ seller: TestUser; offer: string }> {
  const seller = await createTrader(t, { roles: ["user", "vendor"] });
  await fund(t.db, seller.id, "USDT", "10000");
  return { seller, offer: await createOffer(seller, overrides) };
}

async function start(taker: TestUser, offer: string, fiatAmount = "100") {
  const response = await taker.client.post("/rest/v1/trade", { offerId: offer, fiatAmount }, key());
  expect(response.status, response.text).toBe(200);
  return response.body.data as { id: string; [key: string]: any };
}

async function releaseOf(buyer: TestUser, seller: TestUser, tradeId: string) {
  expect((await buyer.client.post(`/rest/v1/trade/${tradeId}/paid`)).status).toBe(200);
  const released = await seller.client.post(`/rest/v1/trade/${tradeId}/release`, {}, key());
  expect(released.status, released.text).toBe(200);
  return released.body.data;
}

async function countersOf(user: TestUser) {
  const result = await sql<{ completed_trades: number; total_partners: number; btc_traded_minor: string }>`
    SELECT completed_trades, total_partners, btc_traded_minor::text AS btc_traded_minor
    FROM users WHERE id = ${user.id}`.execute(t.ownerDb);
  const row = result.rows[0];
  return { completed: row?.completed_trades, partners: row?.total_partners, btc: row?.btc_traded_minor };
}

const dispute = { disputeReasonId: 1, disputeReasonText: "I paid and nothing was released." };

describe("what a successful trade counts", () => {
  it("counts a release for both parties, a partner once, BTC traded only in BTC, and a cancel not at all", async () => {
    const { seller, offer } = await sellerWithOffer();
    const buyer = await createTrader(t);
    await releaseOf(buyer, seller, (await start(buyer, offer)).id);
    expect(await countersOf(buyer)).toEqual({ completed: 1, partners: 1, btc: "0" });
    expect(await countersOf(seller)).toEqual({ completed: 1, partners: 1, btc: "0" });

    const cancelled = await start(buyer, offer);
    expect((await buyer.client.post(`/rest/v1/trade/${cancelled.id}/cancel`)).status).toBe(200);
    await releaseOf(buyer, seller, (await start(buyer, offer)).id);
    expect(await countersOf(buyer)).toEqual({ completed: 2, partners: 1, btc: "0" });
    expect(await countersOf(seller)).toEqual({ completed: 2, partners: 1, btc: "0" });

    await fund(t.db, seller.id, "BTC", "1");
    const btcOffer = await createOffer(seller, { cryptoCurrencyCode: "BTC", fixedPrice: "50000" });
    const btcTrade = await start(buyer, btcOffer, "100");
    expect(btcTrade.cryptoAmount).toMatchObject({ amount: "0.00200000", currencyCode: "BTC" });
    await releaseOf(buyer, seller, btcTrade.id);
    expect(await countersOf(buyer)).toEqual({ completed: 3, partners: 1, btc: "200000" });
    expect(await countersOf(seller)).toEqual({ completed: 3, partners: 1, btc: "200000" });
  });

  it("counts a dispute awarded to the buyer as completed, and one awarded to the seller not", async () => {
    const { seller, offer } = await sellerWithOffer();
    const buyer = await createTrader(t);
    const moderator = await createTrader(t, { roles: ["moderator"] });
    const disputed = async () => {
      const trade = await start(buyer, offer);
      expect((await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`)).status).toBe(200);
      expect((await buyer.client.post(`/rest/v1/trade/${trade.id}/dispute`, dispute)).status).toBe(200);
      return trade.id;
    };
    const lost = await disputed();
    const award = (id: string, outcome: string) =>
      moderator.client.post(`/rest/v1/trade/${id}/dispute/resolve`, { outcome, note: "Decided on the proof." });
    expect((await award(lost, "seller")).body.data.status).toBe("dispute_won_seller");
    expect(await countersOf(buyer)).toEqual({ completed: 0, partners: 0, btc: "0" });
    const won = await disputed();
    expect((await award(won, "buyer")).body.data.status).toBe("dispute_won_buyer");
    expect(await countersOf(buyer)).toEqual({ completed: 1, partners: 1, btc: "0" });
    expect(await countersOf(seller)).toEqual({ completed: 1, partners: 1, btc: "0" });
    const audit = await sql<{ subject_id: string; actor_user_id: string; reason: string }>`
      SELECT subject_id, actor_user_id::text, reason FROM audit_log
      WHERE action = 'dispute.resolve' AND subject_id = ANY(${[lost, won]}::text[]) ORDER BY id`.execute(t.ownerDb);
    expect(audit.rows).toEqual([
      { subject_id: lost, actor_user_id: String(moderator.id), reason: "Decided on the proof." },
      { subject_id: won, actor_user_id: String(moderator.id), reason: "Decided on the proof." },
    ]);
  });
});

describe("an offer's cap", () => {
  const capUsedOf = async (offer: string) => {
    const result = await sql<{ used: string }>`
      SELECT offer_cap_used::text AS used FROM offers WHERE id_hashed = ${offer}`.execute(t.ownerDb);
    return Number(result.rows[0]?.used);
  };

  it("counts a released trade against an offer with a cap, and nothing against one without", async () => {
    const capped = await sellerWithOffer({ offer_cap: { amount: "5000", active: true } });
    const uncapped = await sellerWithOffer();
    const buyer = await createTrader(t);
    for (const { seller, offer } of [capped, uncapped]) await releaseOf(buyer, seller, (await start(buyer, offer)).id);
    expect(await capUsedOf(capped.offer)).toBe(100);
    expect(await capUsedOf(uncapped.offer)).toBe(0);
  });
});

describe("a release's checks", () => {
  const paidTrade = async (buyer: TestUser, offer: string) => {
    const trade = await start(buyer, offer);
    expect((await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`)).status).toBe(200);
    return trade.id;
  };

  it("ask the seller's second factor with the code given, of a paid and of a disputed trade, not of a done one", async () => {
    const { seller, offer } = await sellerWithOffer();
    const buyer = await createTrader(t);
    const asked: [number, string | undefined][] = [];
    const options = {
      features: parseFeatureFlags(undefined),
      assertSecondFactor: async (userId: number, code?: string) => {
        asked.push([userId, code]);
      },
    };
    const paid = await paidTrade(buyer, offer);
    const idempotencyKey = randomUUID();
    await releaseTrade(t.db, seller.viewer, paid, { code: "111111", idempotencyKey }, options);
    expect(asked).toEqual([[seller.id, "111111"]]);
    // The retry of a done release is answered as done without asking again.
    const retried = await releaseTrade(t.db, seller.viewer, paid, { idempotencyKey }, options);
    expect(retried.status).toBe("released");
    expect(asked).toHaveLength(1);

    const disputed = await paidTrade(buyer, offer);
    expect((await buyer.client.post(`/rest/v1/trade/${disputed}/dispute`, dispute)).status).toBe(200);
    const closed = await releaseTrade(t.db, seller.viewer, disputed, { code: "222222" }, options);
    expect(closed.status).toBe("released");
    expect(asked).toEqual([
      [seller.id, "111111"],
      [seller.id, "222222"],
    ]);
  });

  it("refuse a frozen seller's release and leave the crypto in escrow", async () => {
    const { seller, offer } = await sellerWithOffer();
    const buyer = await createTrader(t);
    const id = await paidTrade(buyer, offer);
    const before = await balancesOf(t.db, seller.id, "USDT");
    await sql`UPDATE users SET is_frozen = true WHERE id = ${seller.id}`.execute(t.ownerDb);
    const refused = await seller.client.post(`/rest/v1/trade/${id}/release`, {}, key());
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.errors).toMatchObject({ code: "ERROR_USER_RESTRICTED", details: { restriction: "frozen" } });
    expect(await balancesOf(t.db, seller.id, "USDT")).toEqual(before);
    expect((await buyer.client.get(`/rest/v1/trade/${id}`)).body.data.status).toBe("paid");
  });
});

describe("a release", () => {
  it("is recorded in the seller's activity, naming the trade", async () => {
    const { seller, offer } = await sellerWithOffer();
    const buyer = await createTrader(t);
    const trade = await start(buyer, offer);
    await releaseOf(buyer, seller, trade.id);
    const activity = await sql<{ user_id: string; details: { trade?: string } }>`
      SELECT user_id::text, details FROM account_activity WHERE type = 'release' AND details->>'trade' = ${trade.id}`.execute(
      t.ownerDb,
    );
    expect(activity.rows).toEqual([{ user_id: String(seller.id), details: { trade: trade.id } }]);
  });

  it("in a dispute closes it for the buyer with the note both parties see", async () => {
    const { seller, offer } = await sellerWithOffer();
    const buyer = await createTrader(t);
    const trade = await start(buyer, offer);
    expect((await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`)).status).toBe(200);
    expect((await buyer.client.post(`/rest/v1/trade/${trade.id}/dispute`, dispute)).status).toBe(200);
    const released = await seller.client.post(`/rest/v1/trade/${trade.id}/release`, {}, key());
    expect(released.status, released.text).toBe(200);
    const note = "The seller released the crypto, which closed the dispute.";
    expect(released.body.data.dispute).toMatchObject({ outcome: "buyer", note });
    expect((await buyer.client.get(`/rest/v1/trade/${trade.id}`)).body.data.dispute).toMatchObject({ note });
  });

  it("retried with another key after it was done is refused, not answered as done", async () => {
    const { seller, offer } = await sellerWithOffer();
    const buyer = await createTrader(t);
    const trade = await start(buyer, offer);
    await releaseOf(buyer, seller, trade.id);
    const again = await seller.client.post(`/rest/v1/trade/${trade.id}/release`, {}, key());
    expect(again.status).toBe(409);
    expect(again.body.errors).toMatchObject({ code: "ERROR_TRADE_WRONG_STATE", details: { status: "released" } });
  });
});

describe("expiries", () => {
  async function penaltyOf(offer: string): Promise<string | null | undefined> {
    const result = await sql<{ penalty_reason: string | null }>`
      SELECT penalty_reason FROM offers WHERE id_hashed = ${offer}`.execute(t.ownerDb);
    return result.rows[0]?.penalty_reason;
  }

  async function expireOne(tradeId: string) {
    await advanceTradeClock(t.ownerDb, 31 * 60, tradeId);
    expect(await expireDueTrades(t.db)).toEqual({ expired: 1, checked: 1 });
  }

  it("switch a buy offer off at its owner's third expired trade in a day, and a sell offer never", async () => {
    const owner = await createTrader(t);
    await depositBond(t.db, owner);
    const buyOffer = await createOffer(owner, { type: "buy" });
    const taker = await createTrader(t);
    await fund(t.db, taker.id, "USDT", "1000");
    for (let expiry = 1; expiry <= 3; expiry += 1) {
      expect(await penaltyOf(buyOffer)).toBeNull();
      await expireOne((await start(taker, buyOffer)).id);
    }
    expect(await penaltyOf(buyOffer)).toEqual(expect.any(String));
    expect((await balancesOf(t.db, taker.id, "USDT")).available).toBe(1_000_000_000n);

    const { offer: sellOffer } = await sellerWithOffer();
    const buyer = await createTrader(t);
    for (let expiry = 1; expiry <= 3; expiry += 1) await expireOne((await start(buyer, sellOffer)).id);
    expect(await penaltyOf(sellOffer)).toBeNull();
  });

  it("leave a buy offer on once its owner lifted the penalty, when another of its trades settles that day", async () => {
    const owner = await createTrader(t);
    await depositBond(t.db, owner);
    const buyOffer = await createOffer(owner, { type: "buy" });
    const taker = await createTrader(t);
    await fund(t.db, taker.id, "USDT", "1000");
    for (let expiry = 1; expiry <= 3; expiry += 1) await expireOne((await start(taker, buyOffer)).id);
    expect(await penaltyOf(buyOffer)).toEqual(expect.any(String));
    const lifted = await owner.client.put(`/rest/v1/my-offers/${buyOffer}/reset-penalty`);
    expect(lifted.status, lifted.text).toBe(200);
    // The owner buys: the taker sells and releases. The three expiries still count for the day.
    const released = await releaseOf(owner, taker, (await start(taker, buyOffer)).id);
    expect(released).toMatchObject({ status: "released", completedAt: expect.any(String) });
    expect(await penaltyOf(buyOffer)).toBeNull();
  });
});

describe("a start", () => {
  it("tells a taker who sells to a buy offer that the short balance is their own", async () => {
    const owner = await createTrader(t);
    await depositBond(t.db, owner);
    const buyOffer = await createOffer(owner, { type: "buy" });
    const taker = await createTrader(t);
    await fund(t.db, taker.id, "USDT", "50");
    const response = await taker.client.post("/rest/v1/trade", { offerId: buyOffer, fiatAmount: "100" }, key());
    expect(response.status).toBe(409);
    expect(response.body.errors).toMatchObject({
      code: "ERROR_INSUFFICIENT_BALANCE",
      details: { limitKind: "LowBalance", isOwnBalance: true },
    });
  });

  it("marks a trade whose taker comes from the offer owner's address", async () => {
    const { seller, offer } = await sellerWithOffer();
    const buyer = await createTrader(t);
    const session = await sql<{ ip: string }>`
      SELECT host(ip) AS ip FROM sessions WHERE user_id = ${seller.id} AND revoked_at IS NULL`.execute(t.ownerDb);
    const ownerIp = session.rows[0]?.ip ?? "";
    const from = async (ip: string) => {
      const headers = { "idempotency-key": randomUUID(), "x-forwarded-for": ip };
      const response = await buyer.client.post("/rest/v1/trade", { offerId: offer, fiatAmount: "10" }, { headers });
      expect(response.status, response.text).toBe(200);
      return response.body.data.isOpponentsSameIp;
    };
    expect(ownerIp).toMatch(/^10\.88\./);
    expect(await from(ownerIp)).toBe(true);
    expect(await from("192.0.2.7")).toBe(false);
  });

  it("asks for a full name the offer's owner can see when the offer requires it", async () => {
    const { offer } = await sellerWithOffer({ requireFullNameVisibility: true });
    const taker = await createTrader(t);
    const name = (firstName: string | null, visibility: string) =>
      sql`UPDATE users SET first_name = ${firstName}, full_name_visibility_type = ${visibility}
        WHERE id = ${taker.id}`.execute(t.ownerDb);
    const attempt = () => taker.client.post("/rest/v1/trade", { offerId: offer, fiatAmount: "10" }, key());
    for (const [firstName, visibility] of [
      [null, "first_name_and_initial"],
      ["  ", "first_name_and_initial"],
      ["Ana", "hide_name"],
    ] as const) {
      await name(firstName, visibility);
      const refused = await attempt();
      expect(refused.status, `${firstName} ${visibility}`).toBe(403);
      expect(refused.body.errors.details.requirements).toEqual(["require_full_name_visibility"]);
    }
    await name("Ana", "first_name_and_initial");
    expect((await attempt()).status).toBe(200);
  });

  it("retried after its stored answer was lost answers its own trade, also when a limit now refuses it", async () => {
    const { offer } = await sellerWithOffer();
    const noId = await createTrader(t, { isIdVerified: false });
    const forget = (idempotencyKey: string) =>
      sql`DELETE FROM idempotency_keys WHERE key = ${idempotencyKey}`.execute(t.ownerDb);
    const tradesOf = async () =>
      (
        await sql<{ n: number }>`SELECT count(*)::integer AS n FROM trades WHERE taker_id = ${noId.id}`.execute(
          t.ownerDb,
        )
      ).rows[0]?.n;
    const post = (idempotencyKey: string) =>
      noId.client.post(
        "/rest/v1/trade",
        { offerId: offer, fiatAmount: "10" },
        { headers: { "idempotency-key": idempotencyKey } },
      );
    /** A start, its stored answer lost, then the same request again: answered with the first start's trade. */
    const startThenRetry = async () => {
      const idempotencyKey = randomUUID();
      const started = await post(idempotencyKey);
      expect(started.status).toBe(200);
      await forget(idempotencyKey);
      const retried = await post(idempotencyKey);
      expect(retried.status, retried.text).toBe(200);
      expect(retried.body.data.id).toBe(started.body.data.id);
    };
    // The unique (taker, key) index finds the first trade.
    await startThenRetry();
    expect(await tradesOf()).toBe(1);
    // Two active trades is the limit without an ID: the second's retry is refused by its own trade, and answered with it.
    await startThenRetry();
    const fresh = await noId.client.post("/rest/v1/trade", { offerId: offer, fiatAmount: "10" }, key());
    expect(fresh.body.errors?.code).toBe("ERROR_MAX_2_ACTIVE_TRADES_ID_NOT_VERIFIED");
    expect(await tradesOf()).toBe(2);
  });
});

describe("what a start and each step tell, and what a start refuses", () => {
  it("tells the trade's story in its chat: each step's event, who took it and the status it reached", async () => {
    const { seller, offer } = await sellerWithOffer();
    const buyer = await createTrader(t);
    const trade = await start(buyer, offer);
    await releaseOf(buyer, seller, trade.id);
    const chat = await buyer.client.get(`/rest/v1/trade/${trade.id}/chat`);
    expect(chat.status, chat.text).toBe(200);
    const events = (
      chat.body.data as { kind: string; event?: string; actorRole?: string; status?: string; data?: unknown }[]
    )
      .filter((message) => message.kind === "system")
      .map(({ event, actorRole, status, data }) => ({ event, actorRole, status, data }));
    expect(events).toEqual([
      {
        event: "active_funded",
        actorRole: "buyer",
        status: "active_funded",
        data: { from: null, to: "active_funded", offerId: offer },
      },
      { event: "paid", actorRole: "buyer", status: "paid", data: { from: "active_funded", to: "paid" } },
      { event: "released", actorRole: "seller", status: "released", data: { from: null, to: "released" } },
    ]);
  });

  it("refuses an amount of nothing and an offer that does not exist, each with its own answer", async () => {
    const { offer } = await sellerWithOffer();
    const buyer = await createTrader(t);
    for (const fiatAmount of ["0", "0.00"]) {
      const zero = await buyer.client.post("/rest/v1/trade", { offerId: offer, fiatAmount }, key());
      expect(zero.status, zero.text).toBe(422);
      expect(zero.body.errors.details).toEqual({ fiatAmount: ["amount_must_be_positive"] });
    }
    const missing = await buyer.client.post("/rest/v1/trade", { offerId: "nOsUcHoFfEr", fiatAmount: "100" }, key());
    expect(missing.status, missing.text).toBe(404);
    expect(missing.body.errors.code).toBe("ERROR_OFFER_NOT_FOUND");
  });

  it("answers busy, not a short balance, when the seller's account stays locked past the ledger's bound", async () => {
    const { seller, offer } = await sellerWithOffer();
    const buyer = await createTrader(t);
    const blocker = openDatabase(t.databaseUrl, { poolSize: 1, role: null });
    try {
      const answer = await withTx(blocker.db, async (lockTx) => {
        await sql`SELECT 1 FROM ledger_accounts WHERE owner_user_id = ${seller.id} AND kind = 'available' FOR UPDATE`.execute(
          lockTx,
        );
        return buyer.client.post("/rest/v1/trade", { offerId: offer, fiatAmount: "100" }, key());
      });
      expect(answer.status, answer.text).toBe(503);
      expect(answer.body.errors.code).toBe("ERROR_LEDGER_ASYNC_MODE");
    } finally {
      await blocker.close();
    }
  });
});

// Last in this file: it expires every trade still active here.
describe("an expiry sweep at a given time", () => {
  it("expires at that time the trades whose window it has passed, not at the database's clock", async () => {
    const { offer } = await sellerWithOffer();
    const buyer = await createTrader(t);
    const trade = await start(buyer, offer);
    expect((await expireDueTrades(t.db, new Date(Date.now() + 10 * 60_000))).expired).toBe(0);
    const swept = await expireDueTrades(t.db, new Date(Date.now() + 2 * 3_600_000));
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(swept.checked).toBe(swept.expired);
    const view = (await buyer.client.get(`/rest/v1/trade/${trade.id}`)).body.data;
    expect(view.status).toBe("expired");
  });
});
