import { createPublicKey, verify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../../test/harness.ts";
import { createOffer, createTrader, createTradesTestApp, fund } from "../../../../test/races/trade-fixtures.ts";
import { openTrade, releaseTrade, type TradeCast } from "../../../../test/trade-scenario.ts";
import { createApiClient } from "../../api-clients/index.ts";
import { loadWebhookSigner } from "./signing.ts";
import { fanOutWebhooks } from "./webhooks.fanout.ts";
import * as repo from "./webhooks.repo.ts";
import { DELIVER_JOB, deliverWebhook, runDeliveryJob } from "./webhooks.service.ts";

/** A receiver as a bot would run it: echoes the challenge, verifies every signature with the published key. */
interface Received {
  type: string;
  payload: Record<string, unknown>;
  isSignatureValid: boolean;
}

const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

function startReceiver(publicKeyBase64: () => string, options: { echo: boolean }) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const challenge = request.headers["x-paxful-request-challenge"];
      if (typeof challenge === "string") {
        if (options.echo) response.setHeader("X-Paxful-Request-Challenge", challenge);
        response.end("");
        return;
      }
      const body = Buffer.concat(chunks).toString("utf8");
      const key = createPublicKey({
        key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(publicKeyBase64(), "base64")]),
        format: "der",
        type: "spki",
      });
      const message = `https://${request.headers.host}${request.url}:${body}`;
      const signature = Buffer.from(String(request.headers["x-paxful-signature"] ?? ""), "base64");
      const parsed = JSON.parse(body) as { type: string; payload: Record<string, unknown> };
      received.push({ ...parsed, isSignatureValid: verify(null, Buffer.from(message), key, signature) });
      response.end("ok");
    });
  });
  return { server, received };
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/paxful?bot=1`;
}

async function tokenFor(t: TestApp, userId: number): Promise<string> {
  const created = await createApiClient(t.db, userId, { name: "webhook bot" });
  const response = await t.app.inject({
    method: "POST",
    url: "/oauth2/token",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: `grant_type=client_credentials&client_id=${created.client.clientId}&client_secret=${created.clientSecret}`,
  });
  return JSON.parse(response.body).access_token as string;
}

let t: TestApp;
let publicKey = "";
const receiver = startReceiver(() => publicKey, { echo: true });
const silent = startReceiver(() => publicKey, { echo: false });
let receiverUrl = "";
let silentUrl = "";

beforeAll(async () => {
  t = await createTradesTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: true });
  receiverUrl = await listen(receiver.server);
  silentUrl = await listen(silent.server);
});

afterAll(async () => {
  receiver.server.close();
  silent.server.close();
  await t?.close();
});

describe("Paxful webhooks", () => {
  it("publishes the public key without a token", async () => {
    const response = await t.app.inject({ method: "GET", url: "/webhook/v1/public/.well-known/public.key" });
    expect(response.statusCode).toBe(200);
    publicKey = response.body;
    expect(Buffer.from(publicKey, "base64")).toHaveLength(32);
    expect(publicKey).toBe((await loadWebhookSigner(t.db)).publicKeyBase64);
  });

  it("refuses to save a URL that does not echo the challenge, and one without a token", async () => {
    const seller = await createTrader(t, { login: false });
    const token = await tokenFor(t, seller.id);
    const refused = await t.app.inject({
      method: "POST",
      url: "/webhook/v1/user/webhooks",
      headers: { authorization: `Bearer ${token}` },
      payload: { endpoints: [{ event_type: "trade.paid", url: silentUrl }] },
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.parse(refused.body).detail[0].loc).toEqual(["body", "endpoints", "0", "url"]);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/webhook/v1/user/webhooks",
      payload: { endpoints: [{ event_type: "trade.paid", url: receiverUrl }] },
    });
    expect(anonymous.statusCode).toBe(401);
    const wrongMode = await t.app.inject({
      method: "GET",
      url: "/webhook/v1/application/webhooks",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(wrongMode.statusCode).toBe(403);
  });

  it("delivers the trade's events to the vendor's bot, signed with the published key, once each", async () => {
    const seller = await createTrader(t, { roles: ["user", "vendor"] });
    const [buyer, stranger, moderator] = await Promise.all([createTrader(t), createTrader(t), createTrader(t)]);
    await fund(t.db, seller.id, "USDT", "1000");
    const cast: TradeCast = { seller, buyer, stranger, moderator, offerId: await createOffer(seller) };
    const token = await tokenFor(t, seller.id);
    const events = ["trade.started", "trade.chat_message_received", "trade.paid", "trade.released"];
    const saved = await t.app.inject({
      method: "POST",
      url: "/webhook/v1/user/webhooks",
      headers: { authorization: `Bearer ${token}` },
      payload: { tag: "vendor bot", endpoints: events.map((event_type) => ({ event_type, url: receiverUrl })) },
    });
    expect(saved.statusCode).toBe(201);
    expect(JSON.parse(saved.body).endpoints).toHaveLength(4);

    // The buyer trades in the browser; the vendor's bot hears of it through its webhooks.
    await fanOutWebhooks(t.db);
    const tradeId = await openTrade(cast, "100");
    const posted = await buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "sent the money" });
    expect(posted.status).toBe(200);
    await releaseTrade(cast, tradeId);

    const signer = await loadWebhookSigner(t.db);
    const queued = await fanOutWebhooks(t.db);
    expect(queued).toHaveLength(4);
    for (const id of queued) {
      expect((await deliverWebhook({ db: t.db, signer, allowPrivate: true }, id)).result).toBe("delivered");
    }
    expect(await fanOutWebhooks(t.db)).toEqual([]);

    const ofTrade = receiver.received.filter((event) => event.payload.trade_hash === tradeId);
    expect(ofTrade.map((event) => event.type).sort()).toEqual([...events].sort());
    expect(ofTrade.every((event) => event.isSignatureValid)).toBe(true);
    expect(ofTrade.find((event) => event.type === "trade.chat_message_received")?.payload).toMatchObject({
      text: "sent the money",
      author: buyer.username,
    });

    const log = await t.app.inject({
      method: "GET",
      url: "/webhook/v1/user/webhooks/log",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(JSON.parse(log.body).filter((row: { success: boolean }) => row.success)).toHaveLength(4);
  });

  it("retries a failed delivery later through its job, and stops after the last attempt", async () => {
    // Up for the check when saving, then answering 503 to every delivery.
    const flaky = http.createServer((request, response) => {
      const challenge = request.headers["x-paxful-request-challenge"];
      if (typeof challenge === "string") response.setHeader("X-Paxful-Request-Challenge", challenge);
      else response.statusCode = 503;
      request.resume();
      request.on("end", () => response.end(""));
    });
    const url = await listen(flaky);
    const user = await createTrader(t, { login: false });
    const token = await tokenFor(t, user.id);
    const saved = await t.app.inject({
      method: "POST",
      url: "/webhook/v1/user/webhooks",
      headers: { authorization: `Bearer ${token}` },
      payload: { endpoints: [{ event_type: "trade.paid", url }] },
    });
    const endpointId = JSON.parse(saved.body).endpoints[0].id as number;
    const id = await repo.insertDelivery(t.db, {
      endpointId,
      userId: user.id,
      eventType: "trade.paid",
      eventKey: "t:trade.paid",
      url,
      body: "{}",
    });
    expect(id).not.toBeNull();
    const sent: { name: string; data: object; options?: object }[] = [];
    const context = {
      config: t.config,
      db: t.db,
      log: t.app.log,
      send: async (name: string, data: object, options?: object) => void sent.push({ name, data, options }),
    };
    const delivery = { db: t.db, signer: await loadWebhookSigner(t.db), allowPrivate: true };
    await runDeliveryJob({ deliveryId: id }, context, delivery);
    expect(sent).toEqual([{ name: DELIVER_JOB, data: { deliveryId: id }, options: { startAfterSeconds: 10 } }]);
    // Not due yet: a second run of the job sends nothing.
    expect((await deliverWebhook(delivery, id as number)).result).toBe("skipped");
    await sql`UPDATE webhook_deliveries SET attempts = 5, next_attempt_at = now() WHERE id = ${id}`.execute(t.ownerDb);
    expect((await deliverWebhook(delivery, id as number)).result).toBe("failed");
    const list = await t.app.inject({
      method: "GET",
      url: "/webhook/v1/user/webhooks",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(JSON.parse(list.body)[0].endpoints[0].error_code).toBe("http_503");
    flaky.close();
  });
});
