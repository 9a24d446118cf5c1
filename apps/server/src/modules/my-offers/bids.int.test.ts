import { bidResponseSchema } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jobContextOf, type TestApp, type TestClient } from "../../../test/harness.ts";
import { expectLedgerHolds } from "../../../test/ledger-holds.ts";
import { getFeeTotals, getOwnerBalances, resolveLedgerCurrency, verifyLedger } from "../ledger/index.ts";
import { ledgerChecks } from "../registry.ts";
import { recordDeposit } from "../wallet/index.ts";
import { completeDueBids } from "./bids.service.ts";
import { completeBidsJob } from "./jobs/complete-bids.job.ts";

let t: TestApp;
let usdtId: number;
beforeAll(async () => {
  t = await createTestApp();
  usdtId = (await resolveLedgerCurrency(t.db, "USDT")).id;
});
afterAll(async () => {
  // Every scenario of this file leaves the ledger and the bids in agreement.
  await expectLedgerHolds(t.ownerDb);
  await t.close();
});

// Each test bids in a market (owner side, crypto, fiat) of its own: markets share positions.
async function vendorWithOffer(
  fiat: string,
  usdt: string | null = "100",
): Promise<{ vendor: TestClient; hash: string }> {
  const vendor = await t.signUp();
  // The marketplace lists (and pins) a sell offer its owner can fund.
  await recordDeposit(t.db, {
    username: vendor.user!.username,
    amount: "1",
    cryptoCurrencyCode: "BTC",
    source: "admin",
  });
  const response = await vendor.post("/rest/v1/offers", {
    type: "sell",
    crypto_currency_code: "BTC",
    fiat_currency_code: fiat,
    payment_method_slug: "bank-transfer",
    margin: "2",
    fiat_limit_min: "50",
    fiat_limit_max: "1000",
  });
  expect(response.status, response.text).toBe(200);
  if (usdt !== null) {
    await recordDeposit(t.db, {
      username: vendor.user!.username,
      amount: usdt,
      cryptoCurrencyCode: "USDT",
      source: "admin",
    });
  }
  return { vendor, hash: response.body.data.idHashed };
}

function bidBody(amount: string, overrides: Record<string, unknown> = {}) {
  return {
    end_date: new Date(Date.now() + 86_400_000).toISOString(),
    amount,
    crypto_currency_code: "USDT",
    is_present: true,
    ...overrides,
  };
}

async function bid(client: TestClient, hash: string, amount: string, overrides: Record<string, unknown> = {}) {
  return client.put(`/rest/v1/my-offers/${hash}/bid`, bidBody(amount, overrides));
}

async function usdtBalances(client: TestClient): Promise<{ available: bigint; escrow: bigint }> {
  const owned = await getOwnerBalances(t.db, client.user!.id);
  const of = (kind: string) => owned.find((row) => row.currencyId === usdtId && row.kind === kind)?.balanceMinor ?? 0n;
  return { available: of("available"), escrow: of("escrow") };
}

async function bidInfo(client: TestClient, hash: string) {
  const response = await client.get(`/rest/v1/my-offers/${hash}/bid-info`);
  expect(response.status, response.text).toBe(200);
  return response.body.data as { bid: { status: string } | null; history: { status: string; amount: string }[] };
}

async function holdTransfers(bidIds: number[]): Promise<{ kind: string; reference_id: string }[]> {
  const result = await sql<{ kind: string; reference_id: string }>`
    SELECT kind, reference_id FROM ledger_transfers
    WHERE reference_type = 'offer_bid' AND reference_id = ANY(${bidIds.map(String)}::text[])
    ORDER BY id`.execute(t.ownerDb);
  return result.rows;
}

async function usdtFeeTotal(): Promise<bigint> {
  return (await getFeeTotals(t.db)).find((row) => row.currencyId === usdtId)?.totalMinor ?? 0n;
}

