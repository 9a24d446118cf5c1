import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { TRADE_RULES } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FilePart, multipartBody, type TestApp } from "../../../test/harness.ts";
import {
  advanceTradeClock,
  createOffer,
  createTrader,
  createTradesTestApp,
  expectLedgerHolds,
  fund,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";
import { pdfWithPages, pngImage } from "../../../test/sample-files.ts";
import { seedDemoData } from "../../db/seed/demo.ts";
import {
  chatBlockReasonOf,
  expireDueTrades,
  getTradeAccess,
  haveTradedTogether,
  listTradeEvents,
  listTradeHistory,
} from "./index.ts";
import { DEMO_TRADE_PLANS } from "./trades.seed.ts";
import { refreshRecentTraderStats } from "./trades.stats.ts";

/**
 * The trade's flow and everything around the money: requirements and uploads, policy links,
 * fallback, reports, chargebacks, the lists and figures, the receipt, the doors other modules
 * use, the real-time hints and the demo seed.
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
    createTrader(t),
    createTrader(t),
    createTrader(t),
    createTrader(t, { roles: ["moderator"] }),
  ]);
  await fund(t.db, seller.id, "USDT", "100000");
  await fund(t.db, seller.id, "BTC", "10");
  offerId = await createOffer(seller, { tradeDetails: "Meet at the cafe on Main Street." });
});
afterAll(async () => {
  await expectLedgerHolds(t.ownerDb);
  await t.close();
});

const key = () => ({ headers: { "idempotency-key": randomUUID() } });

async function upload(user: TestUser, tradeId: string, requirementId: string | null, files: FilePart[]) {
  const { body, contentType } = await multipartBody(files, requirementId === null ? {} : { requirementId });
  return user.client.request("POST", `/rest/v1/trade/${tradeId}/upload`, body, {
    headers: { "content-type": contentType },
  });
}

/** The trade files in this app's storage. */
async function storedFiles(): Promise<string[]> {
  return readdir(path.join(t.config.dataDir, "files", "trades")).catch(() => []);
}

async function start(taker: TestUser, fiatAmount = "100", offer = offerId) {
  const response = await taker.client.post("/rest/v1/trade", { offerId: offer, fiatAmount }, key());
  expect(response.status, response.text).toBe(200);
  return response.body.data as { id: string; [key: string]: any };
}

async function release(id: string) {
  expect((await buyer.client.post(`/rest/v1/trade/${id}/paid`)).status).toBe(200);
  const released = await seller.client.post(`/rest/v1/trade/${id}/release`, {}, key());
  expect(released.status, released.text).toBe(200);
}

describe("flow requirements", () => {
  it("hides the payment details until the payer name is given, and needs the receipt before paid", async () => {
    const bankOffer = await createOffer(seller, {
      paymentMethodSlug: "bank-transfer",
      tags: ["receipt-required"],
      tradeDetails: "IBAN DE89 3704 0044 0532 0130 00",
    });
    const trade = await start(buyer, "100", bankOffer);
    expect(trade.flow.step).toBe("before_reveal_payment_details");
    expect(trade.flow.requirements.map((r: { id: string; status: string }) => `${r.id}:${r.status}`)).toEqual([
      "payer_name:pending",
      "payment_receipt:pending",
    ]);
    expect(trade.paymentDetails).toMatchObject({ instructions: null, isRevealed: false });
    expect(trade.actions.canMarkPaid).toBe(false);
    const asSeller = await seller.client.get(`/rest/v1/trade/${trade.id}`);
    expect(asSeller.body.data.paymentDetails.instructions).toBe("IBAN DE89 3704 0044 0532 0130 00");

    const early = await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`);
    expect(early.status).toBe(409);
    expect(early.body.errors).toMatchObject({
      code: "ERROR_TRADE_REQUIREMENTS_PENDING",
      details: { requirements: ["payer_name", "payment_receipt"] },
    });
    expect(
      (
        await seller.client.post(`/rest/v1/trade/${trade.id}/requirement`, {
          requirementId: "payer_name",
          value: "Jane",
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await stranger.client.post(`/rest/v1/trade/${trade.id}/requirement`, {
          requirementId: "payer_name",
          value: "Jane",
        })
      ).status,
    ).toBe(404);
    expect(
      (await buyer.client.post(`/rest/v1/trade/${trade.id}/requirement`, { requirementId: "payer_name" })).status,
    ).toBe(422);

    const named = await buyer.client.post(`/rest/v1/trade/${trade.id}/requirement`, {
      requirementId: "payer_name",
      value: "Jane Doe",
    });
    expect(named.status, named.text).toBe(200);
    expect(named.body.data.flow.step).toBe("before_mark_as_paid");
    expect(named.body.data.paymentDetails).toMatchObject({
      instructions: "IBAN DE89 3704 0044 0532 0130 00",
      isRevealed: true,
      payerName: "Jane Doe",
    });
    expect((await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`)).body.errors.details.requirements).toEqual([
      "payment_receipt",
    ]);

    const receipt = Buffer.concat([await pngImage(), Buffer.from("<script>alert(1)</script>")]);
    const file: FilePart = { bytes: receipt, name: "receipt.png", type: "image/png" };
    const tooBig = await upload(buyer, trade.id, "payment_receipt", [
      { bytes: Buffer.alloc(11 * 1024 * 1024, 1), name: "big.png", type: "image/png" },
    ]);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors.details.files).toEqual(["attachment_limit_size"]);
    const html = await upload(buyer, trade.id, "payment_receipt", [
      { bytes: Buffer.from("<html><script>alert(1)</script></html>"), name: "receipt.html", type: "text/html" },
    ]);
    expect(html.status).toBe(422);
    expect(html.body.errors.details.files).toEqual(["attachment_type_not_allowed"]);
    // A file that claims to be a picture but is not one is refused by its content, not its name.
    const fake = await upload(buyer, trade.id, "payment_receipt", [
      { bytes: Buffer.from("GIF89a not really"), name: "receipt.png", type: "image/png" },
    ]);
    expect(fake.body.errors.details.files).toEqual(["attachment_image_broken"]);
    expect((await upload(buyer, trade.id, "payer_name", [file])).body.errors.details.requirementId).toEqual([
      "requirement_not_an_upload",
    ]);
    expect((await upload(buyer, trade.id, "invoice", [file])).body.errors.details.requirementId).toEqual([
      "requirement_not_on_trade",
    ]);
    expect((await upload(buyer, trade.id, null, [file])).status).toBe(422);
    expect((await upload(buyer, trade.id, "payment_receipt", [])).body.errors.details.files).toEqual([
      "attachment_required",
    ]);
    // The metadata-only JSON form is gone: a requirement counts as uploaded only with a file.
    const declared = await buyer.client.post(`/rest/v1/trade/${trade.id}/upload`, {
      requirements: [{ requirementId: "payment_receipt", fileName: "r.png", contentType: "image/png", sizeBytes: 9 }],
    });
    expect(declared.status).toBe(422);
    expect((await upload(seller, trade.id, "payment_receipt", [file])).status).toBe(403);
    expect((await upload(stranger, trade.id, "payment_receipt", [file])).status).toBe(404);
    expect(await storedFiles()).toEqual([]);

    const uploaded = await upload(buyer, trade.id, "payment_receipt", [file]);
    expect(uploaded.status, uploaded.text).toBe(200);
    expect(uploaded.body.data.flow.requirements[1]).toMatchObject({
      id: "payment_receipt",
      status: "uploaded",
      attachmentsCount: 1,
    });

    const uploads = await seller.client.get(`/rest/v1/trade/${trade.id}/uploads`);
    expect(uploads.body.data).toEqual([
      expect.objectContaining({
        requirementId: "payment_receipt",
        fileName: "receipt.png",
        contentType: "image/png",
        uploadedBy: buyer.username,
      }),
    ]);
    expect((await stranger.client.get(`/rest/v1/trade/${trade.id}/uploads`)).status).toBe(404);

    // The stored file is the checked one: re-encoded, without what was appended to the upload.
    const uploadId = uploads.body.data[0].id;
    const download = await seller.client.download(`/rest/v1/trade/${trade.id}/uploads/${uploadId}`);
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("image/png");
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.headers["content-disposition"]).toBe('inline; filename="receipt.png"');
    expect(download.bytes.subarray(0, 8)).toEqual((await pngImage()).subarray(0, 8));
    expect(download.bytes.includes(Buffer.from("<script>"))).toBe(false);
    expect(download.bytes.length).toBe(uploads.body.data[0].sizeBytes);
    expect((await buyer.client.get(`/rest/v1/trade/${trade.id}/uploads/${uploadId}`)).status).toBe(200);
    expect((await moderator.client.get(`/rest/v1/trade/${trade.id}/uploads/${uploadId}`)).status).toBe(200);
    expect((await stranger.client.get(`/rest/v1/trade/${trade.id}/uploads/${uploadId}`)).status).toBe(404);
    expect((await seller.client.get(`/rest/v1/trade/${trade.id}/uploads/999999999`)).status).toBe(404);
    expect(await storedFiles()).toHaveLength(1);

    const rejected = await seller.client.post(`/rest/v1/trade/${trade.id}/requirement`, {
      requirementId: "payment_receipt",
      decision: "rejected",
    });
    expect(rejected.body.data.flow.requirements[1].status).toBe("rejected");
    expect((await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`)).status).toBe(409);
    const pdf = { bytes: await pdfWithPages(1), name: "receipt.pdf", type: "application/pdf" };
    expect((await upload(buyer, trade.id, "payment_receipt", [pdf])).status).toBe(200);
    const approved = await seller.client.post(`/rest/v1/trade/${trade.id}/requirement`, {
      requirementId: "payment_receipt",
      decision: "approved",
    });
    expect(approved.body.data.flow.requirements[1].status).toBe("approved");
    expect((await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`)).status).toBe(200);
  });

  it("keeps the payment details hidden from a buyer who cancels before giving the payer name", async () => {
    const bankOffer = await createOffer(seller, {
      paymentMethodSlug: "bank-transfer",
      tradeDetails: "IBAN FR76 3000 6000 0112 3456 7890 189",
    });
    const trade = await start(buyer, "100", bankOffer);
    expect(trade.flow.step).toBe("before_reveal_payment_details");
    const cancelled = await buyer.client.post(`/rest/v1/trade/${trade.id}/cancel`);
    expect(cancelled.status, cancelled.text).toBe(200);
    const asBuyer = await buyer.client.get(`/rest/v1/trade/${trade.id}`);
    expect(asBuyer.body.data.status).toBe("cancelled_buyer");
    expect(asBuyer.body.data.paymentDetails).toMatchObject({ instructions: null, isRevealed: false });
    const asSeller = await seller.client.get(`/rest/v1/trade/${trade.id}`);
    expect(asSeller.body.data.paymentDetails.instructions).toBe("IBAN FR76 3000 6000 0112 3456 7890 189");
  });

  it("limits the number of attachments of a trade and keeps no file of a refused upload", async () => {
    const receiptOffer = await createOffer(seller, { tags: ["receipt-required"] });
    const trade = await start(buyer, "100", receiptOffer);
    const pdf: FilePart = { bytes: await pdfWithPages(1), name: "r.pdf", type: "application/pdf" };
    const before = (await storedFiles()).length;
    expect((await upload(buyer, trade.id, "payment_receipt", Array(10).fill(pdf))).status).toBe(200);
    expect((await upload(buyer, trade.id, "payment_receipt", Array(10).fill(pdf))).status).toBe(200);
    const over = await upload(buyer, trade.id, "payment_receipt", [pdf]);
    expect(over.status).toBe(422);
    expect(over.body.errors.details.requirements).toEqual(["attachment_limit_count"]);
    expect((await upload(buyer, trade.id, "payment_receipt", Array(11).fill(pdf))).body.errors.details.files).toEqual([
      "attachment_limit_count",
    ]);
    // The refused upload's file was stored before the count was re-checked, then removed again.
    expect((await storedFiles()).length).toBe(before + 20);
  });

  it("answers a download of a file recorded before files were kept with a clear 404", async () => {
    const receiptOffer = await createOffer(seller, { tags: ["receipt-required"] });
    const trade = await start(buyer, "100", receiptOffer);
    const inserted = await sql<{ id: string }>`
      INSERT INTO trade_attachments (trade_id, requirement_id, uploader_id, file_name, content_type, size_bytes)
      SELECT id, 'payment_receipt', ${buyer.id}, 'old.png', 'image/png', 10 FROM trades WHERE id_hashed = ${trade.id}
      RETURNING id::text`.execute(t.ownerDb);
    const missing = await seller.client.get(`/rest/v1/trade/${trade.id}/uploads/${inserted.rows[0]?.id}`);
    expect(missing.status).toBe(404);
    expect(missing.body.errors.code).toBe("ERROR_ATTACHMENT_MISSING");
  });
});

