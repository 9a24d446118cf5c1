import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/harness.ts";
import { createOffer, createTrader } from "../../../test/races/trade-fixtures.ts";
import { castForTrades, openTrade } from "../../../test/trade-scenario.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const closeBody = { reason: "not_using", comment: "Moving on.", password: TEST_PASSWORD };

describe("closing an account", () => {
  it("closes an empty account: sessions end, log-in is refused, the profile says closed", async () => {
    const user = await t.signUp();
    const other = await t.client().post("/rest/v1/auth/login", { login: user.user!.username, password: TEST_PASSWORD });
    expect(other.status).toBe(200);
    const settings = await user.get("/rest/v1/users/close-account/settings");
    expect(settings.body.data).toMatchObject({ canClose: true, blockers: [] });
    expect(settings.body.data.reasons).toContain("not_using");

    const closed = await user.post("/rest/v1/users/close-account", closeBody);
    expect(closed.status).toBe(200);
    expect((await user.get("/rest/v1/users/current_user")).status).toBe(401);
    const { rows } = await sql<{ open: number; reason: string }>`
      SELECT (SELECT count(*)::int FROM sessions WHERE user_id = u.id AND revoked_at IS NULL) AS open, close_reason AS reason
      FROM users u WHERE id = ${user.user!.id}`.execute(t.ownerDb);
    expect(rows[0]).toEqual({ open: 0, reason: "not_using" });

    const login = await t.client().post("/rest/v1/auth/login", { login: user.user!.username, password: TEST_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.errors.code).toBe("ERROR_ACCOUNT_CLOSED");
    const profile = await t.client().get(`/rest/v1/users/${user.user!.username}`);
    expect(profile.body.data).toMatchObject({ isAccountClosed: true });
  });

  it("refuses a wrong password and an unknown reason, and closes nothing", async () => {
    const user = await t.signUp();
    const wrong = await user.post("/rest/v1/users/close-account", { ...closeBody, password: "Not-it-1!" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.details.password).toEqual(["password_wrong"]);
    const reason = await user.post("/rest/v1/users/close-account", { ...closeBody, reason: "because" });
    expect(reason.status).toBe(422);
    const me = await user.get("/rest/v1/users/current_user");
    expect(me.body.data).toMatchObject({ isAccountClosed: false, specialBalanceNotice: null });
  });

  it("is refused while a balance, escrow or open trades remain, saying which", async () => {
    const cast = await castForTrades(t);
    const sellerRefusal = await cast.seller.client.post("/rest/v1/users/close-account", closeBody);
    expect(sellerRefusal.status).toBe(409);
    expect(sellerRefusal.body.errors).toMatchObject({
      code: "ERROR_ACCOUNT_CLOSE_REFUSED",
      details: { blockers: ["balance"] },
    });
    expect(sellerRefusal.body.errors.message).toContain("a balance");

    const tradeId = await openTrade(cast, "10");
    const buyerRefusal = await cast.buyer.client.post("/rest/v1/users/close-account", closeBody);
    expect(buyerRefusal.status).toBe(409);
    expect(buyerRefusal.body.errors.details).toEqual({ blockers: ["open_trades"], trades: [tradeId] });
    const sellerSettings = await cast.seller.client.get("/rest/v1/users/close-account/settings");
    expect(sellerSettings.body.data).toMatchObject({ canClose: false, blockers: ["balance", "escrow", "open_trades"] });
    const { rows } = await sql<{ closed: number }>`SELECT count(*)::int AS closed FROM users
      WHERE id IN (${cast.seller.id}, ${cast.buyer.id}) AND closed_at IS NOT NULL`.execute(t.ownerDb);
    expect(rows[0]!.closed).toBe(0);
  });

  it("switches the closed account's offers off", async () => {
    const vendor = await createTrader(t, { roles: ["user", "vendor"] });
    const offerId = await createOffer(vendor);
    const closed = await vendor.client.post("/rest/v1/users/close-account", closeBody);
    expect(closed.status).toBe(200);
    const { rows } = await sql<{ active: boolean }>`SELECT is_active AS active FROM offers
      WHERE id_hashed = ${offerId}`.execute(t.ownerDb);
    expect(rows).toEqual([{ active: false }]);
  });

  it("lets one of two parallel closings through", async () => {
    const user = await t.signUp();
    const answers = await Promise.all([
      user.post("/rest/v1/users/close-account", closeBody),
      user.post("/rest/v1/users/close-account", closeBody),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
  });

  it("is refused without a session", async () => {
    expect((await t.client().post("/rest/v1/users/close-account", closeBody)).status).toBe(401);
    expect((await t.client().get("/rest/v1/users/close-account/settings")).status).toBe(401);
  });
});
