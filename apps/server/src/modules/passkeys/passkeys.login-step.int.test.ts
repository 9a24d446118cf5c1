import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient, uniqueName } from "../../../test/harness.ts";
import { SoftAuthenticator } from "../../../test/webauthn.ts";
import { totpCode } from "../two-factor/index.ts";

const PASSWORD = "Passkey-step-password-1!";

let t: TestApp;
let origin = "";
beforeAll(async () => {
  t = await createTestApp();
  origin = new URL(t.config.PUBLIC_URL ?? `http://localhost:${t.config.PORT}`).origin;
});
afterAll(async () => {
  await t?.close();
});

const fieldKeys = (body: unknown) => JSON.stringify((body as { errors?: { details?: unknown } }).errors?.details);

/** A new account with the authenticator-app factor on (asked at log-in), and a passkey when asked. */
async function accountWithFactor(withPasskey: boolean) {
  const name = uniqueName("pks");
  const client = t.client();
  const registered = await client.post("/rest/v1/auth/register", {
    email: `${name}@example.test`,
    username: name,
    password: PASSWORD,
  });
  expect(registered.status, registered.text).toBe(201);
  const authenticator = new SoftAuthenticator(origin);
  if (withPasskey) {
    const options = await client.post("/rest/v1/users/passkeys/registration/options");
    const added = await client.post("/rest/v1/users/passkeys/registration/verify", {
      response: authenticator.register(options.body.data),
    });
    expect(added.status, added.text).toBe(201);
  }
  const option = await client.post("/rest/v1/users/two-factor/option", { type: "ga" });
  const enabled = await client.post("/rest/v1/users/two-factor/enable", {
    code: totpCode(option.body.data.secret, Date.now()),
  });
  expect(enabled.status, enabled.text).toBe(200);
  return { name, authenticator };
}

async function passwordStep(name: string): Promise<{ browser: TestClient; data: Record<string, unknown> }> {
  const browser = t.client();
  const answer = await browser.post("/rest/v1/auth/login", { login: name, password: PASSWORD });
  expect(answer.status, answer.text).toBe(200);
  return { browser, data: answer.body.data };
}

async function passkeyOptions(browser: TestClient) {
  const options = await browser.post("/rest/v1/auth/login/two-factor/passkey/options");
  expect(options.status, options.text).toBe(200);
  return options.body.data;
}

describe("a passkey answers the log-in's second step", () => {
  it("says a passkey may answer, names only the user's passkeys, and opens one session", async () => {
    const { name, authenticator } = await accountWithFactor(true);
    const { browser, data } = await passwordStep(name);
    expect(data).toEqual({ twoFactorRequired: true, type: "ga", passkey: true });
    expect((await browser.get("/rest/v1/users/current_user")).status).toBe(401);

    const options = await passkeyOptions(browser);
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const assertion = authenticator.assert(options);
    const done = await browser.post("/rest/v1/auth/login/two-factor/passkey", { response: assertion });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.user.username).toBe(name);
    const me = await browser.get("/rest/v1/users/current_user");
    expect(me.body.data.username).toBe(name);
    const log = await browser.get("/rest/v1/users/activity");
    const lines = log.body.data as Array<{ type: string; details: Record<string, string> }>;
    expect(lines.find((line) => line.type === "login")?.details).toMatchObject({ method: "passkey" });
    expect(lines.find((line) => line.type === "passkey_used")?.details).toMatchObject({ purpose: "login" });

    // The same assertion again (replayed), and the pending log-in already used: both refused.
    const replay = await browser.post("/rest/v1/auth/login/two-factor/passkey", { response: assertion });
    expect(replay.status).toBe(422);
  });

  it("refuses another user's passkey, and a pending log-in is needed", async () => {
    const owner = await accountWithFactor(true);
    const other = await accountWithFactor(true);
    const { browser } = await passwordStep(owner.name);
    const options = await passkeyOptions(browser);
    const stranger = await browser.post("/rest/v1/auth/login/two-factor/passkey", {
      response: other.authenticator.assert(options),
    });
    expect(stranger.status).toBe(422);
    expect(fieldKeys(stranger.body)).toContain("passkey.unknown");
    expect((await browser.get("/rest/v1/users/current_user")).status).toBe(401);

    const noLogin = t.client();
    const without = await noLogin.post("/rest/v1/auth/login/two-factor/passkey/options");
    expect(without.status).toBe(422);
    expect(fieldKeys(without.body)).toContain("two_factor.login_expired");
    const answer = await noLogin.post("/rest/v1/auth/login/two-factor/passkey", {
      response: owner.authenticator.assert(options),
    });
    expect(answer.status).toBe(422);
  });

  it("a user without a passkey is told so and keeps the code step", async () => {
    const { name } = await accountWithFactor(false);
    const { browser, data } = await passwordStep(name);
    expect(data).toEqual({ twoFactorRequired: true, type: "ga", passkey: false });
    const options = await browser.post("/rest/v1/auth/login/two-factor/passkey/options");
    expect(options.status).toBe(409);
    expect(fieldKeys(options.body)).toContain("passkey.none");
  });

  it("two parallel answers of one pending log-in open one session", async () => {
    const { name, authenticator } = await accountWithFactor(true);
    const { browser } = await passwordStep(name);
    const first = authenticator.assert(await passkeyOptions(browser));
    const second = authenticator.assert(await passkeyOptions(browser));
    const answers = await Promise.all([
      browser.post("/rest/v1/auth/login/two-factor/passkey", { response: first }),
      browser.post("/rest/v1/auth/login/two-factor/passkey", { response: second }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
  });
});
