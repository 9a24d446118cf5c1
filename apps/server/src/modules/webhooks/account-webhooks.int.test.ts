import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.ts";
import { createOffer, createTrader, createTradesTestApp, fund } from "../../../test/races/trade-fixtures.ts";
import { openTrade, releaseTrade, type TradeCast } from "../../../test/trade-scenario.ts";
import { parseFeatureFlags, postWebhook } from "../../platform/index.ts";
import { ACCOUNT_DELIVER_JOB, deliverAccountWebhook, runAccountDeliveryJob } from "./account-webhooks.delivery.ts";
import { fanOutAccountWebhooks } from "./account-webhooks.fanout.ts";
import { verifyWebhook } from "./account-webhooks.service.ts";

/**
 * A receiver as a user would run it: echoes the challenge (or a wrong one), verifies every
 * delivery with the standardwebhooks package, and processes each webhook-id once.
 */
interface Receiver {
  server: http.Server;
  url: string;
  secret: string;
  /** Every delivery request: its webhook-id and whether its signature held. */
  requests: { id: string; isValid: boolean }[];
  /** The events processed, once per webhook-id. */
  processed: Map<string, { type: string; data: Record<string, unknown> }>;
  /** Answer this status to the next deliveries (then 200). */
  failNext: number[];
}

