import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import { createTrader, createTradesTestApp, type TestUser } from "../../../test/races/trade-fixtures.ts";
import { createApiClient } from "../api-clients/index.ts";

/** Bad input and bad credentials on /paxful/v1 and /oauth2: Paxful's envelope, never a 500, nothing moved. */

let t: TestApp;
let user: TestUser;
let clientId = "";
let clientSecret = "";
let token = "";

async function form(url: string, body: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: body,
  });
  return { status: response.statusCode, body: JSON.parse(response.body || "null"), headers: response.headers };
}

async function issueToken(id: string, secret: string): Promise<string> {
  const answer = await form("/oauth2/token", `grant_type=client_credentials&client_id=${id}&client_secret=${secret}`);
  expect(answer.status).toBe(200);
  return answer.body.access_token as string;
}

beforeAll(async () => {
  t = await createTradesTestApp({ PAXFUL_API_RATE_LIMIT_PER_MINUTE: 40 });
  user = await createTrader(t, { login: false });
  const created = await createApiClient(t.db, user.id, { name: "refusals bot" });
  clientId = created.client.clientId;
  clientSecret = created.clientSecret;
  token = await issueToken(clientId, clientSecret);
});

afterAll(async () => {
  await t?.close();
});

describe("the token endpoint", () => {
  it("answers a positive expires_in, a Bearer type and the granted scopes", async () => {
    const answer = await form(
      "/oauth2/token",
      `grant_type=client_credentials&client_id=${clientId}&client_secret=${clientSecret}`,
    );
    expect(answer.body).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    expect(answer.body.scope.split(" ")).toContain("paxful:trade:release");
    expect(answer.body.refresh_token).toBeUndefined();
  });

  it("refuses a wrong secret, an unknown client and an unknown grant in OAuth2's shape", async () => {
    expect(
      await form("/oauth2/token", `grant_type=client_credentials&client_id=${clientId}&client_secret=wrong`),
    ).toMatchObject({
      status: 401,
      body: { error: "invalid_client" },
    });
    expect((await form("/oauth2/token", "grant_type=client_credentials&client_id=nobody&client_secret=x")).status).toBe(
      401,
    );
    expect(await form("/oauth2/token", "grant_type=password&username=a&password=b")).toMatchObject({
      status: 400,
      body: { error: "unsupported_grant_type" },
    });
    expect((await form("/oauth2/token", "")).status).toBe(400);
    expect((await form("/oauth2/token", "grant_type=refresh_token&client_id=x")).status).toBe(401);
  });

  it("answers a control character in a field with invalid_request in OAuth2's shape, not a 500", async () => {
    // The platform's input guard refuses these before any handler; this scope answers in its own shape.
    const token = await form("/oauth2/token", `grant_type=client_credentials&client_id=a%00b&client_secret=x`);
    expect(token.status).toBe(400);
    expect(token.body).toEqual({ error: "invalid_request", error_description: expect.any(String) });
    const info = await t.app.inject({ method: "GET", url: "/oauth2/userinfo?x=a%00b" });
    expect(info.statusCode).toBe(400);
    expect(JSON.parse(info.body)).toMatchObject({ error: "invalid_request" });
  });
});

describe("the consent page's refusals", () => {
  it("answers a query or a form that does not read with invalid_request, not a 500", async () => {
    // Its 400 was the HTML page's alone, so OAuth2's JSON refusal failed to serialize.
    const query = await t.app.inject({ method: "GET", url: "/oauth2/authorize?client_id=a%00b" });
    expect(query.statusCode).toBe(400);
    expect(JSON.parse(query.body)).toMatchObject({ error: "invalid_request" });
    const answer = await form("/oauth2/authorize", "decision=maybe");
    expect(answer).toMatchObject({ status: 400, body: { error: "invalid_request" } });
  });
});