describe("policy links, fallback and reports", () => {
  it("records a policy link and answers its url", async () => {
    const trade = await start(buyer);
    const read = await buyer.client.post(`/rest/v1/trade/${trade.id}/policy-read`, {
      url: "https://souk.example/policy/escrow",
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ url: "https://souk.example/policy/escrow" });
    expect(
      (await buyer.client.post(`/rest/v1/trade/${trade.id}/policy-read`, { url: "javascript:alert(1)" })).status,
    ).toBe(422);
    expect((await stranger.client.post(`/rest/v1/trade/${trade.id}/policy-read`, { url: "/terms" })).status).toBe(404);
  });

  it("moves an automated flow to the manual one once, and refuses it for the default flow", async () => {
    const liteOffer = await createOffer(seller, { flowType: "lite" });
    const trade = await start(buyer, "100", liteOffer);
    expect(trade.flow).toMatchObject({ type: "lite", isFallback: false });
    const fallback = await buyer.client.post(`/rest/v1/trade/${trade.id}/fallback`);
    expect(fallback.status, fallback.text).toBe(200);
    expect(fallback.body.data.flow.isFallback).toBe(true);
    expect((await buyer.client.post(`/rest/v1/trade/${trade.id}/fallback`)).status).toBe(409);
    const plain = await start(buyer);
    const refused = await buyer.client.post(`/rest/v1/trade/${plain.id}/fallback`);
    expect(refused.body.errors.code).toBe("ERROR_TRADE_FALLBACK_NOT_AVAILABLE");
  });

  it("takes one open problem report per party", async () => {
    const trade = await start(buyer);
    const report = { reason: "outside_escrow", message: "Asked me to pay outside the platform." };
    expect((await buyer.client.post(`/rest/v1/trade/${trade.id}/report`, report)).body.data).toEqual({
      reported: true,
    });
    expect((await buyer.client.post(`/rest/v1/trade/${trade.id}/report`, report)).status).toBe(409);
    expect((await seller.client.post(`/rest/v1/trade/${trade.id}/report`, { reason: "negotiation" })).status).toBe(200);
    expect((await buyer.client.post(`/rest/v1/trade/${trade.id}/report`, { reason: "rude" })).status).toBe(422);
    expect((await stranger.client.post(`/rest/v1/trade/${trade.id}/report`, report)).status).toBe(404);
  });

  it("answers a repeated report 409 every time, past the point where statements get a generic plan", async () => {
    const trade = await start(buyer);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      statuses.push((await buyer.client.post(`/rest/v1/trade/${trade.id}/report`, { reason: "other" })).status);
    }
    expect(statuses).toEqual([200, ...Array(11).fill(409)]);
  });
});

