import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createOffer, createTrader, openTradersTestApp, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { notifyFromFeed } from "../notifications/index.ts";

/**
 * The staff's chargeback queue (docs/decisions/141-chargeback-decisions.md): the list and one
 * report, a decision with its one audit row, chat event, buyer's record and notices, and the
 * refusals: a second decision, two at once, a party among the staff, a plain user.
 */

const [t, seller, moderator, admin] = await openTradersTestApp(
  {},
  { roles: ["user", "moderator"] },
  { roles: ["user", "admin"] },
);
const offerId = await createOffer(seller, { tradeDetails: "Meet at the cafe." });
const key = () => ({ headers: { "idempotency-key": randomUUID() } });

/** A released trade of the seller's offer with a fresh buyer (or the one given), reported as a chargeback. */
async function reportedChargeback(buyer?: TestUser): Promise<{ id: number; tradeId: string; buyer: TestUser }> {
  const taker = buyer ?? (await createTrader(t));
  const started = await taker.client.post("/rest/v1/trade", { offerId, fiatAmount: "100" }, key());
  expect(started.status, started.text).toBe(200);
  const tradeId = started.body.data.id as string;
  expect((await taker.client.post(`/rest/v1/trade/${tradeId}/paid`)).status).toBe(200);
  expect((await seller.client.post(`/rest/v1/trade/${tradeId}/release`, {}, key())).status).toBe(200);
  const reported = await seller.client.post("/rest/v1/user-reports/chargeback", {
    tradeId,
    timing: "before_mark_as_paid",
    description: "The bank reversed the transfer.",
  });
  expect(reported.status, reported.text).toBe(200);
  return { id: reported.body.data.id as number, tradeId, buyer: taker };
}

const decide = (staff: TestUser, id: number, state: string, reason = "The bank confirmed the reversal.") =>
  staff.client.post(`/rest/v1/admin/chargebacks/${id}/decision`, { state, reason });

async function auditRowsAbout(id: number) {
  const { rows } = await sql<{ action: string; reason: string; actor_user_id: string }>`
    SELECT action, reason, actor_user_id::text FROM audit_log
    WHERE subject_type = 'chargeback' AND subject_id = ${String(id)} ORDER BY id`.execute(t.ownerDb);
  return rows;
}

async function chatEventsOf(user: TestUser, tradeId: string): Promise<string[]> {
  const chat = await user.client.get(`/rest/v1/trade/${tradeId}/chat`);
  expect(chat.status, chat.text).toBe(200);
  return chat.body.data
    .filter((item: { kind: string }) => item.kind === "system")
    .map((item: { event: string }) => item.event);
}

async function chargebackNoticesOf(user: TestUser): Promise<{ subjectId: string; reason: string | null }[]> {
  const list = await user.client.get("/rest/v1/notifications");
  return list.body.data
    .filter((item: { event: string }) => item.event === "chargeback.decided")
    .map((item: { subjectId: string; payload: { reason: string | null } }) => ({
      subjectId: item.subjectId,
      reason: item.payload.reason,
    }));
}

const confirmedOf = async (user: TestUser) =>
  (await user.client.get(`/rest/v1/users/${user.username}`)).body.data.confirmedChargebacks as number;