describe("funding a bid", () => {
  it("holds the amount from the vendor's wallet, marks the bid FUNDED and pins the offer", async () => {
    const { vendor, hash } = await vendorWithOffer("EUR");
    const placed = await bid(vendor, hash, "30");
    expect(placed.status, placed.text).toBe(200);
    expect(bidResponseSchema.parse(placed.body).data).toMatchObject({
      offerId: hash,
      amount: "30.000000",
      cryptoCurrencyCode: "USDT",
      status: "FUNDED",
      current: true,
      isPresent: true,
      position: 1,
    });
    expect(await usdtBalances(vendor)).toEqual({ available: 70_000_000n, escrow: 30_000_000n });

    const pinned = (await vendor.get(`/rest/v1/my-offers/${hash}/pinned-info`)).body.data;
    expect(pinned).toMatchObject({
      position: 1,
      positions: [{ position: 1, amount: "30.000000", cryptoCurrencyCode: "USDT", isMine: true }],
      market: { cryptoCurrencyCode: "BTC", fiatCurrencyCode: "EUR", type: "sell" },
    });
    const info = await bidInfo(vendor, hash);
    expect(info).toMatchObject({ bid: { status: "FUNDED", position: 1 }, isFundingAvailable: true });
    const listed = await t.client().get("/rest/v1/offers?type=buy&crypto_currency_code=BTC&currencyCode=EUR");
    expect(listed.body.data[0]).toMatchObject({ hash, isStickied: true, pinnedPosition: 1 });
  });

  it("refuses a bid the balance cannot cover: nothing is held and the attempt is kept as FAILED", async () => {
    const { vendor, hash } = await vendorWithOffer("GBP", "10");
    const refused = await bid(vendor, hash, "30");
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toMatchObject({
      code: "ERROR_INSUFFICIENT_BALANCE",
      details: { amount: ["insufficient_balance"] },
    });
    expect(await usdtBalances(vendor)).toEqual({ available: 10_000_000n, escrow: 0n });
    const info = await bidInfo(vendor, hash);
    expect(info.bid).toBeNull();
    expect(info.history.map((item) => item.status)).toEqual(["FAILED"]);
    expect((await vendor.get(`/rest/v1/my-offers/${hash}/pinned-info`)).body.data.positions).toEqual([]);
  });

  it("gives an outbid bid its money back, and refuses a bid below every position", async () => {
    const holders = [];
    for (const amount of ["10", "20", "30"]) {
      const holder = await vendorWithOffer("CAD");
      expect((await bid(holder.vendor, holder.hash, amount)).status).toBe(200);
      holders.push(holder);
    }
    const lowest = holders[0]!;
    const challenger = await vendorWithOffer("CAD");
    const placed = await bid(challenger.vendor, challenger.hash, "15");
    expect(placed.body.data).toMatchObject({ status: "FUNDED", position: 3 });

    expect(await usdtBalances(lowest.vendor)).toEqual({ available: 100_000_000n, escrow: 0n });
    expect((await bidInfo(lowest.vendor, lowest.hash)).history.map((item) => item.status)).toEqual(["OUTBID"]);
    const pinned = (await lowest.vendor.get(`/rest/v1/my-offers/${lowest.hash}/pinned-info`)).body.data;
    expect(pinned.position).toBeNull();
    expect(pinned.positions.map((item: { amount: string }) => item.amount)).toEqual([
      "30.000000",
      "20.000000",
      "15.000000",
    ]);

    // A bid that only matches the lowest position does not take it: the earlier bid keeps it.
    const late = await vendorWithOffer("CAD");
    const tooLow = await bid(late.vendor, late.hash, "15");
    expect(tooLow.status).toBe(409);
    expect(tooLow.body.errors).toMatchObject({ code: "ERROR_BID_TOO_LOW", details: { amount: ["bid_too_low"] } });
    expect(await usdtBalances(late.vendor)).toEqual({ available: 100_000_000n, escrow: 0n });
    expect((await bidInfo(late.vendor, late.hash)).history.map((item) => item.status)).toEqual(["FAILED"]);
  });

  it("lets bids for periods that do not overlap hold the same position", async () => {
    const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    for (const amount of ["10", "20", "30"]) {
      const holder = await vendorWithOffer("AUD");
      expect((await bid(holder.vendor, holder.hash, amount)).status).toBe(200);
    }
    const next = await vendorWithOffer("AUD");
    const placed = await bid(next.vendor, next.hash, "5", {
      is_present: false,
      start_date: later(2),
      end_date: later(3),
    });
    expect(placed.body.data).toMatchObject({ status: "FUNDED", isPresent: false, position: null });
  });
});

