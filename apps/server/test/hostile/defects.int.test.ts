import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenForMetrics } from "../../src/platform/index.ts";
import { createTestApp, type TestApp } from "../harness.ts";
import { createTradesTestApp, expectLedgerHolds } from "../races/trade-fixtures.ts";
import { castForTrades, openTrade, type TradeCast } from "../trade-scenario.ts";

/**
 * Each defect a hostile review found, reproduced as it was reported: every one used to answer 500
 * or something outside the envelope. Control characters, depth, size and the envelope are rules of
 * the platform, so these few routes stand for all (the malformed-input fuzz covers the rest).
 */

let t: TestApp;
let cast: TradeCast;
let tradeId: string;
beforeAll(async () => {
  t = await createTradesTestApp();
  cast = await castForTrades(t);
  tradeId = await openTrade(cast);
});
afterAll(async () => {
  await expectLedgerHolds(t.ownerDb);
  await t.close();
});

function expectEnvelope(response: { body: any }, code: string): void {
  expect(Object.keys(response.body)).toEqual(["errors"]);
  expect(response.body.errors).toMatchObject({ message: expect.any(String), code });
  expect(response.body.errors).toHaveProperty("details");
}

describe("control characters", () => {
  it("refuses a NUL in a body string with 422 naming the field", async () => {
    const response = await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "a\u0000b" });
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({
      code: "ERROR_INPUT_VALIDATION",
      details: { message: ["control_character"] },
    });
  });

  it("refuses a NUL in a path parameter and in a query value", async () => {
    const path = await cast.buyer.client.get("/rest/v1/users/a%00b");
    expect(path.status).toBe(422);
    expect(path.body.errors.details).toEqual({ username: ["control_character"] });
    const query = await cast.buyer.client.get("/rest/v1/wallet/send-info?cryptoCurrencyCode=%00");
    expect(query.status).toBe(422);
    expect(query.body.errors.details).toEqual({ cryptoCurrencyCode: ["control_character"] });
  });

  it("refuses a lone surrogate and an escape sequence, but keeps line breaks in a message", async () => {
    const lone = await cast.buyer.client.request("POST", `/rest/v1/trade/${tradeId}/chat`, '{"message":"a\\ud800"}', {
      headers: { "content-type": "application/json" },
    });
    expect(lone.status).toBe(422);
    const terminalEscape = await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "\u001b[2J" });
    expect(terminalEscape.status).toBe(422);
    const lines = await cast.buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "first\nsecond\ttab" });
    expect(lines.status).toBe(200);
  });
});

