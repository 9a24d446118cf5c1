import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import {
  advanceTradeClock,
  balancesOf,
  createOffer,
  createTrader,
  createTradesTestApp,
  depositBond,
  expectLedgerHolds,
  feesHeld,
  fund,
  type OfferOverrides,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";
import {
  accounts,
  resolveLedgerCurrency,
  reverseTransfer,
  transfer,
  verifyLedger,
  withLedgerTx,
} from "../ledger/index.ts";
import { ledgerChecks } from "../registry.ts";
import { expireDueTrades } from "./index.ts";

/**
 * The trade API: every transition of docs/reliability.md#trade-transitions through HTTP, and every
 * refusal
 * (wrong actor 403, stranger 404, wrong state 409, no session 401, bad input 422), each checked
 * to leave the ledger as it was.
 */

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let moderator: TestUser;
let offerId: string;

beforeAll(async () => {
  t = await createTradesTestApp();
  [seller, buyer, stranger, moderator] = await Promise.all([
    createTrader(t, { roles: ["user", "vendor"] }),
    createTrader(t),
    createTrader(t),
    createTrader(t, { roles: ["moderator"] }),
  ]);
  await fund(t.db, seller.id, "USDT", "100000");
  offerId = await createOffer(seller);
});
afterAll(async () => {
  await expectLedgerHolds(t.ownerDb);
  await t.close();
});

const key = () => ({ headers: { "idempotency-key": randomUUID() } });

async function start(taker: TestUser, fiatAmount = "100", offer = offerId) {
  const response = await taker.client.post("/rest/v1/trade", { offerId: offer, fiatAmount }, key());
  expect(response.status, response.text).toBe(200);
  return response.body.data as { id: string; status: string; [key: string]: any };
}

/** Every ledger balance, to prove a refused command moved nothing. */
async function ledgerSnapshot(): Promise<string> {
  const result = await sql<{
    key: string;
    balance: bigint;
  }>`SELECT key, balance FROM ledger_accounts ORDER BY key`.execute(t.ownerDb);
  const transfers = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ledger_transfers`.execute(t.ownerDb);
  return JSON.stringify({
    accounts: result.rows.map((r) => [r.key, String(r.balance)]),
    transfers: transfers.rows[0]?.n,
  });
}

async function expectRefused(
  call: () => Promise<{ status: number; body: any }>,
  status: number,
  code?: string,
): Promise<{ status: number; body: any }> {
  const before = await ledgerSnapshot();
  const response = await call();
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  if (code) expect(response.body.errors.code).toBe(code);
  expect(await ledgerSnapshot()).toBe(before);
  return response;
}

async function offerWith(overrides: OfferOverrides, owner: TestUser = seller): Promise<string> {
  return createOffer(owner, overrides);
}

describe("POST /rest/v1/trade", () => {
  it("holds the seller's amount plus fee in the trade's escrow and locks the price", async () => {
    const before = await balancesOf(t.db, seller.id, "USDT");
    const trade = await start(buyer, "250");
    expect(trade).toMatchObject({
      status: "active_funded",
      isVendor: false,
      viewerRole: "buyer",
      side: "bought",
      cryptoAmount: { amount: "250.000000", currencyCode: "USDT", decimals: 6 },
      feeAmount: "2.500000",
      feePercent: "1",
      fiatAmount: "250.00",
      fiatPricePerCrypto: "1.00",
      offer: { id: offerId, url: `/offer/${offerId}`, type: "sell" },
      buyer: { username: buyer.username },
      seller: { username: seller.username },
      flow: { step: "before_mark_as_paid", requirements: [] },
      actions: { canMarkPaid: true, canCancel: true, canRelease: false },
      lastEventSeq: 1,
    });
    expect(trade.expiresAt.timestamp - Math.floor(Date.parse(trade.startedAt) / 1000)).toBe(30 * 60);
    const after = await balancesOf(t.db, seller.id, "USDT");
    expect(before.available - after.available).toBe(252_500_000n);
    expect(after.escrow - before.escrow).toBe(252_500_000n);
    const asSeller = await seller.client.get(`/rest/v1/trade/${trade.id}`);
    expect(asSeller.body.data).toMatchObject({ isVendor: true, viewerRole: "seller", side: "sold" });
  });

  it("starts one trade for a repeated Idempotency-Key, and refuses the key with another body", async () => {
    const headers = { "idempotency-key": randomUUID() };
    const first = await buyer.client.post("/rest/v1/trade", { offerId, fiatAmount: "40" }, { headers });
    const second = await buyer.client.post("/rest/v1/trade", { offerId, fiatAmount: "40" }, { headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    const count = await sql<{
      n: number;
    }>`SELECT count(*)::integer AS n FROM trades WHERE idempotency_key = ${headers["idempotency-key"]}`.execute(
      t.ownerDb,
    );
    expect(count.rows[0]?.n).toBe(1);
    const other = await buyer.client.post("/rest/v1/trade", { offerId, fiatAmount: "41" }, { headers });
    expect(other.status).toBe(422);
  });

  it("holds the taker's balance when the taker sells to a buy offer", async () => {
    const owner = await createTrader(t);
    const taker = await createTrader(t);
    await depositBond(t.db, owner);
    await fund(t.db, taker.id, "USDT", "500");
    const buyOffer = await createOffer(owner, { type: "buy" });
    const trade = await start(taker, "100", buyOffer);
    expect(trade).toMatchObject({ viewerRole: "seller", isVendor: false, side: "sold" });
    expect((await balancesOf(t.db, taker.id, "USDT")).available).toBe(399_000_000n);
  });

  it("refuses a seller whose balance is short, saying whose balance it is", async () => {
    const poor = await createTrader(t);
    await fund(t.db, poor.id, "USDT", "100");
    const poorOffer = await createOffer(poor);
    const response = await expectRefused(
      () => buyer.client.post("/rest/v1/trade", { offerId: poorOffer, fiatAmount: "100" }, key()),
      409,
      "ERROR_INSUFFICIENT_BALANCE",
    );
    expect(response.body.errors.details).toMatchObject({ limitKind: "LowBalance", isOwnBalance: false });
  });

  it("refuses bad input with 422 and never a 500", async () => {
    for (const body of [
      {},
      { offerId },
      { offerId, fiatAmount: 100 },
      { offerId, fiatAmount: "1e3" },
      { offerId, fiatAmount: "-5" },
      { offerId, fiatAmount: "01.5.0" },
      { offerId, fiatAmount: "0" },
      { offerId, fiatAmount: "100.001" },
      { offerId, fiatAmount: "9".repeat(50) },
      { offerId: "", fiatAmount: "100" },
      "not json",
    ]) {
      const response = await buyer.client.post("/rest/v1/trade", body, key());
      expect([400, 415, 422], `${JSON.stringify(body)}: ${response.text}`).toContain(response.status);
    }
  });

  it("refuses trading with yourself, unknown offers and visitors", async () => {
    await expectRefused(() => seller.client.post("/rest/v1/trade", { offerId, fiatAmount: "100" }, key()), 422);
    await expectRefused(
      () => buyer.client.post("/rest/v1/trade", { offerId: "AAAAAAAAAAA", fiatAmount: "100" }, key()),
      404,
    );
    await expectRefused(() => t.client().post("/rest/v1/trade", { offerId, fiatAmount: "100" }), 401);
  });

  it("checks the offer's limits, predefined amounts and new-buyer limit", async () => {
    const limited = await offerWith({ fiatLimitMin: "50", fiatLimitMax: "200", newBuyerMaxFiatLimit: "80" });
    const below = await expectRefused(
      () => buyer.client.post("/rest/v1/trade", { offerId: limited, fiatAmount: "49.99" }, key()),
      422,
    );
    expect(below.body.errors.details.fiatAmount).toEqual(["amount_below_min"]);
    const above = await expectRefused(
      () => buyer.client.post("/rest/v1/trade", { offerId: limited, fiatAmount: "201" }, key()),
      422,
    );
    expect(above.body.errors.details.fiatAmount).toEqual(["amount_above_max"]);
    const newcomer = await createTrader(t);
    const newBuyer = await expectRefused(
      () => newcomer.client.post("/rest/v1/trade", { offerId: limited, fiatAmount: "81" }, key()),
      422,
    );
    expect(newBuyer.body.errors.details).toMatchObject({
      fiatAmount: ["amount_above_new_buyer_limit"],
      limitKind: "NewBuyerTradeLimit",
      limit: "80",
    });
    await start(newcomer, "80", limited);
    const predefined = await offerWith({
      rangeType: "predefined",
      predefinedAmounts: ["25", "50"],
      fiatLimitMin: "25",
      fiatLimitMax: "50",
    });
    const odd = await expectRefused(
      () => buyer.client.post("/rest/v1/trade", { offerId: predefined, fiatAmount: "30" }, key()),
      422,
    );
    expect(odd.body.errors.details.fiatAmount).toEqual(["amount_not_predefined"]);
    await start(buyer, "50", predefined);
  });

  it("checks the offer's requirements, blocks and trusted-only", async () => {
    const unverified = await createTrader(t, { isIdVerified: false });
    const idOffer = await offerWith({ requireVerifiedId: true });
    const refused = await expectRefused(
      () => unverified.client.post("/rest/v1/trade", { offerId: idOffer, fiatAmount: "100" }, key()),
      403,
      "ERROR_OFFER_REQUIREMENTS_NOT_MET",
    );
    expect(refused.body.errors.details.requirements).toEqual(["require_verified_id"]);

    const trustedOnly = await offerWith({ showOnlyTrustedUser: true });
    const friend = await createTrader(t);
    await expectRefused(
      () => friend.client.post("/rest/v1/trade", { offerId: trustedOnly, fiatAmount: "100" }, key()),
      403,
      "ERROR_OFFER_REQUIREMENTS_NOT_MET",
    );
    expect((await seller.client.post(`/rest/v1/users/${friend.username}/relations`, { action: "trust" })).status).toBe(
      200,
    );
    await start(friend, "100", trustedOnly);

    const blockedByOwner = await createTrader(t);
    expect(
      (await seller.client.post(`/rest/v1/users/${blockedByOwner.username}/relations`, { action: "block" })).status,
    ).toBe(200);
    await expectRefused(
      () => blockedByOwner.client.post("/rest/v1/trade", { offerId, fiatAmount: "100" }, key()),
      403,
      "ERROR_TRADE_USER_BLOCKED",
    );
    const blocker = await createTrader(t);
    expect((await blocker.client.post(`/rest/v1/users/${seller.username}/relations`, { action: "block" })).status).toBe(
      200,
    );
    await expectRefused(
      () => blocker.client.post("/rest/v1/trade", { offerId, fiatAmount: "100" }, key()),
      403,
      "ERROR_TRADE_USER_BLOCKED",
    );
  });

  it("refuses an offer outside its duty hours or switched off", async () => {
    const today = ((new Date().getUTCDay() + 6) % 7) + 1;
    const otherDay = (today % 7) + 1;
    const offDuty = await offerWith({
      timezone: "UTC",
      dutyHours: [{ day: otherDay, startTime: "00:00", endTime: "24:00", active: true }],
    });
    const response = await expectRefused(
      () => buyer.client.post("/rest/v1/trade", { offerId: offDuty, fiatAmount: "100" }, key()),
      409,
      "ERROR_OFFER_UNAVAILABLE",
    );
    expect(response.body.errors.details.reason).toBe("outside_duty_hours");
    const inactive = await offerWith({ isActive: false });
    const off = await expectRefused(
      () => buyer.client.post("/rest/v1/trade", { offerId: inactive, fiatAmount: "100" }, key()),
      409,
      "ERROR_OFFER_UNAVAILABLE",
    );
    expect(off.body.errors.details.reason).toBe("offer_inactive");
  });

  it("refuses the trade start errors: per-trade limit, daily volume, active trades without ID", async () => {
    const levelZero = await createTrader(t, { kycLevel: 0 });
    const perTrade = await expectRefused(
      () => levelZero.client.post("/rest/v1/trade", { offerId, fiatAmount: "1000.01" }, key()),
      403,
      "ERROR_MAX_PER_TRADE_LIMIT",
    );
    expect(perTrade.body.errors.details).toMatchObject({ reason: "max_per_trade_limit", limitUsd: "1000" });
    const first = await start(levelZero, "900");
    await start(levelZero, "900");
    const daily = await expectRefused(
      () => levelZero.client.post("/rest/v1/trade", { offerId, fiatAmount: "300" }, key()),
      403,
      "ERROR_REACHED_DAILY_COMPLIANCE_LIMIT",
    );
    expect(daily.body.errors.details).toMatchObject({ reason: "reached_daily_compliance_limit", usedUsd: "1800.00" });
    // A cancelled trade no longer counts against the day.
    expect((await levelZero.client.post(`/rest/v1/trade/${first.id}/cancel`)).status).toBe(200);
    await start(levelZero, "300");

    const noId = await createTrader(t, { isIdVerified: false });
    await start(noId, "10");
    await start(noId, "10");
    const third = await expectRefused(
      () => noId.client.post("/rest/v1/trade", { offerId, fiatAmount: "10" }, key()),
      403,
      "ERROR_MAX_2_ACTIVE_TRADES_ID_NOT_VERIFIED",
    );
    expect(third.body.errors.details.reason).toBe("max_2_active_trades_id_not_verified");
  });

  it("refuses a taker whose KYC action start-trade-buy is blocked", async () => {
    const blockedKyc = await createTrader(t);
    await sql`UPDATE users SET blocked_kyc_actions = ARRAY['start-trade-buy'] WHERE id = ${blockedKyc.id}`.execute(
      t.ownerDb,
    );
    const refused = await expectRefused(
      () => blockedKyc.client.post("/rest/v1/trade", { offerId, fiatAmount: "100" }, key()),
      403,
      "ERROR_KYC_ACTION_BLOCKED",
    );
    expect(refused.body.errors).toMatchObject({
      message: "Verify your identity to do this.",
      details: { action: "start-trade-buy" },
    });
  });
});

describe("GET /rest/v1/trade/{id}", () => {
  it("shows the trade to its parties and staff, and 404 to everyone else", async () => {
    const trade = await start(buyer);
    expect((await buyer.client.get(`/rest/v1/trade/${trade.id}`)).status).toBe(200);
    expect((await seller.client.get(`/rest/v1/trade/${trade.id}`)).status).toBe(200);
    const asModerator = await moderator.client.get(`/rest/v1/trade/${trade.id}`);
    expect(asModerator.body.data).toMatchObject({
      viewerRole: "moderator",
      side: null,
      actions: { canMarkPaid: false },
    });
    const asStranger = await stranger.client.get(`/rest/v1/trade/${trade.id}`);
    expect(asStranger.status).toBe(404);
    expect(asStranger.body.errors.code).toBe("ERROR_TRADE_NOT_FOUND");
    const unknown = await stranger.client.get("/rest/v1/trade/AAAAAAAAAAA");
    expect(unknown.body).toEqual(asStranger.body);
    expect((await stranger.client.get("/rest/v1/trade/%27%3B--")).status).toBe(404);
    expect((await t.client().get(`/rest/v1/trade/${trade.id}`)).status).toBe(401);
  });
});

describe("the transitions of docs/reliability.md", () => {
  it("active_funded -> paid by the buyer; the seller and strangers are refused", async () => {
    const trade = await start(buyer);
    await expectRefused(
      () => seller.client.post(`/rest/v1/trade/${trade.id}/paid`),
      403,
      "ERROR_TRADE_NOT_ALLOWED_FOR_ROLE",
    );
    await expectRefused(() => stranger.client.post(`/rest/v1/trade/${trade.id}/paid`), 404);
    await expectRefused(() => moderator.client.post(`/rest/v1/trade/${trade.id}/paid`), 403);
    await expectRefused(() => t.client().post(`/rest/v1/trade/${trade.id}/paid`), 401);
    const paid = await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({
      status: "paid",
      actions: { canMarkPaid: false, canCancel: false },
      lastEventSeq: 2,
    });
    expect(paid.body.data.paidAt).not.toBeNull();
    const again = await expectRefused(
      () => buyer.client.post(`/rest/v1/trade/${trade.id}/paid`),
      409,
      "ERROR_TRADE_WRONG_STATE",
    );
    expect(again.body.errors.details.status).toBe("paid");
  });

  it("refuses marking paid after the payment window", async () => {
    const trade = await start(buyer);
    await advanceTradeClock(t.ownerDb, 31 * 60, trade.id);
    await expectRefused(() => buyer.client.post(`/rest/v1/trade/${trade.id}/paid`), 409, "ERROR_TRADE_EXPIRED");
  });

  it("paid -> released by the seller: escrow to the buyer, the fee to the platform", async () => {
    const trade = await start(buyer, "200");
    await expectRefused(
      () => seller.client.post(`/rest/v1/trade/${trade.id}/release`, {}, key()),
      409,
      "ERROR_TRADE_WRONG_STATE",
    );
    await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`);
    await expectRefused(() => buyer.client.post(`/rest/v1/trade/${trade.id}/release`, {}, key()), 403);
    await expectRefused(() => stranger.client.post(`/rest/v1/trade/${trade.id}/release`, {}, key()), 404);
    await expectRefused(() => moderator.client.post(`/rest/v1/trade/${trade.id}/release`, {}, key()), 403);
    const buyerBefore = await balancesOf(t.db, buyer.id, "USDT");
    const sellerBefore = await balancesOf(t.db, seller.id, "USDT");
    const feesBefore = await feesHeld(t.db, "USDT");
    const released = await seller.client.post(`/rest/v1/trade/${trade.id}/release`, { code: "123456" }, key());
    expect(released.status, released.text).toBe(200);
    expect(released.body.data).toMatchObject({ status: "released", tradeCompleted: true, isFinished: true });
    expect((await balancesOf(t.db, buyer.id, "USDT")).available - buyerBefore.available).toBe(200_000_000n);
    // The seller's 1 % fee (2 USDT) goes to the platform's fee accounts, not back to anyone.
    expect(trade.feeAmount).toBe("2.000000");
    expect((await feesHeld(t.db, "USDT")) - feesBefore).toBe(2_000_000n);
    const sellerAfter = await balancesOf(t.db, seller.id, "USDT");
    expect(sellerAfter.available).toBe(sellerBefore.available);
    expect(sellerBefore.escrow - sellerAfter.escrow).toBe(202_000_000n);
    await expectRefused(() => seller.client.post(`/rest/v1/trade/${trade.id}/release`, {}, key()), 409);
    await expectRefused(() => buyer.client.post(`/rest/v1/trade/${trade.id}/cancel`), 409);
    // Both wallets' histories name the trade by the id its page has, never by a serial number.
    const history = (await buyer.client.get("/rest/v1/wallet/transactions?type=trade_release")).body.data;
    expect(history.map((item: { tradeId: string | null }) => item.tradeId)).toContain(trade.id);
    const escrow = (await seller.client.get("/rest/v1/wallet/transactions?type=trade_escrow")).body.data;
    expect(escrow.map((item: { tradeId: string | null }) => item.tradeId)).toContain(trade.id);
  });

  it("answers a release retried with its Idempotency-Key as done, moving money once", async () => {
    const trade = await start(buyer, "20");
    await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`);
    const headers = { "idempotency-key": randomUUID() };
    const first = await seller.client.post(`/rest/v1/trade/${trade.id}/release`, {}, { headers });
    // The platform's stored answer is gone (as after a crash between commit and answer).
    await sql`DELETE FROM idempotency_keys WHERE key = ${headers["idempotency-key"]}`.execute(t.ownerDb);
    const before = await ledgerSnapshot();
    const retry = await seller.client.post(`/rest/v1/trade/${trade.id}/release`, {}, { headers });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.data.status).toBe("released");
    expect(await ledgerSnapshot()).toBe(before);
  });

  it("answers a cancel retried with its Idempotency-Key as done, voiding once, and refuses it without the key", async () => {
    const trade = await start(buyer, "20");
    const headers = { "idempotency-key": randomUUID() };
    const first = await buyer.client.post(`/rest/v1/trade/${trade.id}/cancel`, {}, { headers });
    const replay = await buyer.client.post(`/rest/v1/trade/${trade.id}/cancel`, {}, { headers });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.body).toEqual(first.body);
    // The platform's stored answer is gone (as after a crash between commit and answer).
    await sql`DELETE FROM idempotency_keys WHERE key = ${headers["idempotency-key"]}`.execute(t.ownerDb);
    const before = await ledgerSnapshot();
    const retry = await buyer.client.post(`/rest/v1/trade/${trade.id}/cancel`, {}, { headers });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.data.status).toBe("cancelled_buyer");
    expect(await ledgerSnapshot()).toBe(before);
    await expectRefused(() => buyer.client.post(`/rest/v1/trade/${trade.id}/cancel`), 409, "ERROR_TRADE_WRONG_STATE");
  });

  it("active_funded -> cancelled_buyer by the buyer voids the escrow back to the seller", async () => {
    const before = await balancesOf(t.db, seller.id, "USDT");
    const feesBefore = await feesHeld(t.db, "USDT");
    const trade = await start(buyer, "300");
    await expectRefused(() => stranger.client.post(`/rest/v1/trade/${trade.id}/cancel`), 404);
    const cancelled = await buyer.client.post(`/rest/v1/trade/${trade.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: "cancelled_buyer", tradeCompleted: false, isFinished: true });
    expect(cancelled.body.data.cancelledAt).not.toBeNull();
    expect(await balancesOf(t.db, seller.id, "USDT")).toEqual(before);
    expect(await feesHeld(t.db, "USDT")).toBe(feesBefore);
  });

  it("refuses the buyer's cancel once paid", async () => {
    const trade = await start(buyer);
    await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`);
    await expectRefused(() => buyer.client.post(`/rest/v1/trade/${trade.id}/cancel`), 409, "ERROR_TRADE_WRONG_STATE");
  });

  it("lets the seller cancel only once the payment window passed unpaid", async () => {
    const trade = await start(buyer);
    await expectRefused(
      () => seller.client.post(`/rest/v1/trade/${trade.id}/cancel`),
      409,
      "ERROR_TRADE_SELLER_CANCEL_NOT_ALLOWED",
    );
    await advanceTradeClock(t.ownerDb, 31 * 60, trade.id);
    const cancelled = await seller.client.post(`/rest/v1/trade/${trade.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe("cancelled_seller");
  });

  it("active_funded -> expired by the expiry job, never a paid trade", async () => {
    const due = await start(buyer);
    const paid = await start(buyer);
    await buyer.client.post(`/rest/v1/trade/${paid.id}/paid`);
    const fresh = await start(buyer);
    await advanceTradeClock(t.ownerDb, 31 * 60, due.id);
    await advanceTradeClock(t.ownerDb, 31 * 60, paid.id);
    const first = await expireDueTrades(t.db);
    expect(first.expired).toBeGreaterThanOrEqual(1);
    const again = await expireDueTrades(t.db);
    expect(again.expired).toBe(0);
    expect((await buyer.client.get(`/rest/v1/trade/${due.id}`)).body.data.status).toBe("expired");
    expect((await buyer.client.get(`/rest/v1/trade/${paid.id}`)).body.data.status).toBe("paid");
    expect((await buyer.client.get(`/rest/v1/trade/${fresh.id}`)).body.data.status).toBe("active_funded");
    const farFuture = new Date(Date.now() + 7 * 86_400_000);
    await expireDueTrades(t.db, farFuture);
    expect((await buyer.client.get(`/rest/v1/trade/${paid.id}`)).body.data.status).toBe("paid");
  });
});