describe("withdrawing and replacing a bid", () => {
  it("gives a cancelled bid's hold back, and a replaced bid's before holding the new one", async () => {
    const { vendor, hash } = await vendorWithOffer("CHF");
    expect((await bid(vendor, hash, "60")).status).toBe(200);
    // Replacing releases the 60 first, so 80 of a 100 balance can be held.
    const replaced = await bid(vendor, hash, "80", { current: true });
    expect(replaced.body.data).toMatchObject({ status: "FUNDED", amount: "80.000000" });
    expect(await usdtBalances(vendor)).toEqual({ available: 20_000_000n, escrow: 80_000_000n });

    expect((await vendor.delete(`/rest/v1/my-offers/${hash}/bid`)).status).toBe(200);
    expect(await usdtBalances(vendor)).toEqual({ available: 100_000_000n, escrow: 0n });
    expect((await bidInfo(vendor, hash)).history.map((item) => item.status)).toEqual(["CANCELLED", "CANCELLED"]);
    const again = await vendor.delete(`/rest/v1/my-offers/${hash}/bid`);
    expect(again.status).toBe(409);
    expect(again.body.errors.code).toBe("ERROR_BID_NOT_FOUND");
  });

  it("shows bid holds and refunds in the wallet history as offer bids, not as trade escrow", async () => {
    const { vendor, hash } = await vendorWithOffer("SEK");
    expect((await bid(vendor, hash, "40")).status).toBe(200);
    expect((await vendor.delete(`/rest/v1/my-offers/${hash}/bid`)).status).toBe(200);
    const history = await vendor.get("/rest/v1/wallet/transactions?crypto_currency_code=USDT");
    expect(history.status, history.text).toBe(200);
    const lines = (
      history.body.data as { type: string; direction: string; amount: string; tradeId: string | null }[]
    ).map(({ type, direction, amount, tradeId }) => ({ type, direction, amount, tradeId }));
    expect(lines).toEqual([
      { type: "offer_bid", direction: "in", amount: "40.000000", tradeId: null },
      { type: "offer_bid", direction: "out", amount: "40.000000", tradeId: null },
      { type: "deposit", direction: "in", amount: "100.000000", tradeId: null },
    ]);
    const bids = await vendor.get("/rest/v1/wallet/transactions?type=offer_bid");
    expect(bids.body.data.map((line: { type: string }) => line.type)).toEqual(["offer_bid", "offer_bid"]);
    const escrow = await vendor.get("/rest/v1/wallet/transactions?type=trade_escrow");
    expect(escrow.body.data).toEqual([]);
  });

  it("keeps the old bid held when its replacement cannot be funded", async () => {
    const { vendor, hash } = await vendorWithOffer("SEK");
    expect((await bid(vendor, hash, "60")).status).toBe(200);
    expect((await bid(vendor, hash, "101", { current: true })).status).toBe(409);
    expect(await usdtBalances(vendor)).toEqual({ available: 40_000_000n, escrow: 60_000_000n });
    expect((await bidInfo(vendor, hash)).bid).toMatchObject({ status: "FUNDED", amount: "60.000000" });
  });
});

describe("the end of a bid's period", () => {
  it("collects the hold as platform revenue once, however often and in parallel the job runs", async () => {
    const { vendor, hash } = await vendorWithOffer("NOK");
    const placed = await bid(vendor, hash, "25");
    const feesBefore = await usdtFeeTotal();
    const afterPeriod = new Date(Date.now() + 2 * 86_400_000);
    // Earlier tests' bids end by then too: each of them is collected once as well.
    const due = await sql<{ count: string; total: string }>`
      SELECT count(*)::text AS count, sum(amount_minor)::text AS total FROM offer_bids
      WHERE status = 'FUNDED' AND ends_at <= ${afterPeriod}`.execute(t.ownerDb);
    const runs = await Promise.all([completeDueBids(t.db, afterPeriod), completeDueBids(t.db, afterPeriod)]);
    expect(runs.reduce((sum, run) => sum + run.completed, 0)).toBe(Number(due.rows[0]!.count));
    expect((await completeDueBids(t.db, afterPeriod)).completed).toBe(0);
    // The scheduled job finds nothing left to do.
    await completeBidsJob.handler({}, jobContextOf(t));

    expect(await usdtFeeTotal()).toBe(feesBefore + BigInt(due.rows[0]!.total));
    expect(await usdtBalances(vendor)).toEqual({ available: 75_000_000n, escrow: 0n });
    expect((await bidInfo(vendor, hash)).history.map((item) => item.status)).toEqual(["COMPLETED"]);
    const transfers = await holdTransfers([placed.body.data.id]);
    expect(transfers.map((row) => row.kind)).toEqual(["escrow_hold", "escrow_post"]);
  });

  it("does not complete a bid whose period is still running", async () => {
    const { vendor, hash } = await vendorWithOffer("DKK");
    expect((await bid(vendor, hash, "5")).status).toBe(200);
    await completeDueBids(t.db);
    expect((await bidInfo(vendor, hash)).bid).toMatchObject({ status: "FUNDED" });
  });
});