describe("chargeback reports", () => {
  it("are the verified seller's, once per trade, after delivery", async () => {
    const trade = await start(buyer);
    const body = { tradeId: trade.id, timing: "before_mark_as_paid", description: "The card payment was reversed." };
    expect((await seller.client.post("/rest/v1/user-reports/chargeback", body)).body.errors.code).toBe(
      "ERROR_CHARGEBACK_NOT_ALLOWED",
    );
    await release(trade.id);
    expect((await buyer.client.post("/rest/v1/user-reports/chargeback", body)).body.errors.code).toBe(
      "ERROR_CHARGEBACK_NOT_ALLOWED",
    );
    expect((await stranger.client.post("/rest/v1/user-reports/chargeback", body)).status).toBe(404);
    expect((await seller.client.post("/rest/v1/user-reports/chargeback", { ...body, timing: "later" })).status).toBe(
      422,
    );
    const reported = await seller.client.post("/rest/v1/user-reports/chargeback", body);
    expect(reported.status, reported.text).toBe(200);
    expect(reported.body.data).toMatchObject({ tradeId: trade.id, timing: "before_mark_as_paid", state: "Pending" });
    expect((await seller.client.post("/rest/v1/user-reports/chargeback", body)).status).toBe(409);
  });

  it("are refused with contact-support when the reporter's verification is incorrect", async () => {
    const unverified = await createTrader(t, { isIdVerified: false });
    await fund(t.db, unverified.id, "USDT", "500");
    const theirOffer = await createOffer(unverified);
    const trade = await start(buyer, "100", theirOffer);
    await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`);
    await unverified.client.post(`/rest/v1/trade/${trade.id}/release`, {}, key());
    const response = await unverified.client.post("/rest/v1/user-reports/chargeback", {
      tradeId: trade.id,
      timing: "before_reveal_payment_details",
    });
    expect(response.status).toBe(403);
    expect(response.body.errors).toMatchObject({
      code: "ERROR_CHARGEBACK_VERIFICATION_INCORRECT",
      details: { contactSupport: true },
    });
    const stored = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM trade_chargebacks`.execute(t.ownerDb);
    expect(stored.rows[0]?.n).toBe(1);
  });
});

