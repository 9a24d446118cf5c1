import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp, TestClient } from "../../../test/harness.ts";
import {
  balancesOf,
  createOffer,
  createTrader,
  createTradesTestApp,
  fund,
  type TestUser,
} from "../../../test/races/trade-fixtures.ts";
import { SoftAuthenticator } from "../../../test/webauthn.ts";
import { totpCode } from "../two-factor/index.ts";

let t: TestApp;
let origin = "";

beforeAll(async () => {
  t = await createTradesTestApp();
  origin = new URL(t.config.PUBLIC_URL ?? `http://localhost:${t.config.PORT}`).origin;
});
afterAll(async () => {
  await t?.close();
});

const fieldKeys = (body: unknown) => JSON.stringify((body as { errors?: { details?: unknown } }).errors?.details);

/** Registers a new passkey on the signed-in client; answers the authenticator that holds it. */
async function addPasskey(client: TestClient, extra: object = {}): Promise<SoftAuthenticator> {
  const authenticator = new SoftAuthenticator(origin);
  const options = await client.post("/rest/v1/users/passkeys/registration/options");
  expect(options.status, options.text).toBe(200);
  const added = await client.post("/rest/v1/users/passkeys/registration/verify", {
    response: authenticator.register(options.body.data),
    ...extra,
  });
  expect(added.status, added.text).toBe(201);
  return authenticator;
}

async function loginOptions(client = t.client()) {
  const options = await client.post("/rest/v1/auth/passkey/options");
  expect(options.status, options.text).toBe(200);
  expect(options.body.data.allowCredentials ?? []).toEqual([]);
  return { client, options: options.body.data };
}

async function activityTypes(client: TestClient): Promise<string[]> {
  const log = await client.get("/rest/v1/users/activity");
  return (log.body.data as { type: string }[]).map((line) => line.type);
}