describe("depth and size", () => {
  it("refuses 2,000 and 10,000 nested arrays without a server error", async () => {
    for (const depth of [2_000, 10_000]) {
      const body = `{"bio":${"[".repeat(depth)}1${"]".repeat(depth)}}`;
      const response = await cast.buyer.client.request("POST", "/rest/v1/users/settings", body, {
        headers: { "content-type": "application/json" },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors.details).toEqual({ body: ["nesting_too_deep"] });
    }
  });

  it("refuses a JSON body over the limit with 413 before reading it", async () => {
    const body = JSON.stringify({ bio: "x".repeat(1_048_576) });
    const response = await cast.buyer.client.request("POST", "/rest/v1/users/settings", body, {
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
    expectEnvelope(response, "ERROR_PAYLOAD_TOO_LARGE");
  });

  it("still takes the largest honest body: an offer with both its texts at their longest", async () => {
    const longest = "€".repeat(5_000);
    const response = await cast.seller.client.post("/rest/v1/offers", {
      type: "sell",
      cryptoCurrencyCode: "USDT",
      fiatCurrencyCode: "USD",
      paymentMethodSlug: "cash-in-person",
      priceType: "fixed",
      fixedPrice: "1",
      fiatLimitMin: "10",
      fiatLimitMax: "500",
      offerTerms: longest,
      tradeDetails: longest,
    });
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.body.data.tradeDetails).toBe(longest);
  });

  it("stops walking a body at the value bound however many keys one object has", async () => {
    const keys = Array.from({ length: 6_000 }, (_, index) => `"k${index}":1`).join(",");
    const response = await cast.buyer.client.request("POST", "/rest/v1/users/settings", `{"bio":{${keys}}}`, {
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
  });
});

describe("decimals as typed", () => {
  it("takes a fiat amount with leading zeros as the amount it is", async () => {
    const response = await cast.buyer.client.post(
      "/rest/v1/trade",
      { offerId: cast.offerId, fiatAmount: "0010" },
      { headers: { "idempotency-key": `zeros-${tradeId}` } },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.fiatAmount).toBe("10.00");
  });

  it("refuses an exponent with 422", async () => {
    const response = await cast.buyer.client.post("/rest/v1/trade", { offerId: cast.offerId, fiatAmount: "1e309" });
    expect(response.status).toBe(422);
    expect(response.body.errors.details).toEqual({ fiatAmount: ["decimal_invalid"] });
  });
});

describe("answers outside the routes", () => {
  it("answers an address that does not decode in the envelope", async () => {
    const response = await cast.buyer.client.get("/rest/v1/offers/%ZZ");
    expect(response.status).toBe(400);
    expectEnvelope(response, "ERROR_MALFORMED_REQUEST");
  });

  it("answers a path id over 200 characters in the envelope", async () => {
    const response = await cast.buyer.client.get(`/rest/v1/offers/${"a".repeat(300)}`);
    expect(response.status).toBe(414);
    expectEnvelope(response, "ERROR_URI_TOO_LONG");
  });

  it("answers oversized headers in the envelope, over a real connection", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString("utf8");
      });
      socket.on("close", () => resolve(answer));
      socket.on("error", reject);
      socket.write(`GET /rest/v1/offers HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(64 * 1024)}\r\n\r\n`);
    });
    const [head = "", body = ""] = raw.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body)).toEqual({
      errors: { message: expect.any(String), code: "ERROR_HEADERS_TOO_LARGE", details: null },
    });
  });
});

describe("metrics", () => {
  it("are not served on the main port without a configured token", async () => {
    const response = await t.client().get("/metrics");
    expect(response.status).toBe(404);
    expectEnvelope(response, "ERROR_NOT_FOUND");
    expect(response.text).not.toContain("souk_http_request_duration_seconds");
  });

  it("are served to a scraper with the configured token, and to no one else", async () => {
    const token = "metrics-token-for-the-test-0123";
    const withToken = await createTestApp({ METRICS_TOKEN: token });
    try {
      const refused = await withToken
        .client()
        .get("/metrics", { headers: { authorization: "Bearer wrong-token-0000000" } });
      expect(refused.status).toBe(404);
      const served = await withToken.client().get("/metrics", { headers: { authorization: `Bearer ${token}` } });
      expect(served.status).toBe(200);
      expect(served.text).toContain("souk_http_request_duration_seconds");
    } finally {
      await withToken.close();
    }
  });

  it("are served on a separate address of their own when one is configured", async () => {
    const listener = await listenForMetrics(t.app.metrics.registry, { host: "127.0.0.1", port: 0 });
    try {
      const response = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("souk_http_request_duration_seconds");
      expect((await fetch(`http://127.0.0.1:${listener.port}/other`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});

describe("the API pages", () => {
  it("carry a strict content security policy", async () => {
    for (const path of ["/docs", "/docs/", "/docs/static/swagger-initializer.js"]) {
      const response = await t.client().get(path);
      expect(response.status, path).toBeLessThan(400);
      const policy = String(response.headers["content-security-policy"]);
      expect(policy, path).toContain("default-src 'self'");
      expect(policy, path).toContain("script-src 'self'");
      expect(policy, path).not.toContain("unsafe-inline");
    }
  });

  it("can be turned off, the OpenAPI document and the pages' files with them", async () => {
    const without = await createTestApp({ SOUK_API_DOCS: false });
    try {
      for (const path of ["/docs", "/docs/", "/docs/json", "/docs/static/swagger-initializer.js"]) {
        const response = await without.client().get(path);
        expect(response.status, path).toBe(404);
        expectEnvelope(response, "ERROR_NOT_FOUND");
      }
    } finally {
      await without.close();
    }
  });
});