async function startReceiver(challengeAnswer: "echo" | "wrong"): Promise<Receiver> {
  const receiver: Receiver = {
    server: http.createServer(),
    url: "",
    secret: "",
    requests: [],
    processed: new Map(),
    failNext: [],
  };
  receiver.server.on("request", (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const challenge = request.headers["x-souk-request-challenge"];
      if (typeof challenge === "string") {
        response.setHeader("X-Souk-Request-Challenge", challengeAnswer === "echo" ? challenge : "not-it");
        response.end("");
        return;
      }
      const body = Buffer.concat(chunks).toString("utf8");
      const id = String(request.headers["webhook-id"]);
      let isValid = true;
      try {
        new Webhook(receiver.secret).verify(body, request.headers as Record<string, string>);
      } catch {
        isValid = false;
      }
      receiver.requests.push({ id, isValid });
      const failure = receiver.failNext.shift();
      if (failure) {
        response.statusCode = failure;
        response.end("not now");
        return;
      }
      if (isValid && !receiver.processed.has(id)) receiver.processed.set(id, JSON.parse(body));
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks/souk`;
  return receiver;
}

let t: TestApp;
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await createTradesTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: true });
});

afterAll(async () => {
  for (const receiver of receivers) receiver.server.close();
  await t?.close();
});

function fanOut(): Promise<number[]> {
  return fanOutAccountWebhooks({ db: t.db, config: t.config, features: parseFeatureFlags(undefined) });
}

/** A logged-in trader whose webhook is verified, saved and whose secret the receiver knows. */
async function traderWithWebhook(receiver: Receiver, roles: ("user" | "vendor")[] = ["user"]) {
  const trader = await createTrader(t, { roles });
  const verified = await trader.client.post("/rest/v1/webhooks/verify", { url: receiver.url });
  expect(verified.status).toBe(200);
  expect(verified.body.data).toMatchObject({ status: "verification", notificationType: "passed", errorKey: null });
  const saved = await trader.client.post("/rest/v1/webhooks", { url: receiver.url });
  expect(saved.status).toBe(200);
  expect(saved.body.data.status).toBe("enabled");
  expect(saved.body.data.events.every((event: { checked: boolean }) => event.checked)).toBe(true);
  receiver.secret = saved.body.data.secret;
  expect(receiver.secret).toMatch(/^whsec_/);
  return trader;
}

/** A vendor whose webhook is on, and a trade a buyer opened on their offer (the feed read up to before it). */
async function tradeOfWebhookOwner(receiver: Receiver) {
  const seller = await traderWithWebhook(receiver, ["user", "vendor"]);
  const [buyer, stranger, moderator] = await Promise.all([createTrader(t), createTrader(t), createTrader(t)]);
  await fund(t.db, seller.id, "USDT", "1000");
  const cast: TradeCast = { seller, buyer, stranger, moderator, offerId: await createOffer(seller) };
  await fanOut();
  const tradeId = await openTrade(cast, "100");
  return { seller, buyer, cast, tradeId };
}

function jobContext(sent: { name: string; data: object; options?: object }[]) {
  return {
    config: t.config,
    db: t.db,
    log: t.app.log,
    send: async (name: string, data: object, options?: object) => void sent.push({ name, data, options }),
  };
}

describe("account webhooks", () => {
  it("starts initial, refuses to save an unverified URL, shows the secret once", async () => {
    const receiver = await startReceiver("echo");
    receivers.push(receiver);
    const trader = await createTrader(t);
    const initial = await trader.client.get("/rest/v1/webhooks");
    expect(initial.body).toMatchObject({
      data: { status: "initial", url: null, secret: null },
      meta: { link: expect.any(String) },
    });
    const unverified = await trader.client.post("/rest/v1/webhooks", { url: receiver.url });
    expect(unverified.status).toBe(422);
    expect(unverified.body.errors).toMatchObject({
      code: "ERROR_WEBHOOK_NOT_VERIFIED",
      details: { url: ["webhook_not_verified"] },
    });

    const owner = await traderWithWebhook(receiver);
    const again = await owner.client.get("/rest/v1/webhooks");
    expect(again.body.data).toMatchObject({ status: "enabled", url: receiver.url, secret: null });
    const rotated = await owner.client.post("/rest/v1/webhooks/secret");
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(receiver.secret);

    const chosen = await owner.client.post("/rest/v1/webhooks/events", { events: ["trade.paid", "trade.started"] });
    expect(chosen.body.data.events.filter((event: { checked: boolean }) => event.checked)).toEqual([
      { name: "trade.started", checked: true },
      { name: "trade.paid", checked: true },
    ]);
    const unknown = await owner.client.post("/rest/v1/webhooks/events", { events: ["trade.nope"] });
    expect(unknown.status).toBe(422);
    expect((await owner.client.delete("/rest/v1/webhooks")).status).toBe(200);
    expect((await owner.client.get("/rest/v1/webhooks")).body.data.status).toBe("initial");
    expect((await owner.client.delete("/rest/v1/webhooks")).status).toBe(404);
  });

  it("disables the webhook with challenge_mismatch when the receiver echoes the wrong value", async () => {
    const wrong = await startReceiver("wrong");
    receivers.push(wrong);
    const trader = await createTrader(t);
    const verified = await trader.client.post("/rest/v1/webhooks/verify", { url: wrong.url });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({
      status: "disabled",
      enabled: false,
      notificationType: "failed",
      errorKey: "challenge_mismatch",
      knowledgeLink: "/developers#account-webhooks",
    });
    expect((await trader.client.post("/rest/v1/webhooks", { url: wrong.url })).status).toBe(422);
  });

  it("refuses private, loopback and link-local addresses when saving and at every send", async () => {
    const trader = await createTrader(t);
    for (const url of [
      "https://127.0.0.1/hook",
      "https://10.1.2.3/hook",
      "https://169.254.169.254/latest",
      "https://[::1]/x",
      "https://localhost/x",
    ]) {
      await expect(verifyWebhook(t.db, trader.id, url, false)).rejects.toMatchObject({
        code: "ERROR_INPUT_VALIDATION",
        details: { url: ["webhook_url_refused"] },
      });
    }
    // A name that resolves to a loopback address is refused on the address connected to.
    const viaDns = await verifyWebhook(t.db, trader.id, "https://vm:1/hook", false);
    expect(viaDns).toMatchObject({ status: "disabled", errorKey: "address_refused" });
    const atSend = await postWebhook("https://vm:1/hook", "{}", {}, { allowPrivate: false });
    expect(atSend).toMatchObject({ status: null, failure: "address_refused" });
    const literalAtSend = await postWebhook("https://192.168.1.1/hook", "{}", {}, { allowPrivate: false });
    expect(literalAtSend).toMatchObject({ status: null, failure: "address_refused" });
    // Through the route, a private address is the envelope's 422.
    const routed = await trader.client.post("/rest/v1/webhooks/verify", { url: "ftp://example.com/x" });
    expect(routed.status).toBe(422);
  });

  it("delivers the trade's events signed, retries a failure with the same webhook-id, logs and replays", async () => {
    const receiver = await startReceiver("echo");
    receivers.push(receiver);
    const { seller, buyer, cast, tradeId } = await tradeOfWebhookOwner(receiver);
    expect((await buyer.client.post(`/rest/v1/trade/${tradeId}/chat`, { message: "sent the money" })).status).toBe(200);
    await releaseTrade(cast, tradeId);

    const queued = await fanOut();
    expect(queued.length).toBeGreaterThanOrEqual(4);
    expect(await fanOut()).toEqual([]);
    // The first delivery fails once: its job queues the retry after five seconds.
    receiver.failNext.push(500);
    const [first, ...rest] = queued as [number, ...number[]];
    const sent: { name: string; data: object; options?: object }[] = [];
    await runAccountDeliveryJob({ deliveryId: first }, jobContext(sent));
    expect(sent).toEqual([
      { name: ACCOUNT_DELIVER_JOB, data: { deliveryId: first }, options: { startAfterSeconds: 5 } },
    ]);
    expect(await deliverAccountWebhook(t.db, first, true)).toBeNull();
    await sql`UPDATE account_webhook_deliveries SET next_attempt_at = now() WHERE id = ${first}`.execute(t.ownerDb);
    expect((await deliverAccountWebhook(t.db, first, true))?.state).toBe("delivered");
    for (const id of rest) expect((await deliverAccountWebhook(t.db, id, true))?.state).toBe("delivered");

    expect(receiver.requests.every((request) => request.isValid)).toBe(true);
    const [failed, retried] = receiver.requests;
    expect(retried?.id).toBe(failed?.id);
    expect(receiver.processed.size).toBe(queued.length);
    const events = [...receiver.processed.values()];
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(["trade.started", "trade.paid", "trade.released", "trade.chat_message_received"]),
    );
    const started = events.find((event) => event.type === "trade.started");
    expect(started?.data).toMatchObject({
      tradeId,
      role: "seller",
      amount: expect.any(String),
      coin: "USDT",
      fiatAmount: expect.any(String),
      paymentMethod: expect.any(String),
      counterparty: buyer.username,
      timeLeftSeconds: expect.any(Number),
      link: expect.stringContaining(`/trade/${tradeId}`),
    });
    expect(events.find((event) => event.type === "trade.chat_message_received")?.data).toMatchObject({
      message: { author: buyer.username, text: "sent the money" },
    });

    const log = await seller.client.get("/rest/v1/webhooks/deliveries");
    const ofFirst = log.body.data.filter((row: { deliveryId: number }) => row.deliveryId === first);
    expect(ofFirst.map((row: { attempt: number; statusCode: number }) => [row.attempt, row.statusCode])).toEqual([
      [2, 200],
      [1, 500],
    ]);
    expect(ofFirst[0].webhookId).toBe(failed?.id);

    const replayed = await seller.client.post(`/rest/v1/webhooks/deliveries/${first}/replay`);
    expect(replayed.status).toBe(200);
    expect((await deliverAccountWebhook(t.db, first, true))?.state).toBe("delivered");
    expect(receiver.requests.at(-1)?.id).toBe(failed?.id);
    expect(receiver.processed.size).toBe(queued.length);
    expect((await buyer.client.post(`/rest/v1/webhooks/deliveries/${first}/replay`)).status).toBe(404);
  });

  it("disables a webhook after a day of failures", async () => {
    const receiver = await startReceiver("echo");
    receivers.push(receiver);
    const { seller } = await tradeOfWebhookOwner(receiver);
    const [id] = (await fanOut()) as [number];
    await sql`UPDATE account_webhooks SET failing_since = now() - interval '25 hours' WHERE user_id = ${seller.id}`.execute(
      t.ownerDb,
    );
    receiver.failNext.push(503);
    expect(await deliverAccountWebhook(t.db, id, true)).toMatchObject({ state: "failed", isDisabling: true });
    const webhook = await seller.client.get("/rest/v1/webhooks");
    expect(webhook.body.data).toMatchObject({ status: "disabled", enabled: false, errorKey: "failing_for_a_day" });
    const told = await sql<{ name: string }>`SELECT name FROM realtime_events WHERE channel = ${`user.${seller.id}`}
      AND name = 'webhook.disabled'`.execute(t.ownerDb);
    expect(told.rows).toHaveLength(1);
  });
});