describe("registration and log-in without a password", () => {
  it("adds a passkey, lists it, logs in with it alone, and the activity log shows each step", async () => {
    const user = await createTrader(t);
    const authenticator = await addPasskey(user.client, { name: "Laptop" });
    const list = await user.client.get("/rest/v1/users/passkeys");
    expect(list.body.data).toEqual([
      expect.objectContaining({ name: "Laptop", isSynced: false, lastUsedAt: null, id: expect.any(Number) }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(authenticator.id);

    const { client, options } = await loginOptions();
    const login = await client.post("/rest/v1/auth/passkey/login", { response: authenticator.assert(options) });
    expect(login.status, login.text).toBe(200);
    expect(login.body.data.user.username).toBe(user.username);
    const me = await client.get("/rest/v1/users/current_user");
    expect(me.body.data.username).toBe(user.username);
    // A fresh browser is a device the account never used: the log-in is announced too.
    expect((await activityTypes(client)).slice(0, 4)).toEqual([
      "new_device_login",
      "login",
      "passkey_used",
      "passkey_added",
    ]);
    const log = await client.get("/rest/v1/users/activity");
    expect(log.body.data[1]).toMatchObject({ type: "login", details: { method: "passkey" } });
    expect((await client.get("/rest/v1/users/passkeys")).body.data[0].lastUsedAt).not.toBeNull();
  });

  it("refuses a reused challenge, a wrong origin, an unknown credential and a counter that did not move", async () => {
    const user = await createTrader(t);
    const authenticator = await addPasskey(user.client);

    const first = await loginOptions();
    const response = authenticator.assert(first.options);
    expect((await first.client.post("/rest/v1/auth/passkey/login", { response })).status).toBe(200);
    const counterSeen = authenticator.counter;
    const replay = await t.client().post("/rest/v1/auth/passkey/login", { response });
    expect(replay.status).toBe(422);
    expect(fieldKeys(replay.body)).toContain("passkey.challenge_invalid");

    const phished = await loginOptions();
    const wrongOrigin = await phished.client.post("/rest/v1/auth/passkey/login", {
      response: authenticator.assert(phished.options, { origin: "https://souk.example.net" }),
    });
    expect(wrongOrigin.status).toBe(422);
    expect(fieldKeys(wrongOrigin.body)).toContain("passkey.not_verified");

    const stranger = new SoftAuthenticator(origin);
    const unknown = await loginOptions();
    const refused = await unknown.client.post("/rest/v1/auth/passkey/login", {
      response: stranger.assert(unknown.options),
    });
    expect(refused.status).toBe(422);
    expect(fieldKeys(refused.body)).toContain("passkey.unknown");

    // A cloned key answers with a counter the server has already seen.
    const cloned = await loginOptions();
    const stale = await cloned.client.post("/rest/v1/auth/passkey/login", {
      response: authenticator.assert(cloned.options, { counter: counterSeen }),
    });
    expect(stale.status).toBe(422);
    expect(fieldKeys(stale.body)).toContain("passkey.not_verified");
  });

  it("refuses a registration answered from another origin, twice, or after its challenge expired", async () => {
    const user = await createTrader(t);
    const authenticator = new SoftAuthenticator(origin);
    const options = await user.client.post("/rest/v1/users/passkeys/registration/options");
    const wrong = await user.client.post("/rest/v1/users/passkeys/registration/verify", {
      response: authenticator.register(options.body.data, { origin: "https://souk.example.net" }),
    });
    expect(wrong.status).toBe(422);
    expect(fieldKeys(wrong.body)).toContain("passkey.not_verified");
    const again = await user.client.post("/rest/v1/users/passkeys/registration/verify", {
      response: authenticator.register(options.body.data),
    });
    expect(fieldKeys(again.body)).toContain("passkey.challenge_invalid");

    const late = await user.client.post("/rest/v1/users/passkeys/registration/options");
    await sql`UPDATE passkey_challenges SET expires_at = now() - interval '1 second'
      WHERE challenge = ${late.body.data.challenge}`.execute(t.ownerDb);
    const expired = await user.client.post("/rest/v1/users/passkeys/registration/verify", {
      response: authenticator.register(late.body.data),
    });
    expect(fieldKeys(expired.body)).toContain("passkey.challenge_invalid");
    expect((await user.client.get("/rest/v1/users/passkeys")).body.data).toEqual([]);

    // Another user's challenge is not this user's.
    const other = await createTrader(t);
    const theirs = await other.client.post("/rest/v1/users/passkeys/registration/options");
    const stolen = await user.client.post("/rest/v1/users/passkeys/registration/verify", {
      response: authenticator.register(theirs.body.data),
    });
    expect(fieldKeys(stolen.body)).toContain("passkey.challenge_invalid");
  });

  it("with a second factor on, adding a passkey takes its code", async () => {
    const user = await createTrader(t);
    const option = await user.client.post("/rest/v1/users/two-factor/option", { type: "ga" });
    const secret = option.body.data.secret as string;
    const step = 30_000;
    expect(
      (await user.client.post("/rest/v1/users/two-factor/enable", { code: totpCode(secret, Date.now() - step) }))
        .status,
    ).toBe(200);
    const authenticator = new SoftAuthenticator(origin);
    const first = await user.client.post("/rest/v1/users/passkeys/registration/options");
    const missing = await user.client.post("/rest/v1/users/passkeys/registration/verify", {
      response: authenticator.register(first.body.data),
    });
    expect(missing.status).toBe(403);
    expect(fieldKeys(missing.body)).toContain("second_factor_required");
    const second = await user.client.post("/rest/v1/users/passkeys/registration/options");
    const added = await user.client.post("/rest/v1/users/passkeys/registration/verify", {
      response: authenticator.register(second.body.data),
      code: totpCode(secret, Date.now() + step),
    });
    expect(added.status, added.text).toBe(201);
  });

  it("removes a passkey: it no longer logs in; another user cannot remove or rename it", async () => {
    const user = await createTrader(t);
    const other = await createTrader(t);
    const authenticator = await addPasskey(user.client);
    const id = (await user.client.get("/rest/v1/users/passkeys")).body.data[0].id as number;
    expect((await other.client.delete(`/rest/v1/users/passkeys/${id}`)).status).toBe(404);
    expect((await other.client.put(`/rest/v1/users/passkeys/${id}`, { name: "Mine" })).status).toBe(404);
    const renamed = await user.client.put(`/rest/v1/users/passkeys/${id}`, { name: "Phone" });
    expect(renamed.body.data.name).toBe("Phone");
    expect((await user.client.delete(`/rest/v1/users/passkeys/${id}`)).status).toBe(200);
    expect((await user.client.get("/rest/v1/users/passkeys")).body.data).toEqual([]);
    expect((await activityTypes(user.client))[0]).toBe("passkey_removed");
    const { client, options } = await loginOptions();
    const login = await client.post("/rest/v1/auth/passkey/login", { response: authenticator.assert(options) });
    expect(fieldKeys(login.body)).toContain("passkey.unknown");
  });
});

describe("a passkey as the second factor of money actions", () => {
  /** A passed passkey check for the purpose: the one-time code the action's code field carries. */
  async function passkeyCode(user: TestUser, authenticator: SoftAuthenticator, purpose: string): Promise<string> {
    const options = await user.client.post("/rest/v1/users/passkeys/assertion/options", { purpose });
    expect(options.status, options.text).toBe(200);
    const proof = await user.client.post("/rest/v1/users/passkeys/assertion/verify", {
      purpose,
      response: authenticator.assert(options.body.data),
    });
    expect(proof.status, proof.text).toBe(200);
    return proof.body.data.code as string;
  }

  async function withTotpAndPasskey(user: TestUser): Promise<SoftAuthenticator> {
    const authenticator = await addPasskey(user.client);
    const option = await user.client.post("/rest/v1/users/two-factor/option", { type: "ga" });
    const enabled = await user.client.post("/rest/v1/users/two-factor/enable", {
      code: totpCode(option.body.data.secret, Date.now()),
    });
    expect(enabled.status, enabled.text).toBe(200);
    return authenticator;
  }

  it("a send passes with a passkey's code, once, for sends only", async () => {
    const alice = await createTrader(t);
    const bob = await createTrader(t);
    await fund(t.db, alice.id, "BTC", "1");
    const authenticator = await withTotpAndPasskey(alice);
    const send = (twoFactorCode?: string) =>
      alice.client.post(
        "/rest/v1/wallet/send",
        {
          cryptoCurrencyCode: "BTC",
          amount: "0.1",
          username: bob.username,
          ...(twoFactorCode ? { twoFactorCode } : {}),
        },
        { headers: { "idempotency-key": randomUUID() } },
      );
    expect((await send()).status).toBe(403);

    const forRelease = await passkeyCode(alice, authenticator, "release");
    const wrongPurpose = await send(forRelease);
    expect(wrongPurpose.status).toBe(403);
    expect(fieldKeys(wrongPurpose.body)).toContain("second_factor_invalid");

    const code = await passkeyCode(alice, authenticator, "withdrawal");
    const sent = await send(code);
    expect(sent.status, sent.text).toBe(200);
    expect((await balancesOf(t.db, alice.id, "BTC")).available).toBe(90_000_000n);
    const replay = await send(code);
    expect(replay.status).toBe(403);
    expect((await balancesOf(t.db, alice.id, "BTC")).available).toBe(90_000_000n);
    expect(await activityTypes(alice.client)).toContain("passkey_used");
  });

  it("a release passes with a passkey's code; another user's passkey is refused", async () => {
    const seller = await createTrader(t, { roles: ["user", "vendor"] });
    const buyer = await createTrader(t);
    await fund(t.db, seller.id, "USDT", "1000");
    const authenticator = await withTotpAndPasskey(seller);
    const buyerKey = await addPasskey(buyer.client);

    // The buyer's passkey answering the seller's challenge: not the seller's credential.
    const options = await seller.client.post("/rest/v1/users/passkeys/assertion/options", { purpose: "release" });
    const theirs = await seller.client.post("/rest/v1/users/passkeys/assertion/verify", {
      purpose: "release",
      response: buyerKey.assert(options.body.data),
    });
    expect(theirs.status).toBe(422);
    expect(fieldKeys(theirs.body)).toContain("passkey.unknown");

    const offerId = await createOffer(seller);
    const started = await buyer.client.post(
      "/rest/v1/trade",
      { offerId, fiatAmount: "100" },
      { headers: { "idempotency-key": randomUUID() } },
    );
    const id = started.body.data.id as string;
    expect((await buyer.client.post(`/rest/v1/trade/${id}/paid`)).status).toBe(200);
    const release = (code?: string) =>
      seller.client.post(`/rest/v1/trade/${id}/release`, code ? { code } : {}, {
        headers: { "idempotency-key": randomUUID() },
      });
    expect((await release()).status).toBe(403);
    const done = await release(await passkeyCode(seller, authenticator, "release"));
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.status).toBe("released");
  });

  it("a user without passkeys gets no assertion options", async () => {
    const user = await createTrader(t);
    const options = await user.client.post("/rest/v1/users/passkeys/assertion/options", { purpose: "release" });
    expect(options.status).toBe(409);
    expect(fieldKeys(options.body)).toContain("passkey.none");
  });
});
