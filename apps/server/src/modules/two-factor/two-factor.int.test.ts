import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_PASSWORD, type TestApp, type TestClient } from "../../../test/harness.ts";
import {
  balancesOf,
  createOffer,
  createTrader,
  createTradesTestApp,
  fund,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";
import { totpCode } from "./index.ts";

let t: TestApp;
const STEP = 30_000;
/** The middle of a 30-second step, so "one step away" never falls on a boundary while a test runs. */
let now = 0;

beforeAll(async () => {
  t = await createTradesTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  now = Math.floor(Date.now() / STEP) * STEP + STEP / 2;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the frozen clock on by whole steps (each code is used once, by its step). */
function advance(steps: number) {
  now += steps * STEP;
  vi.setSystemTime(now);
}

const codeAt = (secret: string, offsetSteps = 0) => totpCode(secret, now + offsetSteps * STEP);

/** Enrols and turns on the authenticator factor; answers its secret and the recovery codes. */
async function enableTotp(client: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const option = await client.post("/rest/v1/users/two-factor/option", { type: "ga" });
  expect(option.status, option.text).toBe(200);
  const secret = option.body.data.secret as string;
  const enabled = await client.post("/rest/v1/users/two-factor/enable", { code: codeAt(secret) });
  expect(enabled.status, enabled.text).toBe(200);
  advance(1);
  return { secret, recoveryCodes: enabled.body.data.recoveryCodes };
}

async function passwordStep(username: string, client = t.client(), password = TEST_PASSWORD) {
  const answer = await client.post("/rest/v1/auth/login", { login: username, password });
  return { client, answer };
}

const fieldKeys = (body: unknown) => JSON.stringify((body as { errors?: { details?: unknown } }).errors?.details);

describe("enrolment of an authenticator app", () => {
  it("answers the secret, its otpauth address and a QR code, then turns on with the first code", async () => {
    const user = await createTrader(t);
    const option = await user.client.post("/rest/v1/users/two-factor/option", { type: "ga" });
    expect(option.status).toBe(200);
    expect(option.body.data).toMatchObject({ type: "ga", state: "verification" });
    expect(option.body.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(option.body.data.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const before = await user.client.get("/rest/v1/users/current_user");
    expect(before.body.data.twoFactor).toEqual({ login: false, release: false, sendout: false });

    const wrong = await user.client.post("/rest/v1/users/two-factor/enable", { code: "000000" });
    expect(wrong.status).toBe(422);
    const enabled = await user.client.post("/rest/v1/users/two-factor/enable", {
      code: codeAt(option.body.data.secret),
    });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await sql<{ code_hash: string }>`SELECT code_hash FROM two_factor_recovery_codes
      WHERE user_id = ${user.id}`.execute(t.ownerDb);
    expect(stored.rows).toHaveLength(10);
    expect(stored.rows.some((row) => codes.some((code) => row.code_hash.includes(code)))).toBe(false);

    const after = await user.client.get("/rest/v1/users/current_user");
    expect(after.body.data.twoFactor).toEqual({ login: true, release: true, sendout: true });
    const status = await user.client.get("/rest/v1/users/two-factor");
    expect(status.body.data).toMatchObject({ type: "ga", state: "enabled", recoveryCodesLeft: 10 });
    const again = await user.client.post("/rest/v1/users/two-factor/option", { type: "ga" });
    expect(again.status).toBe(409);
  });

  it("refuses enable before an enrolment, and SMS codes without a verified phone", async () => {
    const user = await createTrader(t);
    expect((await user.client.post("/rest/v1/users/two-factor/enable", { code: "123456" })).status).toBe(409);
    const sms = await user.client.post("/rest/v1/users/two-factor/option", { type: "sms" });
    expect(sms.status).toBe(422);
    expect(fieldKeys(sms.body)).toContain("two_factor.phone_required");
    expect((await user.client.get("/rest/v1/users/two-factor")).body.data).toMatchObject({ type: "none" });
  });
});

describe("log-in with the second factor", () => {
  it("answers twoFactorRequired with no session; the code completes it once", async () => {
    const user = await createTrader(t);
    const { secret } = await enableTotp(user.client);
    const { client, answer } = await passwordStep(user.username);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ twoFactorRequired: true, type: "ga", passkey: false });
    expect(client.cookie("souk_session")).toBeUndefined();
    expect((await client.get("/rest/v1/users/current_user")).status).toBe(401);

    const wrong = await client.post("/rest/v1/auth/login/two-factor", { code: codeAt(secret, 3) });
    expect(wrong.status).toBe(422);
    const code = codeAt(secret);
    const done = await client.post("/rest/v1/auth/login/two-factor", { code });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.user.username).toBe(user.username);
    expect((await client.get("/rest/v1/users/current_user")).status).toBe(200);

    // The same code on a new log-in: a replay, refused.
    const second = await passwordStep(user.username);
    const replay = await second.client.post("/rest/v1/auth/login/two-factor", { code });
    expect(replay.status).toBe(422);
    expect(fieldKeys(replay.body)).toContain("two_factor.reused");
    // The pending log-in cannot be completed by a client that does not hold it.
    expect((await t.client().post("/rest/v1/auth/login/two-factor", { code: codeAt(secret, 1) })).status).toBe(422);
  });

  it("passes codes one step either side of now and fails two steps away", async () => {
    const user = await createTrader(t);
    const { secret } = await enableTotp(user.client);
    for (const offset of [-2, 2]) {
      const { client } = await passwordStep(user.username);
      const answer = await client.post("/rest/v1/auth/login/two-factor", { code: codeAt(secret, offset) });
      expect(answer.status, `offset ${offset}`).toBe(422);
    }
    for (const offset of [-1, 0, 1]) {
      advance(3);
      const { client } = await passwordStep(user.username);
      const answer = await client.post("/rest/v1/auth/login/two-factor", { code: codeAt(secret, offset) });
      expect(answer.status, `offset ${offset}`).toBe(200);
    }
  });

  it("a recovery code completes one log-in; two parallel uses of it: exactly one succeeds", async () => {
    const user = await createTrader(t);
    const { recoveryCodes } = await enableTotp(user.client);
    const [first, second] = await Promise.all([passwordStep(user.username), passwordStep(user.username)]);
    const code = recoveryCodes[0] ?? "";
    const answers = await Promise.all(
      [first, second].map(({ client }) => client.post("/rest/v1/auth/login/two-factor", { code })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const third = await passwordStep(user.username);
    expect((await third.client.post("/rest/v1/auth/login/two-factor", { code })).status).toBe(422);
    const other = await third.client.post("/rest/v1/auth/login/two-factor", {
      code: (recoveryCodes[1] ?? "").toLowerCase(),
    });
    expect(other.status).toBe(200);
    expect((await third.client.get("/rest/v1/users/two-factor")).body.data.recoveryCodesLeft).toBe(8);
  });

  it("two parallel log-ins with one authenticator code: exactly one succeeds", async () => {
    const user = await createTrader(t);
    const { secret } = await enableTotp(user.client);
    const pending = await Promise.all([passwordStep(user.username), passwordStep(user.username)]);
    const code = codeAt(secret);
    const answers = await Promise.all(
      pending.map(({ client }) => client.post("/rest/v1/auth/login/two-factor", { code })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
  });

  it("throttles wrong codes: after five, even the right code waits", async () => {
    const user = await createTrader(t);
    const { secret } = await enableTotp(user.client);
    const { client } = await passwordStep(user.username);
    for (let i = 0; i < 4; i += 1)
      expect((await client.post("/rest/v1/auth/login/two-factor", { code: "000000" })).status).toBe(422);
    const next = await passwordStep(user.username);
    expect((await next.client.post("/rest/v1/auth/login/two-factor", { code: "000001" })).status).toBe(422);
    const right = await next.client.post("/rest/v1/auth/login/two-factor", { code: codeAt(secret) });
    expect(right.status).toBe(429);
    expect(right.body.errors.details.retryAfter).toBeGreaterThan(0);
  });

  it("a pending log-in expires", async () => {
    const user = await createTrader(t);
    const { secret } = await enableTotp(user.client);
    const { client } = await passwordStep(user.username);
    await sql`UPDATE pending_logins SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`.execute(
      t.ownerDb,
    );
    const late = await client.post("/rest/v1/auth/login/two-factor", { code: codeAt(secret) });
    expect(late.status).toBe(422);
    expect(fieldKeys(late.body)).toContain("two_factor.login_expired");
  });
});

describe("money actions honour the settings", () => {
  async function paidTrade(seller: TestUser, buyer: TestUser): Promise<string> {
    const offerId = await createOffer(seller);
    const started = await buyer.client.post(
      "/rest/v1/trade",
      { offerId, fiatAmount: "100" },
      { headers: { "idempotency-key": randomUUID() } },
    );
    expect(started.status, started.text).toBe(200);
    const id = started.body.data.id as string;
    expect((await buyer.client.post(`/rest/v1/trade/${id}/paid`)).status).toBe(200);
    return id;
  }
  const release = (seller: TestUser, id: string, body: object = {}) =>
    seller.client.post(`/rest/v1/trade/${id}/release`, body, { headers: { "idempotency-key": randomUUID() } });

  it("a release without the code or with a wrong one is refused and moves nothing; the right code releases", async () => {
    const seller = await createTrader(t, { roles: ["user", "vendor"] });
    const buyer = await createTrader(t);
    await fund(t.db, seller.id, "USDT", "1000");
    const { secret } = await enableTotp(seller.client);
    const id = await paidTrade(seller, buyer);
    const escrowBefore = await balancesOf(t.db, seller.id, "USDT");

    const missing = await release(seller, id);
    expect(missing.status).toBe(403);
    expect(missing.body.errors.code).toBe("ERROR_SECOND_FACTOR_REQUIRED");
    expect(fieldKeys(missing.body)).toContain("second_factor_required");
    const wrong = await release(seller, id, { code: codeAt(secret, 2) });
    expect(wrong.status).toBe(403);
    expect(fieldKeys(wrong.body)).toContain("second_factor_invalid");
    expect(await balancesOf(t.db, seller.id, "USDT")).toEqual(escrowBefore);
    expect((await buyer.client.get(`/rest/v1/trade/${id}`)).body.data.status).toBe("paid");

    const code = codeAt(secret);
    const done = await release(seller, id, { code });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.status).toBe("released");
    const other = await paidTrade(seller, buyer);
    const replay = await release(seller, other, { code });
    expect(replay.status).toBe(403);
    expect(fieldKeys(replay.body)).toContain("second_factor_reused");
  });

  it("a send without the code is refused and moves nothing; turning the guard off takes a code", async () => {
    const alice = await createTrader(t);
    const bob = await createTrader(t);
    await fund(t.db, alice.id, "BTC", "1");
    const { secret } = await enableTotp(alice.client);
    const body = { cryptoCurrencyCode: "BTC", amount: "0.1", username: bob.username };
    const send = (extra: object = {}) =>
      alice.client.post(
        "/rest/v1/wallet/send",
        { ...body, ...extra },
        { headers: { "idempotency-key": randomUUID() } },
      );

    const missing = await send();
    expect(missing.status).toBe(403);
    expect(fieldKeys(missing.body)).toContain("twoFactorCode");
    expect((await balancesOf(t.db, alice.id, "BTC")).available).toBe(100_000_000n);
    expect((await send({ twoFactorCode: codeAt(secret) })).status).toBe(200);
    expect((await balancesOf(t.db, alice.id, "BTC")).available).toBe(90_000_000n);

    advance(1);
    const off = { login: true, release: true, sendout: false };
    const withoutCode = await alice.client.post("/rest/v1/users/two-factor/settings", off);
    expect(withoutCode.status).toBe(422);
    const saved = await alice.client.post("/rest/v1/users/two-factor/settings", { ...off, code: codeAt(secret) });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.settings).toEqual(off);
    expect((await alice.client.get("/rest/v1/users/current_user")).body.data.twoFactor).toEqual(off);
    expect((await send()).status).toBe(200);
    // Turning a guard back on takes no code.
    const on = await alice.client.post("/rest/v1/users/two-factor/settings", { ...off, sendout: true });
    expect(on.status).toBe(200);
    expect((await send()).status).toBe(403);
  });
});

describe("turning the factor off", () => {
  it("takes a right code; then log-in and release ask for nothing", async () => {
    const user = await createTrader(t);
    const { secret } = await enableTotp(user.client);
    expect((await user.client.post("/rest/v1/users/two-factor/deactivate", { code: "123456" })).status).toBe(422);
    const off = await user.client.post("/rest/v1/users/two-factor/deactivate", { code: codeAt(secret) });
    expect(off.status, off.text).toBe(200);
    expect(off.body.data).toMatchObject({ state: "disabled", recoveryCodesLeft: 0 });
    const { answer } = await passwordStep(user.username);
    expect(answer.body.data.user.username).toBe(user.username);
    expect((await user.client.get("/rest/v1/users/current_user")).body.data.twoFactor.login).toBe(false);
  });
});

describe("without a factor", () => {
  it("reports none, keeps settings for later, and asks nothing of log-in, release or send", async () => {
    const user = await createTrader(t);
    const status = await user.client.get("/rest/v1/users/two-factor");
    expect(status.body.data).toEqual({
      type: "none",
      state: "initial",
      settings: { login: true, release: true, sendout: true },
      recoveryCodesLeft: 0,
    });
    const saved = await user.client.post("/rest/v1/users/two-factor/settings", {
      login: false,
      release: true,
      sendout: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.settings.login).toBe(false);
    expect((await user.client.get("/rest/v1/users/current_user")).body.data.twoFactor).toEqual({
      login: false,
      release: false,
      sendout: false,
    });
    expect((await user.client.post("/rest/v1/users/two-factor/deactivate", { code: "123456" })).status).toBe(409);
    expect((await user.client.post("/rest/v1/users/two-factor/send-code")).status).toBe(409);
  });
});

describe("the e-mail factor", () => {
  async function lastCode(email: string): Promise<string> {
    const mail = await sql<{ body_text: string }>`SELECT body_text FROM mail_outbox WHERE to_address = ${email}
      ORDER BY id DESC LIMIT 1`.execute(t.ownerDb);
    const code = mail.rows[0]?.body_text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  it("mails the code at enrolment and at log-in; each code serves once and expires", async () => {
    const user = await createTrader(t);
    const email = `${user.username}@example.com`;
    const option = await user.client.post("/rest/v1/users/two-factor/option", { type: "email" });
    expect(option.body.data).toEqual({ type: "email", state: "verification" });
    const enrolCode = await lastCode(email);
    expect((await user.client.post("/rest/v1/users/two-factor/enable", { code: enrolCode })).status).toBe(200);

    const { client, answer } = await passwordStep(user.username);
    expect(answer.body.data).toEqual({ twoFactorRequired: true, type: "email", passkey: false });
    const loginCode = await lastCode(email);
    expect(loginCode).not.toBe(enrolCode);
    expect((await client.post("/rest/v1/auth/login/two-factor", { code: loginCode })).status).toBe(200);
    const again = await passwordStep(user.username);
    const stale = await again.client.post("/rest/v1/auth/login/two-factor", { code: loginCode });
    expect(stale.status).toBe(422);

    const fresh = await lastCode(email);
    // A new code is sent at most once a minute.
    expect((await user.client.post("/rest/v1/users/two-factor/send-code")).status).toBe(429);
    advance(21);
    const expired = await again.client.post("/rest/v1/auth/login/two-factor", { code: fresh });
    expect(expired.status).toBe(422);
    expect(fieldKeys(expired.body)).toContain("two_factor.expired");
  });
});

describe("POST /rest/v1/users/password", () => {
  it("asks the current password and the second factor, and ends the other sessions", async () => {
    const user = await createTrader(t);
    const { secret } = await enableTotp(user.client);
    const { client: other } = await passwordStep(user.username);
    expect((await other.post("/rest/v1/auth/login/two-factor", { code: codeAt(secret) })).status).toBe(200);
    advance(1);
    const newPassword = "Changed-password-2!";

    const wrong = await user.client.post("/rest/v1/users/password", { currentPassword: "Nope-nope-1!", newPassword });
    expect(wrong.status).toBe(422);
    expect(fieldKeys(wrong.body)).toContain("password.wrong");
    const noCode = await user.client.post("/rest/v1/users/password", { currentPassword: TEST_PASSWORD, newPassword });
    expect(noCode.status).toBe(403);
    const weak = await user.client.post("/rest/v1/users/password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "weak",
      code: codeAt(secret),
    });
    expect(weak.status).toBe(422);
    const changed = await user.client.post("/rest/v1/users/password", {
      currentPassword: TEST_PASSWORD,
      newPassword,
      code: codeAt(secret),
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await user.client.get("/rest/v1/users/current_user")).status).toBe(200);
    expect((await other.get("/rest/v1/users/current_user")).status).toBe(401);
    const hash = await sql<{ password_hash: string }>`SELECT password_hash FROM users WHERE id = ${user.id}`.execute(
      t.ownerDb,
    );
    expect(hash.rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect((await passwordStep(user.username, t.client(), TEST_PASSWORD)).answer.status).toBe(401);
    expect((await passwordStep(user.username, t.client(), newPassword)).answer.body.data.twoFactorRequired).toBe(true);
  });
});