describe("the chargeback queue", () => {
  it("lists Pending reports oldest first, filters by state and shows one with its trade and events", async () => {
    const first = await reportedChargeback();
    const second = await reportedChargeback();
    const queue = await moderator.client.get("/rest/v1/admin/chargebacks", { query: { perPage: "100" } });
    expect(queue.status, queue.text).toBe(200);
    const ids = queue.body.data.map((item: { id: number }) => item.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(queue.body.data.every((item: { state: string }) => item.state === "Pending")).toBe(true);
    expect(queue.body.meta.total).toBeGreaterThanOrEqual(2);

    const one = await moderator.client.get(`/rest/v1/admin/chargebacks/${first.id}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body.data).toMatchObject({
      id: first.id,
      state: "Pending",
      timing: "before_mark_as_paid",
      description: "The bank reversed the transfer.",
      tradeId: first.tradeId,
      tradeStatus: "released",
      sellerUsername: seller.username,
      buyerUsername: first.buyer.username,
      fiatAmount: expect.stringMatching(/^100(\.0+)?$/),
      decidedAt: null,
      decidedBy: null,
      buyerConfirmedChargebacks: 0,
    });
    const names = one.body.data.events.map((event: { name: string }) => event.name);
    expect(names).toEqual(expect.arrayContaining(["paid", "released", "chargeback_started"]));

    expect((await decide(admin, second.id, "Dismissed")).status).toBe(200);
    const dismissed = await moderator.client.get("/rest/v1/admin/chargebacks", { query: { state: "Dismissed" } });
    expect(dismissed.body.data.map((item: { id: number }) => item.id)).toContain(second.id);
    expect(dismissed.body.data.every((item: { state: string }) => item.state === "Dismissed")).toBe(true);
    const pending = await moderator.client.get("/rest/v1/admin/chargebacks", { query: { perPage: "100" } });
    expect(pending.body.data.map((item: { id: number }) => item.id)).not.toContain(second.id);
  });

  it("answers a bad filter, id or body with the envelope, and an unknown report with 404", async () => {
    const badState = await moderator.client.get("/rest/v1/admin/chargebacks", { query: { state: "Paid" } });
    expect([badState.status, badState.body.errors.code]).toEqual([422, "ERROR_INPUT_VALIDATION"]);
    expect((await moderator.client.get("/rest/v1/admin/chargebacks/abc")).status).toBe(422);
    const missing = await decide(moderator, 2_000_000_000, "Confirmed");
    expect([missing.status, missing.body.errors.code]).toEqual([404, "ERROR_CHARGEBACK_NOT_FOUND"]);
    const { id } = await reportedChargeback();
    expect((await decide(moderator, id, "Pending")).status).toBe(422);
    expect((await decide(moderator, id, "Confirmed", " ")).status).toBe(422);
    expect(await auditRowsAbout(id)).toEqual([]);
  });
});

describe("deciding a chargeback", () => {
  it("confirms once: one audit row, the paid chat event, the buyer's record and both parties told", async () => {
    const { id, tradeId, buyer } = await reportedChargeback();
    const confirmed = await decide(moderator, id, "Confirmed");
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      state: "Confirmed",
      decidedBy: moderator.username,
      decisionReason: "The bank confirmed the reversal.",
      buyerConfirmedChargebacks: 0,
    });
    expect(confirmed.body.data.decidedAt).toEqual(expect.any(String));
    expect(await auditRowsAbout(id)).toEqual([
      { action: "chargeback.confirm", reason: "The bank confirmed the reversal.", actor_user_id: String(moderator.id) },
    ]);
    expect(await chatEventsOf(buyer, tradeId)).toEqual(
      expect.arrayContaining(["chargeback_started", "chargeback_paid"]),
    );
    expect(await confirmedOf(buyer)).toBe(1);
    expect(await confirmedOf(seller)).toBe(0);

    await notifyFromFeed(t.db);
    for (const party of [seller, buyer]) {
      expect(await chargebackNoticesOf(party)).toContainEqual({ subjectId: tradeId, reason: "Confirmed" });
    }

    const again = await decide(admin, id, "Dismissed");
    expect([again.status, again.body.errors.code, again.body.errors.details]).toEqual([
      409,
      "ERROR_CHARGEBACK_ALREADY_DECIDED",
      { state: "Confirmed" },
    ]);
    expect(await auditRowsAbout(id)).toHaveLength(1);
    expect(await confirmedOf(buyer)).toBe(1);

    // The buyer's next report shows the record staff decide with.
    const next = await reportedChargeback(buyer);
    const detail = await moderator.client.get(`/rest/v1/admin/chargebacks/${next.id}`);
    expect(detail.body.data.buyerConfirmedChargebacks).toBe(1);
  });

  it("dismisses: the dismissed chat event, nobody's record, only the reporter told", async () => {
    const { id, tradeId, buyer } = await reportedChargeback();
    const dismissed = await decide(admin, id, "Dismissed", "The payment was never reversed.");
    expect(dismissed.status, dismissed.text).toBe(200);
    expect(dismissed.body.data).toMatchObject({ state: "Dismissed", decidedBy: admin.username });
    expect((await auditRowsAbout(id)).map((row) => row.action)).toEqual(["chargeback.dismiss"]);
    expect(await chatEventsOf(seller, tradeId)).toContain("chargeback_dismissed");
    expect(await confirmedOf(buyer)).toBe(0);

    await notifyFromFeed(t.db);
    expect(await chargebackNoticesOf(seller)).toContainEqual({ subjectId: tradeId, reason: "Dismissed" });
    expect(await chargebackNoticesOf(buyer)).toEqual([]);
  });

  it("takes one of two decisions sent at once", async () => {
    const { id, tradeId, buyer } = await reportedChargeback();
    const answers = await Promise.all([
      decide(moderator, id, "Confirmed", "Confirmed in the race."),
      decide(admin, id, "Dismissed", "Dismissed in the race."),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const rows = await auditRowsAbout(id);
    expect(rows).toHaveLength(1);
    const events = await chatEventsOf(buyer, tradeId);
    expect(events.filter((name) => name === "chargeback_paid" || name === "chargeback_dismissed")).toHaveLength(1);
    expect(await confirmedOf(buyer)).toBe(rows[0]?.action === "chargeback.confirm" ? 1 : 0);
  });

  it("refuses a plain user, and staff deciding a chargeback on their own trade", async () => {
    const { id } = await reportedChargeback();
    const user = await createTrader(t);
    expect((await user.client.get("/rest/v1/admin/chargebacks")).status).toBe(403);
    expect((await decide(user, id, "Confirmed")).status).toBe(403);
    expect((await decide(seller, id, "Dismissed")).status).toBe(403);

    const staffBuyer = await createTrader(t, { roles: ["user", "moderator"] });
    const own = await reportedChargeback(staffBuyer);
    const refused = await decide(staffBuyer, own.id, "Dismissed");
    expect([refused.status, refused.body.errors.code]).toEqual([403, "ERROR_CHARGEBACK_OWN_TRADE"]);
    expect(await auditRowsAbout(own.id)).toEqual([]);
    expect(await auditRowsAbout(id)).toEqual([]);
  });
});