describe("lists and figures", () => {
  it("lists the active trades with the ones waiting for the viewer flagged", async () => {
    const trader = await createTrader(t);
    const unpaid = await start(trader);
    const paid = await start(trader);
    await trader.client.post(`/rest/v1/trade/${paid.id}/paid`);
    const done = await start(trader);
    await trader.client.post(`/rest/v1/trade/${done.id}/cancel`);
    const mine = await trader.client.get("/rest/v1/trade/active");
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((row: { id: string }) => row.id).sort()).toEqual([unpaid.id, paid.id].sort());
    expect(mine.body.meta).toEqual({ counts: { buy: 2, sell: 0 }, alarmed: [unpaid.id], pollIntervalMs: 60000 });
    const theirs = await seller.client.get("/rest/v1/trade/active");
    expect(theirs.body.meta.alarmed).toContain(paid.id);
    expect(theirs.body.data.find((row: { id: string }) => row.id === paid.id)).toMatchObject({
      side: "sold",
      isVendor: true,
      partner: { username: trader.username },
      cryptoAmount: "100.000000",
      status: "paid",
    });
    expect((await t.client().get("/rest/v1/trade/active")).status).toBe(401);
  });

  it("pages the history with the completed-trade filters", async () => {
    const trader = await createTrader(t);
    const released = await start(trader, "11");
    await trader.client.post(`/rest/v1/trade/${released.id}/paid`);
    await seller.client.post(`/rest/v1/trade/${released.id}/release`, {}, key());
    const cancelled = await start(trader, "12");
    await trader.client.post(`/rest/v1/trade/${cancelled.id}/cancel`);
    const expired = await start(trader, "13");
    await advanceTradeClock(t.ownerDb, 31 * 60, expired.id);
    await expireDueTrades(t.db);
    const disputed = await start(trader, "14");
    await trader.client.post(`/rest/v1/trade/${disputed.id}/paid`);
    await trader.client.post(`/rest/v1/trade/${disputed.id}/dispute`, {
      disputeReasonId: 1,
      disputeReasonText: "Paid but nothing came.",
    });
    const open = await start(trader, "15");

    const ids = async (query: string) => {
      const response = await trader.client.get(`/rest/v1/trade/history${query}`);
      expect(response.status, response.text).toBe(200);
      return response.body.data.map((row: { id: string }) => row.id);
    };
    expect(await ids("")).toEqual([open.id, disputed.id, cancelled.id, released.id, expired.id]);
    expect(await ids("?filter=successful")).toEqual([released.id]);
    // Cancelled by the buyer or the system only: an expiry is its own status and filter
    // (docs/decisions/132-expired-and-what-counts-as-cancelled.md).
    expect(await ids("?filter=cancelled")).toEqual([cancelled.id]);
    expect(await ids("?filter=expired")).toEqual([expired.id]);
    expect(await ids("?status=expired")).toEqual([expired.id]);
    expect(await ids("?filter=dispute")).toEqual([disputed.id]);
    expect(await ids("?filter=disputed")).toEqual([disputed.id]);
    expect(await ids("?filter=cancelled&status=cancelled_buyer")).toEqual([cancelled.id]);
    expect(await ids("?filter=successful&status=cancelled_buyer")).toEqual([]);
    expect(await ids("?cryptoCurrencyCode=btc")).toEqual([]);
    // From the day the earliest trade started (its clock was moved back 31 minutes, which may be
    // yesterday just after midnight) to today.
    const today = new Date().toISOString().slice(0, 10);
    const firstDay = new Date(Date.now() - 40 * 60_000).toISOString().slice(0, 10);
    expect(await ids(`?startDate=${firstDay}&endDate=${today}&offerType=sell`)).toHaveLength(5);
    expect(await ids("?startDate=2000-01-01&endDate=2000-01-31")).toEqual([]);
    const page = await trader.client.get("/rest/v1/trade/history?perPage=2&page=2");
    expect(page.body.meta).toEqual({ total: 5, currentPage: 2, perPage: 2, lastPage: 3, filter: "all" });
    expect(page.body.data.map((row: { id: string }) => row.id)).toEqual([cancelled.id, released.id]);
    for (const bad of ["?filter=nope", "?startDate=2024-02-30", "?perPage=0", "?status=pending"]) {
      expect((await trader.client.get(`/rest/v1/trade/history${bad}`)).status, bad).toBe(422);
    }

    const exported = await listTradeHistory(t.db, trader.id, { filter: "successful" }, { limit: 10, offset: 0 });
    expect(exported).toMatchObject({ total: 1, items: [{ id: released.id, side: "bought", fiatAmount: "11.00" }] });

    const recent = await trader.client.get("/rest/v1/users/me/contacts/recent-trades?perPage=3");
    expect(recent.status).toBe(200);
    expect(recent.body.meta).toEqual({ total: 5, currentPage: 1, perPage: 3, lastPage: 2 });
    expect(recent.body.data[0]).toMatchObject({ id: open.id, partner: { username: seller.username }, side: "bought" });

    const stats = await trader.client.get("/rest/v1/trade/statistics");
    expect(stats.body.data).toEqual({
      totalTrades: 5,
      activeTrades: 2,
      successfulTrades: 1,
      cancelledTrades: 1,
      expiredTrades: 1,
      disputedTrades: 1,
      asBuyer: 5,
      asSeller: 0,
      partners: 1,
      cryptoVolumes: [{ cryptoCurrencyCode: "USDT", bought: "11.000000", sold: "0.000000", total: "11.000000" }],
      fiatVolumes: [{ fiatCurrencyCode: "USD", total: "11.00" }],
    });
  });

  it("does not count the seller's cancel as cancelled, and refuses feedback on it", async () => {
    const trader = await createTrader(t);
    const trade = await start(trader, "16");
    await advanceTradeClock(t.ownerDb, 31 * 60, trade.id);
    const cancel = await seller.client.post(`/rest/v1/trade/${trade.id}/cancel`);
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body.data).toMatchObject({ status: "cancelled_seller", tradeCompleted: false, isFinished: true });
    expect((await trader.client.get("/rest/v1/trade/history?filter=cancelled")).body.data).toEqual([]);
    expect((await trader.client.get("/rest/v1/trade/history?filter=all")).body.data).toHaveLength(1);
    const stats = await trader.client.get("/rest/v1/trade/statistics");
    expect(stats.body.data).toMatchObject({ totalTrades: 1, cancelledTrades: 0, expiredTrades: 0 });
    const feedback = await trader.client.post(`/rest/v1/feedback/${trade.id}/give`, { rating: 1, message: "Ok" });
    expect(feedback.status).toBe(409);
  });

  it("keeps the users' trade figures: completed trades, partners, BTC traded", async () => {
    const trader = await createTrader(t);
    const btcOffer = await createOffer(seller, {
      cryptoCurrencyCode: "BTC",
      priceType: "fixed",
      fixedPrice: "50000",
      fiatLimitMin: "10",
      fiatLimitMax: "900",
    });
    const first = await start(trader, "500", btcOffer);
    await trader.client.post(`/rest/v1/trade/${first.id}/paid`);
    await seller.client.post(`/rest/v1/trade/${first.id}/release`, {}, key());
    const second = await start(trader, "100", btcOffer);
    await trader.client.post(`/rest/v1/trade/${second.id}/paid`);
    await seller.client.post(`/rest/v1/trade/${second.id}/release`, {}, key());
    const me = await trader.client.get("/rest/v1/users/current_user");
    expect(me.body.data.completedTrades).toBe(2);
    const profile = await stranger.client.get(`/rest/v1/users/${trader.username}`);
    expect(profile.body.data).toMatchObject({ totalTrades: 2, totalPartners: 1, btcTraded: "0.01200000" });
    await refreshRecentTraderStats(t.db, 10);
    const offer = await stranger.client.get(`/rest/v1/offers/${btcOffer}`);
    expect(offer.body.data.offer.owner.monthlyTradeStats.completedTrades).toBeGreaterThanOrEqual(2);
  });

  it("shows a public receipt of released trades only, without the parties", async () => {
    const trade = await start(buyer, "77");
    expect((await t.client().get(`/rest/v1/trade/${trade.id}/receipt`)).status).toBe(404);
    await release(trade.id);
    const receipt = await t.client().get(`/rest/v1/trade/${trade.id}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.data).toMatchObject({
      id: trade.id,
      status: "released",
      cryptoAmount: "77.000000",
      fiatAmount: "77.00",
      paymentMethodName: "Cash in Person",
    });
    expect(receipt.text).not.toContain(buyer.username);
    expect(receipt.text).not.toContain(seller.username);
    expect((await t.client().get("/rest/v1/trade/AAAAAAAAAAA/receipt")).status).toBe(404);
  });
});

describe("the doors other modules use", () => {
  it("gives trade access to parties and staff, null to strangers, and the events in order", async () => {
    const trade = await start(buyer);
    await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`);
    const access = await getTradeAccess(t.db, trade.id, buyer.viewer);
    expect(access).toMatchObject({
      idHashed: trade.id,
      buyerId: buyer.id,
      sellerId: seller.id,
      buyerUsername: buyer.username,
      sellerUsername: seller.username,
      status: "paid",
      isParty: true,
      isStaff: false,
      viewerRole: "buyer",
      isFinished: false,
      cryptoAmount: "100.000000",
      fiatAmount: "100.00",
    });
    expect(await getTradeAccess(t.db, trade.id, moderator.viewer)).toMatchObject({
      isParty: false,
      isStaff: true,
      viewerRole: "moderator",
    });
    expect(await getTradeAccess(t.db, trade.id, stranger.viewer)).toBeNull();
    expect(await getTradeAccess(t.db, trade.id, null)).toBeNull();
    expect(await getTradeAccess(t.db, "nope", buyer.viewer)).toBeNull();
    const events = await listTradeEvents(t.db, access?.tradeId ?? 0);
    expect(events.map((e) => `${e.seq}:${e.name}:${e.actorRole}`)).toEqual(["1:active_funded:buyer", "2:paid:buyer"]);
    expect(events[1]).toMatchObject({ actorUsername: buyer.username, payload: { from: "active_funded", to: "paid" } });
    expect(await listTradeEvents(t.db, access?.tradeId ?? 0, 1)).toHaveLength(1);
    expect(await haveTradedTogether(t.db, buyer.id, seller.id)).toBe(true);
    expect(await haveTradedTogether(t.db, buyer.id, stranger.id)).toBe(false);
    expect(chatBlockReasonOf(access!)).toBeNull();
    const ended = {
      ...access!,
      status: "cancelled_buyer" as const,
      cancelledAt: new Date(Date.now() - 25 * 3_600_000),
    };
    expect(chatBlockReasonOf(ended)).toBe("ChatBlockedAfterTradeIsCanceled");
  });
});