describe("disputes", () => {
  const reason = { disputeReasonId: 1, disputeReasonText: "I paid and nothing was released." };
  const sellerReason = { disputeReasonId: 3, disputeReasonText: "No payment arrived in my account." };

  it("lists the dispute reasons", async () => {
    const response = await buyer.client.get("/rest/v1/dispute/reasons");
    expect(response.status).toBe(200);
    expect(response.body.data[0]).toEqual({ id: 1, key: "payment_sent_not_released", sides: ["buyer"] });
  });

  it("opens from paid at once, and from active_funded only after ten minutes", async () => {
    const unpaid = await start(buyer);
    const early = await expectRefused(
      () => seller.client.post(`/rest/v1/trade/${unpaid.id}/dispute`, sellerReason),
      409,
      "ERROR_DISPUTE_NOT_AVAILABLE",
    );
    expect(early.body.errors.details.availableAt).toBe(unpaid.dispute.availableAt);
    await advanceTradeClock(t.ownerDb, 11 * 60, unpaid.id);
    expect((await seller.client.get(`/rest/v1/trade/${unpaid.id}`)).body.data.dispute.available).toBe(true);
    const opened = await seller.client.post(`/rest/v1/trade/${unpaid.id}/dispute`, sellerReason);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.data).toMatchObject({ status: "dispute_open", dispute: { openedBy: "seller", reasonId: 3 } });

    const paid = await start(buyer);
    await buyer.client.post(`/rest/v1/trade/${paid.id}/paid`);
    await expectRefused(() => stranger.client.post(`/rest/v1/trade/${paid.id}/dispute`, reason), 404);
    await expectRefused(() => moderator.client.post(`/rest/v1/trade/${paid.id}/dispute`, reason), 403);
    await expectRefused(() => buyer.client.post(`/rest/v1/trade/${paid.id}/dispute`, sellerReason), 422);
    await expectRefused(
      () =>
        buyer.client.post(`/rest/v1/trade/${paid.id}/dispute`, {
          disputeReasonId: 99,
          disputeReasonText: "x".repeat(20),
        }),
      422,
    );
    await expectRefused(() => buyer.client.post(`/rest/v1/trade/${paid.id}/dispute`, { disputeReasonId: "1" }), 422);
    const disputed = await buyer.client.post(`/rest/v1/trade/${paid.id}/dispute`, reason);
    expect(disputed.body.data.status).toBe("dispute_open");
    await expectRefused(() => buyer.client.post(`/rest/v1/trade/${paid.id}/dispute`, reason), 409);
  });

  it("dispute_open -> released by the seller posts to the buyer and closes the dispute for the buyer", async () => {
    const trade = await start(buyer, "140");
    await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`);
    await buyer.client.post(`/rest/v1/trade/${trade.id}/dispute`, reason);
    expect((await seller.client.get(`/rest/v1/trade/${trade.id}`)).body.data.actions.canRelease).toBe(true);
    await expectRefused(() => buyer.client.post(`/rest/v1/trade/${trade.id}/release`, {}, key()), 403);
    const before = await balancesOf(t.db, buyer.id, "USDT");
    const released = await seller.client.post(`/rest/v1/trade/${trade.id}/release`, {}, key());
    expect(released.status, released.text).toBe(200);
    expect(released.body.data).toMatchObject({
      status: "released",
      dispute: { outcome: "buyer", resolvedAt: expect.any(String), appeal: { status: "not_available" } },
      actions: { canRelease: false, canAppeal: false },
    });
    expect((await balancesOf(t.db, buyer.id, "USDT")).available - before.available).toBe(140_000_000n);
    await expectRefused(
      () => moderator.client.post(`/rest/v1/trade/${trade.id}/dispute/resolve`, { outcome: "seller", note: "late" }),
      409,
      "ERROR_TRADE_WRONG_STATE",
    );
    const asBuyer = (await buyer.client.get(`/rest/v1/trade/${trade.id}`)).body.data;
    expect(asBuyer.dispute.appeal.status).toBe("not_available");
    await expectLedgerHolds(t.ownerDb);
  });

  it("dispute_open -> dispute_won_buyer by a moderator posts to the buyer; only once", async () => {
    const trade = await start(buyer, "120");
    await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`);
    await buyer.client.post(`/rest/v1/trade/${trade.id}/dispute`, reason);
    const award = { outcome: "buyer", note: "The payment proof is genuine." };
    await expectRefused(() => buyer.client.post(`/rest/v1/trade/${trade.id}/dispute/resolve`, award), 403);
    await expectRefused(() => stranger.client.post(`/rest/v1/trade/${trade.id}/dispute/resolve`, award), 403);
    await expectRefused(
      () => moderator.client.post(`/rest/v1/trade/${trade.id}/dispute/resolve`, { outcome: "both", note: "x" }),
      422,
    );
    const before = await balancesOf(t.db, buyer.id, "USDT");
    const feesBefore = await feesHeld(t.db, "USDT");
    const won = await moderator.client.post(`/rest/v1/trade/${trade.id}/dispute/resolve`, award);
    expect(won.status, won.text).toBe(200);
    expect(won.body.data).toMatchObject({
      status: "dispute_won_buyer",
      dispute: { outcome: "buyer", note: award.note },
    });
    expect((await balancesOf(t.db, buyer.id, "USDT")).available - before.available).toBe(120_000_000n);
    // Awarded to the buyer, the trade is posted like a release: its fee (1.2 USDT) goes to the platform.
    expect((await feesHeld(t.db, "USDT")) - feesBefore).toBe(1_200_000n);
    await expectRefused(
      () => moderator.client.post(`/rest/v1/trade/${trade.id}/dispute/resolve`, { outcome: "seller", note: "again" }),
      409,
      "ERROR_TRADE_WRONG_STATE",
    );
  });

  it("dispute_open -> dispute_won_seller voids to the seller; the loser may appeal once", async () => {
    const before = await balancesOf(t.db, seller.id, "USDT");
    const feesBefore = await feesHeld(t.db, "USDT");
    const trade = await start(buyer, "130");
    await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`);
    await buyer.client.post(`/rest/v1/trade/${trade.id}/dispute`, reason);
    const won = await moderator.client.post(`/rest/v1/trade/${trade.id}/dispute/resolve`, {
      outcome: "seller",
      note: "No payment reached the seller.",
    });
    expect(won.body.data.status).toBe("dispute_won_seller");
    // Voided: amount and fee back to the seller, nothing to the platform.
    expect(await balancesOf(t.db, seller.id, "USDT")).toEqual(before);
    expect(await feesHeld(t.db, "USDT")).toBe(feesBefore);
    const asBuyer = await buyer.client.get(`/rest/v1/trade/${trade.id}`);
    expect(asBuyer.body.data.dispute.appeal.status).toBe("available");
    expect(asBuyer.body.data.actions.canAppeal).toBe(true);
    const asSeller = await seller.client.get(`/rest/v1/trade/${trade.id}`);
    expect(asSeller.body.data.dispute.appeal.status).toBe("not_available");
    const text = { text: "I have a bank statement that shows the payment." };
    await expectRefused(
      () => seller.client.post(`/rest/v1/trade/${trade.id}/dispute/appeal`, text),
      409,
      "ERROR_DISPUTE_APPEAL_NOT_AVAILABLE",
    );
    await expectRefused(() => stranger.client.post(`/rest/v1/trade/${trade.id}/dispute/appeal`, text), 404);
    const appealed = await buyer.client.post(`/rest/v1/trade/${trade.id}/dispute/appeal`, text);
    expect(appealed.status).toBe(200);
    expect(appealed.body.data.dispute.appeal.status).toBe("appealed");
    await expectRefused(() => buyer.client.post(`/rest/v1/trade/${trade.id}/dispute/appeal`, text), 409);
    const list = await moderator.client.get("/rest/v1/disputes?status=appealed");
    expect(list.body.data.map((d: { tradeId: string }) => d.tradeId)).toContain(trade.id);
  });

  it("does not let a moderator award a dispute of their own trade", async () => {
    const modSeller = await createTrader(t, { roles: ["moderator"] });
    await fund(t.db, modSeller.id, "USDT", "100");
    const modOffer = await createOffer(modSeller);
    const trade = await start(buyer, "50", modOffer);
    await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`);
    await buyer.client.post(`/rest/v1/trade/${trade.id}/dispute`, reason);
    await expectRefused(
      () => modSeller.client.post(`/rest/v1/trade/${trade.id}/dispute/resolve`, { outcome: "seller", note: "mine" }),
      403,
      "ERROR_DISPUTE_OWN_TRADE",
    );
  });

  it("lists open disputes to staff only", async () => {
    const trade = await start(buyer);
    await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`);
    await buyer.client.post(`/rest/v1/trade/${trade.id}/dispute`, reason);
    const list = await moderator.client.get("/rest/v1/disputes");
    expect(list.status).toBe(200);
    const row = list.body.data.find((d: { tradeId: string }) => d.tradeId === trade.id);
    expect(row).toMatchObject({ status: "dispute_open", openedBy: "buyer", reasonKey: "payment_sent_not_released" });
    expect(list.body.meta).toMatchObject({ currentPage: 1, perPage: 10 });
    expect((await buyer.client.get("/rest/v1/disputes")).status).toBe(403);
    expect((await moderator.client.get("/rest/v1/disputes?status=nope")).status).toBe(422);
  });
});

describe("every (actor, command) pair", () => {
  it("changes nothing in the ledger when the pair is not legal (I6)", async () => {
    const commands = [
      (u: TestUser, id: string) => u.client.post(`/rest/v1/trade/${id}/paid`),
      (u: TestUser, id: string) => u.client.post(`/rest/v1/trade/${id}/release`, {}, key()),
      (u: TestUser, id: string) => u.client.post(`/rest/v1/trade/${id}/cancel`),
      (u: TestUser, id: string) =>
        u.client.post(`/rest/v1/trade/${id}/dispute`, {
          disputeReasonId: 9,
          disputeReasonText: "Something is wrong here.",
        }),
      (u: TestUser, id: string) =>
        u.client.post(`/rest/v1/trade/${id}/dispute/resolve`, { outcome: "buyer", note: "n" }),
      (u: TestUser, id: string) =>
        u.client.post(`/rest/v1/trade/${id}/dispute/resolve`, { outcome: "seller", note: "n" }),
    ];
    const actors: [string, TestUser][] = [
      ["buyer", buyer],
      ["seller", seller],
      ["stranger", stranger],
      ["moderator", moderator],
    ];
    // A trade in each open status; every illegal pair against each must change nothing.
    const active = await start(buyer);
    const paid = await start(buyer);
    await buyer.client.post(`/rest/v1/trade/${paid.id}/paid`);
    const disputed = await start(buyer);
    await buyer.client.post(`/rest/v1/trade/${disputed.id}/paid`);
    await buyer.client.post(`/rest/v1/trade/${disputed.id}/dispute`, {
      disputeReasonId: 1,
      disputeReasonText: "Paid, not released.",
    });
    // The pairs that would succeed (they change state, so they are not tried here).
    const legal: Record<string, string[]> = {
      active_funded: ["buyer:0", "buyer:2"],
      paid: ["seller:1", "buyer:3", "seller:3"],
      dispute_open: ["seller:1", "moderator:4", "moderator:5"],
    };
    for (const [status, trade] of [
      ["active_funded", active],
      ["paid", paid],
      ["dispute_open", disputed],
    ] as const) {
      for (const [name, actor] of actors) {
        for (const [index, command] of commands.entries()) {
          if (legal[status]?.includes(`${name}:${index}`)) continue;
          const before = await ledgerSnapshot();
          const response = await command(actor, trade.id);
          expect(
            response.status,
            `${name} ${index} on ${status}: ${JSON.stringify(response.body)}`,
          ).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect(await ledgerSnapshot()).toBe(before);
        }
      }
    }
  });
});

describe("ledger:verify's fee invariant for trades", () => {
  it("names a settled trade whose fee in the fee accounts is not its own", async () => {
    const released = await start(buyer, "50");
    await buyer.client.post(`/rest/v1/trade/${released.id}/paid`);
    expect((await seller.client.post(`/rest/v1/trade/${released.id}/release`, {}, key())).status).toBe(200);
    const cancelled = await start(buyer, "60");
    expect((await buyer.client.post(`/rest/v1/trade/${cancelled.id}/cancel`)).status).toBe(200);
    const feeCheck = async () =>
      (await verifyLedger(t.ownerDb, ledgerChecks)).checks.find(
        (check) => check.name === "settled_trades_paid_their_fees",
      );
    expect((await feeCheck())?.problems).toEqual([]);
    // Had the release charged a fee other than the trade's, the check would name the trade: shown
    // by changing what the trade says it owes.
    const shift = async (delta: bigint) =>
      sql`UPDATE trades SET fee_minor = fee_minor + ${delta} WHERE id_hashed = ${released.id}`.execute(t.ownerDb);
    await shift(1n);
    try {
      expect((await feeCheck())?.problems).toEqual([
        `trade ${released.id} paid 500000 to the fee accounts, its fee is 500001`,
      ]);
    } finally {
      await shift(-1n);
    }
    // Had the cancel paid the platform anything, likewise: a fee booked against the cancelled
    // trade, then corrected.
    const row = await sql<{ id: string }>`SELECT id::text AS id FROM trades WHERE id_hashed = ${cancelled.id}`.execute(
      t.ownerDb,
    );
    const currency = await resolveLedgerCurrency(t.db, "USDT");
    const booked = await withLedgerTx(t.db, (tx) =>
      transfer(tx, {
        idempotencyKey: `test-fee:${randomUUID()}`,
        kind: "deposit",
        currencyId: currency.id,
        reference: { type: "trade", id: row.rows[0]?.id ?? "" },
        legs: [{ from: accounts.world(), to: accounts.fees(0), amountMinor: 3n, code: "fee" }],
      }),
    );
    try {
      expect((await feeCheck())?.problems).toEqual([`trade ${cancelled.id} paid 3 to the fee accounts, its fee is 0`]);
    } finally {
      await withLedgerTx(t.db, (tx) =>
        reverseTransfer(tx, { transferId: booked.transferId, idempotencyKey: `test-fee:${randomUUID()}` }),
      );
    }
    expect((await feeCheck())?.problems).toEqual([]);
  });
});
