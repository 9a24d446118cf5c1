import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD, type TestApp } from "../../../test/harness.ts";
import {
  balancesOf,
  createTrader,
  createTradesTestApp,
  fund,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";
import { listSms } from "../sms/index.ts";

/** The `sms` second factor: codes by text message through the sms module, like the e-mail factor's. */
let t: TestApp;
beforeAll(async () => {
  t = await createTradesTestApp();
});
afterAll(async () => {
  await t?.close();
});

let numbers = 0;
/** Gives the user a verified phone, as confirm-phone leaves it; answers the number. */
async function verifyPhone(user: TestUser): Promise<string> {
  numbers += 1;
  const phone = `+3361299${String(numbers).padStart(2, "0")}${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;
  await sql`UPDATE users SET phone = ${phone}, phone_verified_at = now() WHERE id = ${user.id}`.execute(t.ownerDb);
  return phone;
}

/** The newest code texted to the number, and how many messages it has had. */
async function textedTo(phone: string): Promise<{ code: string; count: number }> {
  const messages = (await listSms(t.db, 500)).filter((row) => row.to_phone === phone);
  const code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return { code, count: messages.length };
}

async function enableSms(user: TestUser): Promise<string> {
  const phone = await verifyPhone(user);
  const option = await user.client.post("/rest/v1/users/two-factor/option", { type: "sms" });
  expect(option.status, option.text).toBe(200);
  expect(option.body.data).toMatchObject({ type: "sms", state: "verification" });
  const enabled = await user.client.post("/rest/v1/users/two-factor/enable", { code: (await textedTo(phone)).code });
  expect(enabled.status, enabled.text).toBe(200);
  expect(enabled.body.data.recoveryCodes).toHaveLength(10);
  return phone;
}

describe("the SMS second factor", () => {
  it("enrols with a texted code, then log-in texts a code that completes it once", async () => {
    const user = await createTrader(t);
    const phone = await enableSms(user);
    expect((await user.client.get("/rest/v1/users/two-factor")).body.data).toMatchObject({
      type: "sms",
      state: "enabled",
    });
    const client = t.client();
    const first = await client.post("/rest/v1/auth/login", { login: user.username, password: TEST_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ twoFactorRequired: true, type: "sms" });
    const { code, count } = await textedTo(phone);
    expect(count).toBe(2);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect((await client.post("/rest/v1/auth/login/two-factor", { code: wrong })).status).toBe(422);
    expect((await client.post("/rest/v1/auth/login/two-factor", { code })).status).toBe(200);
    expect((await client.get("/rest/v1/users/current_user")).status).toBe(200);
    const again = t.client();
    await again.post("/rest/v1/auth/login", { login: user.username, password: TEST_PASSWORD });
    expect((await again.post("/rest/v1/auth/login/two-factor", { code })).status).toBe(422);
  });

  it("a send asks for a texted code: refused without it, accepted with one from send-code", async () => {
    const alice = await createTrader(t);
    const bob = await createTrader(t);
    await fund(t.db, alice.id, "BTC", "1");
    const phone = await enableSms(alice);
    const send = (extra: object = {}) =>
      alice.client.post(
        "/rest/v1/wallet/send",
        { cryptoCurrencyCode: "BTC", amount: "0.1", username: bob.username, ...extra },
        { headers: { "idempotency-key": randomUUID() } },
      );
    const missing = await send();
    expect(missing.status).toBe(403);
    expect(missing.body.errors.code).toBe("ERROR_SECOND_FACTOR_REQUIRED");
    expect((await balancesOf(t.db, alice.id, "BTC")).available).toBe(100_000_000n);
    expect((await alice.client.post("/rest/v1/users/two-factor/send-code")).status).toBe(200);
    const { code } = await textedTo(phone);
    expect((await send({ twoFactorCode: code })).status).toBe(200);
    expect((await balancesOf(t.db, alice.id, "BTC")).available).toBe(90_000_000n);
  });

  it("needs a verified phone, and keeps it while the factor is on", async () => {
    const user = await createTrader(t);
    const refused = await user.client.post("/rest/v1/users/two-factor/option", { type: "sms" });
    expect(refused.status).toBe(422);
    await enableSms(user);
    const reset = await user.client.post("/rest/v1/users/reset-phone", {});
    expect(reset.status).toBe(409);
    expect((await user.client.get("/rest/v1/users/phone-settings")).body.data.isVerified).toBe(true);
  });
});
