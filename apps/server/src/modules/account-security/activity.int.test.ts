import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../../test/harness.ts";
import { castForTrades, openTrade, releaseTrade } from "../../../test/trade-scenario.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function activityOf(client: TestClient, query: Record<string, string> = {}) {
  const answer = await client.get("/rest/v1/users/activity", { query });
  expect(answer.status).toBe(200);
  return answer.body as {
    data: Array<{ type: string; details: Record<string, string>; device: string | null }>;
    meta: any;
  };
}

const logIn = (login: string, password: string) =>
  t.client().post("/rest/v1/auth/login", { login, password }, { headers: { "user-agent": FIREFOX } });

describe("GET /rest/v1/users/activity", () => {
  it("records log-ins and failed log-ins with the device, newest first, and only the account's own", async () => {
    const user = await t.signUp();
    const { username, password } = user.user!;
    expect((await logIn(username, "Wrong-password-1!")).status).toBe(401);
    expect((await logIn(username, password)).status).toBe(200);
    const other = await t.signUp();
    expect((await logIn(other.user!.username, "Wrong-password-1!")).status).toBe(401);
    const log = await activityOf(user);
    // The log-in's browser is one the account never used: its line says so too (decision 091).
    expect(log.data.map((line) => line.type)).toEqual(["new_device_login", "login", "login_failed"]);
    expect(log.data[1]?.device).toBe("Firefox on Windows");
    expect(log.meta).toMatchObject({ total: 3, currentPage: 1 });
    // An unknown login is nobody's activity and is not an error of the log.
    expect((await logIn("nobody-at-all", "Wrong-password-1!")).status).toBe(401);
  });

  it("pages the log", async () => {
    const user = await t.signUp();
    // Three log-ins from one browser: the first is from a new device (two lines), then two more.
    const browser = t.client();
    for (let i = 0; i < 3; i += 1) {
      const answer = await browser.post("/rest/v1/auth/login", {
        login: user.user!.username,
        password: user.user!.password,
      });
      expect(answer.status).toBe(200);
    }
    const first = await activityOf(user, { page: "1", perPage: "3" });
    const second = await activityOf(user, { page: "2", perPage: "3" });
    expect(first.data).toHaveLength(3);
    expect(second.data).toHaveLength(1);
    expect(first.meta).toMatchObject({ total: 4, lastPage: 2, perPage: 3 });
    const bad = await user.get("/rest/v1/users/activity", { query: { page: "0" } });
    expect(bad.status).toBe(422);
  });

  it("records API keys made and revoked", async () => {
    const user = await t.signUp();
    const made = await user.post("/rest/v1/api-clients", { name: "My bot" });
    expect(made.status).toBe(200);
    const clientId = made.body.data.client.clientId as string;
    expect((await user.delete(`/rest/v1/api-clients/${clientId}`)).status).toBe(200);
    const log = await activityOf(user);
    expect(log.data.map((line) => [line.type, line.details.clientId])).toEqual([
      ["api_key_revoked", clientId],
      ["api_key_created", clientId],
    ]);
  });

  it("records a release for the seller and a send for the sender", async () => {
    const cast = await castForTrades(t);
    const tradeId = await openTrade(cast);
    await releaseTrade(cast, tradeId);
    const sent = await cast.seller.client.post(
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "USDT", amount: "1", username: cast.buyer.username },
      { headers: { "idempotency-key": randomUUID() } },
    );
    expect(sent.status).toBe(200);
    const log = await activityOf(cast.seller.client);
    // The traders logged in through the log-in route before trading.
    expect(log.data.map((line) => line.type)).toEqual(["withdrawal", "release", "new_device_login", "login"]);
    expect(log.data[0]?.details).toMatchObject({ amount: "1.000000", currency: "USDT", to: cast.buyer.username });
    expect(log.data[1]?.details).toEqual({ trade: tradeId });
    expect((await activityOf(cast.buyer.client)).data.map((line) => line.type)).toEqual(["new_device_login", "login"]);
  });

  it("is append-only for the application", async () => {
    const user = await t.signUp();
    await logIn(user.user!.username, "Wrong-password-1!");
    await expect(
      sql`UPDATE account_activity SET type = 'login' WHERE user_id = ${user.user!.id}`.execute(t.db),
    ).rejects.toThrow(/permission denied/);
    await expect(sql`DELETE FROM account_activity WHERE user_id = ${user.user!.id}`.execute(t.db)).rejects.toThrow(
      /permission denied/,
    );
  });

  it("refuses a visitor", async () => {
    expect((await t.client().get("/rest/v1/users/activity")).status).toBe(401);
  });
});
