import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import { createOffer, createTrader, fund, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { refreshOwnerFunding } from "./index.ts";

/** Offer moderation (docs/decisions/130-offer-moderation.md): each staff step, its refusals and its one audit row. */

let t: TestApp;
let moderator: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [moderator, admin] = await Promise.all([
    createTrader(t, { roles: ["user", "moderator"] }),
    createTrader(t, { roles: ["user", "admin"] }),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function auditRowsAbout(offerId: string) {
  const { rows } = await sql<{ action: string; reason: string; actor_user_id: string }>`
    SELECT action, reason, actor_user_id::text FROM audit_log
    WHERE subject_type = 'offer' AND subject_id = ${offerId} ORDER BY id`.execute(t.ownerDb);
  return rows;
}

async function vendorWithOffer(): Promise<{ vendor: TestUser; offerId: string }> {
  const vendor = await createTrader(t);
  await fund(t.db, vendor.id, "USDT", "1000");
  return { vendor, offerId: await createOffer(vendor) };
}

const reject = (staff: TestUser, offerId: string, reason = "Terms ask for payment outside escrow") =>
  staff.client.post(`/rest/v1/admin/offers/${offerId}/reject`, { reason });
const approve = (staff: TestUser, offerId: string, reason = "Terms fixed") =>
  staff.client.post(`/rest/v1/admin/offers/${offerId}/approve`, { reason });
const appeal = (user: TestUser, offerId: string, message = "I removed the sentence, please look again") =>
  user.client.post(`/rest/v1/offers/${offerId}/appeal`, { message });

describe("rejecting an offer", () => {
  it("rejects with a reason the vendor reads, unlists the offer and writes one audit row", async () => {
    const { vendor, offerId } = await vendorWithOffer();
    const rejected = await reject(moderator, offerId);
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({
      idHashed: offerId,
      ownerUsername: vendor.username,
      moderation: { status: 2, statusName: "rejected", message: "Terms ask for payment outside escrow", appeal: null },
    });
    const own = await vendor.client.get(`/rest/v1/offers/${offerId}`);
    expect(own.body.data.offer).toMatchObject({
      isListed: false,
      moderation: { statusName: "rejected", message: "Terms ask for payment outside escrow" },
    });
    const mine = await vendor.client.get("/rest/v1/my-offers/list");
    const listed = mine.body.data.offers.find((offer: { idHashed: string }) => offer.idHashed === offerId);
    expect(listed.moderation).toEqual({
      status: 2,
      statusName: "rejected",
      message: "Terms ask for payment outside escrow",
    });
    const stranger = await createTrader(t);
    expect((await stranger.client.get(`/rest/v1/offers/${offerId}`)).status).toBe(404);
    const start = await stranger.client.post(
      "/rest/v1/trade",
      { offerId, fiatAmount: "100" },
      { headers: { "idempotency-key": randomUUID() } },
    );
    expect([start.status, start.body.errors.details]).toEqual([409, { reason: "offer_not_approved" }]);
    expect(await auditRowsAbout(offerId)).toEqual([
      { action: "offer.reject", reason: "Terms ask for payment outside escrow", actor_user_id: String(moderator.id) },
    ]);
  });

  it("refuses a plain user, one's own offer, a second rejection, a short reason and an unknown offer, with no audit row", async () => {
    const { vendor, offerId } = await vendorWithOffer();
    const user = await createTrader(t);
    expect((await reject(user, offerId)).status).toBe(403);
    expect((await reject(vendor, offerId)).status).toBe(403);
    const ownOffer = await createOffer(moderator);
    const own = await reject(moderator, ownOffer);
    expect([own.status, own.body.errors.code]).toEqual([403, "ERROR_STAFF_ACTION_ON_SELF"]);
    const short = await reject(moderator, offerId, "no");
    expect([short.status, short.body.errors.details]).toEqual([422, { reason: ["reason_required"] }]);
    expect((await reject(moderator, "AAAAAAAAAAA")).status).toBe(404);
    expect((await reject(moderator, offerId)).status).toBe(200);
    const twice = await reject(admin, offerId);
    expect([twice.status, twice.body.errors.code, twice.body.errors.details]).toEqual([
      409,
      "ERROR_OFFER_MODERATION_STATUS_CONFLICT",
      { status: "rejected" },
    ]);
    expect(await auditRowsAbout(ownOffer)).toEqual([]);
    expect((await auditRowsAbout(offerId)).map((row) => row.action)).toEqual(["offer.reject"]);
  });

  it("takes one of two rejections at once: one answer 200, the other 409, one audit row", async () => {
    const { offerId } = await vendorWithOffer();
    const answers = await Promise.all([reject(moderator, offerId), reject(admin, offerId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await auditRowsAbout(offerId)).toHaveLength(1);
  });
});

describe("the vendor's appeal", () => {
  it("appeals once; staff reject the appeal for good (no appeal), then approve, each step one audit row", async () => {
    const { vendor, offerId } = await vendorWithOffer();
    const early = await appeal(vendor, offerId);
    expect([early.status, early.body.errors.code]).toEqual([409, "ERROR_OFFER_MODERATION_STATUS_CONFLICT"]);
    await reject(moderator, offerId);
    const stranger = await createTrader(t);
    expect((await appeal(stranger, offerId)).status).toBe(404);
    const appealed = await appeal(vendor, offerId);
    expect(appealed.status).toBe(200);
    expect(appealed.body.data).toMatchObject({
      statusName: "appealed",
      appeal: "I removed the sentence, please look again",
    });
    expect((await appeal(vendor, offerId)).status).toBe(409);
    const queue = await moderator.client.get(`/rest/v1/admin/offers?status=appealed&q=${offerId}`);
    expect(queue.body.data).toEqual([expect.objectContaining({ idHashed: offerId })]);
    expect(queue.body.meta).toMatchObject({ total: 1 });

    const final = await reject(admin, offerId, "Still asks for payment outside escrow");
    expect(final.body.data.moderation).toMatchObject({
      statusName: "no_appeal",
      message: "Still asks for payment outside escrow",
      appeal: "I removed the sentence, please look again",
    });
    expect((await appeal(vendor, offerId)).status).toBe(409);

    const approved = await approve(moderator, offerId);
    expect(approved.body.data.moderation).toMatchObject({ status: 1, message: null, appeal: null });
    expect((await approve(moderator, offerId)).status).toBe(409);
    expect((await stranger.client.get(`/rest/v1/offers/${offerId}`)).status).toBe(200);
    expect((await auditRowsAbout(offerId)).map((row) => row.action)).toEqual([
      "offer.reject",
      "offer.reject",
      "offer.approve",
    ]);
  });
});

describe("featuring an offer", () => {
  it("marks and unmarks the offer, refusing the same state twice", async () => {
    const { offerId } = await vendorWithOffer();
    const on = await moderator.client.post(`/rest/v1/admin/offers/${offerId}/feature`, {
      isOn: true,
      reason: "Good vendor",
    });
    expect(on.body.data.isFeaturedByModerator).toBe(true);
    const again = await admin.client.post(`/rest/v1/admin/offers/${offerId}/feature`, { isOn: true, reason: "Twice" });
    expect(again.status).toBe(409);
    const off = await admin.client.post(`/rest/v1/admin/offers/${offerId}/feature`, {
      isOn: false,
      reason: "Season over",
    });
    expect(off.body.data.isFeaturedByModerator).toBe(false);
    expect((await auditRowsAbout(offerId)).map((row) => row.action)).toEqual(["offer.feature", "offer.unfeature"]);
  });
});

describe("making an offer sticky", () => {
  const market = "/rest/v1/offers?type=buy&crypto_currency_code=USDT&currencyCode=USD&limit=50";
  const hashes = async () =>
    ((await t.client().get(market)).body.data as { hash: string; isStickied: boolean }[]).map((item) => item.hash);

  it("puts the offer first in its market's default sort while sticky, and back in price order after", async () => {
    const vendor = await createTrader(t);
    await fund(t.db, vendor.id, "USDT", "1000");
    const cheap = await createOffer(vendor);
    const dear = await createOffer(vendor, { fixedPrice: "1.5" });
    await refreshOwnerFunding(t.db, vendor.id);
    const before = await hashes();
    expect(before.indexOf(cheap)).toBeLessThan(before.indexOf(dear));
    const sticky = await moderator.client.post(`/rest/v1/admin/offers/${dear}/sticky`, {
      isOn: true,
      reason: "Trusted",
    });
    expect(sticky.body.data.isStickiedByModerator).toBe(true);
    const listed = await t.client().get(market);
    expect(listed.body.data[0]).toMatchObject({ hash: dear, isStickied: true, pinnedPosition: 1 });
    const again = await admin.client.post(`/rest/v1/admin/offers/${dear}/sticky`, { isOn: true, reason: "Twice" });
    expect(again.status).toBe(409);
    await admin.client.post(`/rest/v1/admin/offers/${dear}/sticky`, { isOn: false, reason: "Week over" });
    const after = await hashes();
    expect(after.indexOf(cheap)).toBeLessThan(after.indexOf(dear));
    expect((await auditRowsAbout(dear)).map((row) => row.action)).toEqual(["offer.sticky", "offer.unsticky"]);
  });
});

describe("the moderators' list", () => {
  it("filters by status and owner, and is refused to a plain user", async () => {
    const { vendor, offerId } = await vendorWithOffer();
    await reject(moderator, offerId);
    const rejected = await moderator.client.get(`/rest/v1/admin/offers?status=rejected&q=${vendor.username}`);
    expect(rejected.body.data.map((offer: { idHashed: string }) => offer.idHashed)).toEqual([offerId]);
    expect(rejected.body.data[0]).not.toHaveProperty("tradeDetails");
    const approved = await moderator.client.get(`/rest/v1/admin/offers?status=approved&q=${vendor.username}`);
    expect(approved.body.data).toEqual([]);
    expect((await moderator.client.get("/rest/v1/admin/offers?status=lost")).status).toBe(422);
    expect((await vendor.client.get("/rest/v1/admin/offers")).status).toBe(403);
  });
});