describe("real-time", () => {
  it("announces each change on the trade's channel and both parties' channels, in its transaction", async () => {
    const trade = await start(buyer);
    await buyer.client.post(`/rest/v1/trade/${trade.id}/paid`);
    const rows = await sql<{ channel: string; name: string; payload: { tradeId: string; status: string } }>`
      SELECT channel, name, payload FROM realtime_events WHERE payload->>'tradeId' = ${trade.id} ORDER BY id`.execute(
      t.ownerDb,
    );
    expect(rows.rows.map((r) => `${r.channel} ${r.name} ${r.payload.status}`)).toEqual([
      `trade.${trade.id} trade.updated active_funded`,
      `user.${buyer.id} trade.updated active_funded`,
      `user.${seller.id} trade.updated active_funded`,
      `trade.${trade.id} trade.updated paid`,
      `user.${buyer.id} trade.updated paid`,
      `user.${seller.id} trade.updated paid`,
    ]);
  });

  it("hands out the trade channel's key to parties and staff only", async () => {
    const trade = await start(buyer);
    const ask = (user: TestUser) =>
      user.client.post("/account/re-auth-push-subscription", { channels: [`trade.${trade.id}`] });
    expect((await ask(buyer)).status).toBe(200);
    expect((await ask(seller)).status).toBe(200);
    expect((await ask(moderator)).status).toBe(200);
    expect((await ask(stranger)).status).toBe(403);
  });
});