describe("/paxful/v1 refusals", () => {
  it("answers 401 for a missing, malformed or unknown token, and for an expired one", async () => {
    expect((await form("/paxful/v1/user/me", "")).status).toBe(401);
    expect((await form("/paxful/v1/user/me", "", { authorization: "Bearer nonsense" })).status).toBe(401);
    expect(
      (await form("/paxful/v1/user/me", "", { authorization: "Bearer AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBB" }))
        .status,
    ).toBe(401);
    const shortLived = await issueToken(clientId, clientSecret);
    await sql`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE token_id = ${shortLived.split(".")[0] ?? ""}`.execute(
      t.ownerDb,
    );
    const expired = await form("/paxful/v1/user/me", "", { authorization: `Bearer ${shortLived}` });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ status: "error", error: { code: 401 }, data: { code: 401 } });
  });

  it("answers offer/all without a token, as Paxful does", async () => {
    const answer = await form("/paxful/v1/offer/all", "offer_type=buy");
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("success");
  });

  it("gives 404 for an unknown group or action, 1003 for a missing field and 1004 for a wrong one", async () => {
    const auth = { authorization: `Bearer ${token}` };
    expect((await form("/paxful/v1/nothing/here", "", auth)).body).toMatchObject({
      status: "error",
      error: { code: 404 },
    });
    expect((await form("/paxful/v1/trade/teleport", "", auth)).status).toBe(404);
    expect(await form("/paxful/v1/trade/get", "", auth)).toMatchObject({
      status: 400,
      body: { error: { code: 1003 }, data: { code: 1003 } },
    });
    expect((await form("/paxful/v1/trade/start", "fiat=lots&offer_hash=AAAAAAAAAAA", auth)).body.error.code).toBe(1004);
    expect(
      (
        await form(
          "/paxful/v1/offer/create",
          "currency=USD&margin=0&offer_terms=x&offer_type_field=sideways&payment_method=cash-in-person&payment_window=60&range_max=100&range_min=10&trade_details=y",
          auth,
        )
      ).body.error.code,
    ).toBe(1001);
    expect((await form("/paxful/v1/offer/get", "offer_hash=AAAAAAAAAAA", auth)).body.error.code).toBe(1002);
    expect((await form("/paxful/v1/trade/get", "trade_hash=AAAAAAAAAAA", auth)).body.error.code).toBe(1006);
    expect((await form("/paxful/v1/user/info", "username=nobody_at_all", auth)).body.error.code).toBe(1011);
  });

  it("answers an unknown payment method with 1008 and the list of slugs", async () => {
    const answer = await form(
      "/paxful/v1/offer/create",
      "currency=USD&margin=0&offer_terms=x&offer_type_field=sell&payment_method=carrier-pigeon&payment_window=60&range_max=100&range_min=10&trade_details=y",
      { authorization: `Bearer ${token}` },
    );
    expect(answer.body.error.code).toBe(1008);
    expect(answer.body.error.message).toContain("cash-in-person");
  });

  it("answers a token without the action's scope with 1014", async () => {
    const narrow = await createApiClient(t.db, user.id, { name: "reader", scopes: ["paxful:offer:all"] });
    const narrowToken = await issueToken(narrow.client.clientId, narrow.clientSecret);
    const answer = await form("/paxful/v1/wallet/balance", "", { authorization: `Bearer ${narrowToken}` });
    expect(answer).toMatchObject({ status: 403, body: { error: { code: 1014 } } });
  });

  it("refuses every token of a revoked client with 401", async () => {
    const doomed = await createApiClient(t.db, user.id, { name: "doomed" });
    const doomedToken = await issueToken(doomed.client.clientId, doomed.clientSecret);
    expect((await form("/paxful/v1/user/me", "", { authorization: `Bearer ${doomedToken}` })).status).toBe(200);
    await sql`UPDATE api_clients SET revoked_at = now() WHERE client_id = ${doomed.client.clientId}`.execute(t.ownerDb);
    expect((await form("/paxful/v1/user/me", "", { authorization: `Bearer ${doomedToken}` })).status).toBe(401);
    expect(
      (
        await form(
          "/oauth2/token",
          `grant_type=client_credentials&client_id=${doomed.client.clientId}&client_secret=${doomed.clientSecret}`,
        )
      ).status,
    ).toBe(401);
  });

  it("accepts GET with the fields in the query string, and JSON bodies", async () => {
    const get = await t.app.inject({
      method: "GET",
      url: "/paxful/v1/wallet/balance?crypto_currency_code=BTC",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(JSON.parse(get.body)).toMatchObject({
      status: "success",
      data: { balance: 0, crypto_currency_code: "btc" },
    });
    const json = await t.app.inject({
      method: "POST",
      url: "/paxful/v1/wallet/balance",
      headers: { authorization: `Bearer ${token}` },
      payload: { crypto_currency_code: "USDT" },
    });
    expect(JSON.parse(json.body)).toMatchObject({ status: "success", data: { crypto_currency_code: "usdt" } });
    const unknownCoin = await form("/paxful/v1/wallet/balance", "crypto_currency_code=DOGE", {
      authorization: `Bearer ${token}`,
    });
    expect(unknownCoin.status).toBe(400);
  });

  it("answers offer/prices with the listing's prices, and offer/all past the listing's page limit with 1004", async () => {
    const prices = await form("/paxful/v1/offer/prices", "payment_method=bank-transfer", {
      authorization: `Bearer ${token}`,
    });
    expect(prices.status).toBe(200);
    expect(prices.body).toMatchObject({ status: "success", data: { count: expect.any(Number), prices: {} } });
    const tooMany = await form("/paxful/v1/offer/all", "offer_type=buy&limit=51", { authorization: `Bearer ${token}` });
    expect(tooMany).toMatchObject({ status: 400, body: { error: { code: 1004 } } });
  });

  it("answers a number that is no plain decimal and an image hash that is no id with 1004, not a 500", async () => {
    const bearer = { authorization: `Bearer ${token}` };
    const tiny = await t.app.inject({
      method: "POST",
      url: "/paxful/v1/trade/start",
      headers: bearer,
      payload: { offer_hash: "nothing", fiat: -1.0824e-257 },
    });
    expect(tiny.statusCode).toBe(400);
    expect(JSON.parse(tiny.body)).toMatchObject({ status: "error", error: { code: 1004 } });
    const image = await form("/paxful/v1/trade-chat/image", "image_hash=:$iW", bearer);
    expect(image).toMatchObject({ status: 400, body: { error: { code: 1004 } } });
  });

  it("answers offer/create with a payment_window of 1e-400 (it underflows to 0) in the envelope, as form and as JSON", async () => {
    const bearer = { authorization: `Bearer ${token}` };
    const fields =
      "currency=USD&margin=0&offer_terms=x&offer_type_field=sell&payment_method=cash-in-person&range_max=100&range_min=10&trade_details=y";
    const asForm = await form("/paxful/v1/offer/create", `${fields}&payment_window=1e-400`, bearer);
    const asJson = await t.app.inject({
      method: "POST",
      url: "/paxful/v1/offer/create",
      headers: { ...bearer, "content-type": "application/json" },
      // Written as text: JSON.stringify cannot write 1e-400, which JSON.parse reads as 0.
      payload: `{"currency":"USD","margin":0,"offer_terms":"x","offer_type_field":"sell","payment_method":"cash-in-person","range_max":100,"range_min":10,"trade_details":"y","payment_window":1e-400}`,
    });
    expect(asForm).toMatchObject({ status: 400, body: { status: "error", error: { code: 1004 } } });
    expect(asJson.statusCode).toBe(400);
    expect(JSON.parse(asJson.body)).toMatchObject({ status: "error", error: { code: 1004 } });
    // The same 0 written plainly: refused by the offer's rules before the table's CHECK.
    const zero = await form("/paxful/v1/offer/create", `${fields}&payment_window=0`, bearer);
    expect(zero).toMatchObject({ status: 400, body: { status: "error", error: { code: 1004 } } });
    expect(zero.body.error.message).toContain("payment_window_too_short");
  });

  it("counts requests per client and answers 429 past the limit, with the limit headers", async () => {
    const busy = await createApiClient(t.db, user.id, { name: "busy" });
    const busyToken = await issueToken(busy.client.clientId, busy.clientSecret);
    let last = await form("/paxful/v1/currency/btc", "", { authorization: `Bearer ${busyToken}` });
    expect(last.headers["x-ratelimit-limit"]).toBe("40");
    expect(last.headers["x-ratelimit-remaining"]).toBe("39");
    for (let i = 0; i < 40; i += 1)
      last = await form("/paxful/v1/currency/btc", "", { authorization: `Bearer ${busyToken}` });
    expect(last).toMatchObject({ status: 429, body: { status: "error", error: { code: 429 } } });
    expect(last.headers["x-ratelimit-remaining"]).toBe("0");
    // Another client of the same user has its own count.
    expect((await form("/paxful/v1/currency/btc", "", { authorization: `Bearer ${token}` })).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("lists every Paxful action with its fields, the OAuth2 endpoints and the webhook routes", async () => {
    const response = await t.app.inject({ method: "GET", url: "/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = JSON.parse(response.body) as { paths: Record<string, Record<string, any>>; components: any };
    const create = document.paths["/paxful/v1/offer/create"]?.post;
    const form = create?.requestBody?.content?.["application/x-www-form-urlencoded"]?.schema;
    expect(form?.required).toEqual(expect.arrayContaining(["offer_type_field", "currency", "payment_method"]));
    expect(create?.security).toEqual([{ oauth2: ["paxful:offer:create"] }]);
    expect(Object.keys(document.paths).filter((path) => path.startsWith("/paxful/v1/"))).toHaveLength(51);
    for (const path of [
      "/oauth2/token",
      "/oauth2/userinfo",
      "/webhook/v1/user/webhooks",
      "/webhook/v1/public/.well-known/public.key",
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect(document.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl).toBe("/oauth2/token");
  });
});