describe("idempotency and ownership", () => {
  it("places and holds one bid for one Idempotency-Key, even when the first answer was lost", async () => {
    const { vendor, hash } = await vendorWithOffer("PLN");
    const headers = { "idempotency-key": "bid-key-1" };
    const body = bidBody("40");
    const first = await vendor.put(`/rest/v1/my-offers/${hash}/bid`, body, { headers });
    const replay = await vendor.put(`/rest/v1/my-offers/${hash}/bid`, body, { headers });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.body.data.id).toBe(first.body.data.id);

    // The stored answer is gone (a crash between commit and answer): the bid is found by its key.
    await sql`DELETE FROM idempotency_keys WHERE key = 'bid-key-1'`.execute(t.ownerDb);
    const retried = await vendor.put(`/rest/v1/my-offers/${hash}/bid`, body, { headers });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.data).toMatchObject({ id: first.body.data.id, status: "FUNDED" });

    const reused = await vendor.put(`/rest/v1/my-offers/${hash}/bid`, bidBody("41"), { headers });
    expect(reused.status).toBe(422);
    expect(await usdtBalances(vendor)).toEqual({ available: 60_000_000n, escrow: 40_000_000n });
    expect(await holdTransfers([first.body.data.id])).toHaveLength(1);
  });

  it("lets no other vendor bid for, or withdraw, someone's offer: 404 and no money moves", async () => {
    const { vendor, hash } = await vendorWithOffer("CZK");
    expect((await bid(vendor, hash, "20")).status).toBe(200);
    const { vendor: stranger } = await vendorWithOffer("HUF");
    const attempt = await bid(stranger, hash, "50", { current: true });
    expect(attempt.status).toBe(404);
    expect((await stranger.delete(`/rest/v1/my-offers/${hash}/bid`)).status).toBe(404);
    expect(await usdtBalances(stranger)).toEqual({ available: 100_000_000n, escrow: 0n });
    expect(await usdtBalances(vendor)).toEqual({ available: 80_000_000n, escrow: 20_000_000n });
    expect((await bidInfo(vendor, hash)).bid).toMatchObject({ status: "FUNDED", amount: "20.000000" });
  });
});

describe("racing bids", () => {
  it("gives the last position to the better of two simultaneous bids and refunds the other", async () => {
    for (const fiat of ["MXN", "BRL", "ZAR", "TRY", "SGD"]) {
      for (const amount of ["50", "60"]) {
        const holder = await vendorWithOffer(fiat);
        expect((await bid(holder.vendor, holder.hash, amount)).status).toBe(200);
      }
      const low = await vendorWithOffer(fiat);
      const high = await vendorWithOffer(fiat);
      const [lowAnswer, highAnswer] = await Promise.all([
        bid(low.vendor, low.hash, "20"),
        bid(high.vendor, high.hash, "30"),
      ]);
      expect(highAnswer.body.data, fiat).toMatchObject({ status: "FUNDED", position: 3 });
      // Whichever came first, the lower bid holds nothing at the end: outbid, or refused.
      if (lowAnswer.status === 200) {
        expect((await bidInfo(low.vendor, low.hash)).history.map((item) => item.status)).toEqual(["OUTBID"]);
      } else {
        expect(lowAnswer.body.errors.code).toBe("ERROR_BID_TOO_LOW");
      }
      expect(await usdtBalances(low.vendor)).toEqual({ available: 100_000_000n, escrow: 0n });
      expect(await usdtBalances(high.vendor)).toEqual({ available: 70_000_000n, escrow: 30_000_000n });
    }
    await expectLedgerHolds(t.ownerDb);
  });
});

describe("ledger:verify", () => {
  it("reports a FUNDED bid that holds nothing", async () => {
    const { vendor, hash } = await vendorWithOffer("INR");
    const offer = await sql<{ id: bigint }>`SELECT id FROM offers WHERE id_hashed = ${hash}`.execute(t.ownerDb);
    const inserted = await sql<{ id: bigint }>`
      INSERT INTO offer_bids (offer_id, user_id, crypto_currency_id, type, fiat_currency_id, bid_currency_code, amount_minor, starts_at, ends_at, status)
      VALUES (${offer.rows[0]!.id}, ${vendor.user!.id}, 1, 'sell', 148, 'USDT', 1000000, now(), now() + interval '1 day', 'FUNDED')
      RETURNING id`.execute(t.ownerDb);
    const report = await verifyLedger(t.ownerDb, ledgerChecks);
    expect(report.checks.find((check) => check.name === "funded_bids_hold_their_amount")?.problems).toEqual([
      `funded bid ${inserted.rows[0]!.id} has no escrow account`,
    ]);
    await sql`UPDATE offer_bids SET status = 'CANCELLED' WHERE id = ${inserted.rows[0]!.id}`.execute(t.ownerDb);
  });
});