describe("demo seed", () => {
  it("plays every planned trade through the service, once, and leaves the demo buyer under the active-trade limit", async () => {
    const seedApp = await createTradesTestApp();
    try {
      const lines: string[] = [];
      await seedDemoData(seedApp.db, seedApp.config, (line) => lines.push(line));
      await seedDemoData(seedApp.db, seedApp.config, (line) => lines.push(line));
      const statuses = await sql<{ status: string; n: number }>`
        SELECT status, count(*)::integer AS n FROM trades GROUP BY status ORDER BY status`.execute(seedApp.ownerDb);
      expect(Object.fromEntries(statuses.rows.map((row) => [row.status, row.n]))).toEqual({
        active_funded: 1,
        cancelled_buyer: 1,
        dispute_open: 1,
        paid: 1,
        released: DEMO_TRADE_PLANS.filter((plan) => plan.end === "released").length,
      });
      const bobActive = await sql<{ n: number }>`
        SELECT count(*)::integer AS n FROM trades t JOIN users u ON u.id IN (t.buyer_id, t.seller_id)
        WHERE u.username = 'bob' AND t.status IN ('active_funded', 'paid', 'dispute_open')`.execute(seedApp.ownerDb);
      expect(bobActive.rows[0]?.n).toBeLessThan(TRADE_RULES.activeTradesWithoutIdMax);
      await expectLedgerHolds(seedApp.ownerDb);
    } finally {
      await seedApp.close();
    }
  });
});

describe("payment instructions", () => {
  it("stay hidden from the other party in every status the flow never revealed them in, and from staff", async () => {
    const secret = `IBAN-${randomUUID()}`;
    const bankOffer = await createOffer(seller, { paymentMethodSlug: "bank-transfer", tradeDetails: secret });
    const cancelled = await start(buyer, "100", bankOffer);
    expect(cancelled.paymentDetails).toMatchObject({ instructions: null, isRevealed: false });
    expect((await buyer.client.post(`/rest/v1/trade/${cancelled.id}/cancel`)).status).toBe(200);
    const afterCancel = await buyer.client.get(`/rest/v1/trade/${cancelled.id}`);
    expect(afterCancel.body.data.status).toBe("cancelled_buyer");
    expect(afterCancel.body.data.paymentDetails).toMatchObject({ instructions: null, isRevealed: false });
    expect(afterCancel.text).not.toContain(secret);
    const asSeller = await seller.client.get(`/rest/v1/trade/${cancelled.id}`);
    expect(asSeller.body.data.paymentDetails.instructions).toBe(secret);
    const asModerator = await moderator.client.get(`/rest/v1/trade/${cancelled.id}`);
    expect(asModerator.status).toBe(200);
    expect(asModerator.text).not.toContain(secret);

    const expired = await start(buyer, "100", bankOffer);
    await advanceTradeClock(t.ownerDb, 24 * 3600, expired.id);
    await expireDueTrades(t.db);
    const afterExpiry = await buyer.client.get(`/rest/v1/trade/${expired.id}`);
    expect(afterExpiry.body.data.status).toBe("expired");
    expect(afterExpiry.text).not.toContain(secret);

    const named = await start(buyer, "100", bankOffer);
    await buyer.client.post(`/rest/v1/trade/${named.id}/requirement`, { requirementId: "payer_name", value: "Jane" });
    expect((await buyer.client.post(`/rest/v1/trade/${named.id}/cancel`)).status).toBe(200);
    const revealedThenCancelled = await buyer.client.get(`/rest/v1/trade/${named.id}`);
    expect(revealedThenCancelled.body.data.paymentDetails).toMatchObject({ instructions: secret, isRevealed: true });
  });
});
