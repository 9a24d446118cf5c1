import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.ts";
import {
  type BrowserKeys,
  decryptPush,
  type LocalPushService,
  newBrowserKeys,
  type ReceivedPush,
  startLocalPushService,
} from "../../../test/local-push-service.ts";
import { createTradesTestApp } from "../../../test/races/trade-fixtures.ts";
import { castForTrades, openTrade, releaseTrade, type TradeCast } from "../../../test/trade-scenario.ts";
import { notifyFromFeed } from "./notifications.feed.ts";
import { pushNotifications } from "./push.service.ts";

let t: TestApp;
let pushService: LocalPushService;
let cast: TradeCast;
let publicKey: string;

beforeAll(async () => {
  pushService = await startLocalPushService();
  t = await createTradesTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: true, WEB_PUSH_SUBJECT: "mailto:ops@souk.test" });
  cast = await castForTrades(t);
  await notifyFromFeed(t.db);
  const answer = await cast.seller.client.get("/rest/v1/notifications/push/public-key");
  expect(answer.status).toBe(200);
  publicKey = answer.body.data.publicKey as string;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

type User = TradeCast["seller"];

/** What a browser's `PushSubscription.toJSON()` gives, for a new key pair at the local service. */
function subscriptionOf(name: string, keys: BrowserKeys) {
  return { endpoint: pushService.endpointOf(name), expirationTime: null, keys: keys.json };
}

async function subscribe(user: User, name: string): Promise<BrowserKeys> {
  const keys = newBrowserKeys();
  const answer = await user.client.post("/rest/v1/notifications/push/subscriptions", subscriptionOf(name, keys));
  expect(answer.status).toBe(200);
  expect(answer.body.data.isSubscribed).toBe(true);
  return keys;
}

async function switchAppOn(user: User): Promise<void> {
  const answer = await user.client.post("/rest/v1/notifications/settings", {
    settings: [{ group: "trades", channel: "app", isEnabled: true }],
  });
  expect(answer.status).toBe(200);
  expect(answer.body.data.liveChannels).toContain("app");
}

async function subscriptionCount(endpointName: string): Promise<number> {
  const result = await sql<{ count: string }>`SELECT count(*) AS count FROM push_subscriptions
    WHERE endpoint = ${pushService.endpointOf(endpointName)}`.execute(t.ownerDb);
  return Number(result.rows[0]?.count);
}

function pushesTo(name: string): ReceivedPush[] {
  return pushService.received.filter((push) => push.name === name);
}

describe("web push to a local push service", () => {
  it("keeps one VAPID key pair: the public key is an uncompressed P-256 point, the same on every call", async () => {
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(publicKey, "base64url")[0]).toBe(4);
    const again = await cast.buyer.client.get("/rest/v1/notifications/push/public-key");
    expect(again.body.data.publicKey).toBe(publicKey);
  });

  it("pushes a trade alert to each of the user's browsers, encrypted for each, signed with VAPID, once", async () => {
    const laptop = await subscribe(cast.seller, "seller-laptop");
    const phone = await subscribe(cast.seller, "seller-phone");
    await switchAppOn(cast.seller);
    const tradeId = await openTrade(cast);
    await notifyFromFeed(t.db);
    expect((await pushNotifications(t.db, t.config)).delivered).toBe(2);

    for (const [name, keys] of [
      ["seller-laptop", laptop],
      ["seller-phone", phone],
    ] as const) {
      const [push] = pushesTo(name);
      if (!push) throw new Error(`no push for ${name}`);
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(push.headers["content-type"]).toBe("application/octet-stream");
      expect(push.headers.ttl).toBe("86400");
      expect(push.headers.urgency).toBe("high");
      expect(push.vapid?.publicKey).toBe(publicKey);
      expect(push.vapid?.claims.aud).toBe(pushService.origin);
      expect(push.vapid?.claims.sub).toBe("mailto:ops@souk.test");
      expect(push.vapid?.claims.exp).toBeGreaterThan(Date.now() / 1000);
      const message = JSON.parse(decryptPush(push.body, keys));
      expect(message.title).toBe(`${cast.buyer.username} started a trade with you`);
      expect(message.body).toContain("100.00 USD for");
      expect(message.body).toMatch(/\d+ min left to pay/);
      expect(message.link).toMatch(new RegExp(`^http://localhost:\\d+/trade/${tradeId}$`));
      expect(message.tag).toBe(`trade-${tradeId}`);
    }
    // Nothing is pushed twice.
    expect(await pushNotifications(t.db, t.config)).toEqual({ delivered: 0, gone: 0, retry: 0, given_up: 0 });
    expect(pushService.received).toHaveLength(2);
  });

  it("pushes nothing to a user who did not choose the app channel", async () => {
    await subscribe(cast.buyer, "buyer-laptop");
    // The buyer hears of the release; the seller (app on) of the payment.
    await releaseTrade(cast, await openTrade(cast));
    await notifyFromFeed(t.db);
    await pushNotifications(t.db, t.config);
    expect(pushesTo("buyer-laptop")).toHaveLength(0);
  });

  it("removes a subscription its push service says is gone (410), and keeps the others", async () => {
    pushService.answer("seller-phone", 410);
    const before = pushService.received.length;
    await openTrade(cast);
    await notifyFromFeed(t.db);
    const tally = await pushNotifications(t.db, t.config);
    expect(tally).toMatchObject({ delivered: 1, gone: 1 });
    expect(pushService.received.length - before).toBe(2);
    expect(await subscriptionCount("seller-phone")).toBe(0);
    expect(await subscriptionCount("seller-laptop")).toBe(1);
  });

  it("tries a push again after a 500, and delivers it once", async () => {
    pushService.answer("seller-laptop", 500, 1);
    await openTrade(cast);
    await notifyFromFeed(t.db);
    expect(await pushNotifications(t.db, t.config)).toMatchObject({ retry: 1, delivered: 0 });
    const waiting = await sql<{ attempts: number; last_error: string }>`
      SELECT attempts, last_error FROM push_deliveries`.execute(t.ownerDb);
    expect(waiting.rows).toEqual([{ attempts: 1, last_error: "status 500" }]);
    // Its wait is over (the clock is moved, not waited for).
    await sql`UPDATE push_deliveries SET next_attempt_at = now()`.execute(t.ownerDb);
    expect(await pushNotifications(t.db, t.config)).toMatchObject({ delivered: 1 });
    expect(await pushNotifications(t.db, t.config)).toMatchObject({ delivered: 0, retry: 0 });
  });

  it("unsubscribes the viewer's own endpoint only, harmlessly twice", async () => {
    const other = await cast.stranger.client.post("/rest/v1/notifications/push/unsubscribe", {
      endpoint: pushService.endpointOf("seller-laptop"),
    });
    expect(other.status).toBe(200);
    expect(await subscriptionCount("seller-laptop")).toBe(1);
    for (let time = 0; time < 2; time += 1) {
      const answer = await cast.seller.client.post("/rest/v1/notifications/push/unsubscribe", {
        endpoint: pushService.endpointOf("seller-laptop"),
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ isSubscribed: false, subscriptionCount: 0 });
    }
  });

  it("refuses an endpoint at a private address at push time too (an address a subscription slipped in)", async () => {
    const keys = newBrowserKeys();
    await cast.seller.client.post("/rest/v1/notifications/push/subscriptions", subscriptionOf("seller-tablet", keys));
    const before = pushService.received.length;
    await openTrade(cast);
    await notifyFromFeed(t.db);
    const guarded = { ...t.config, WEBHOOK_ALLOW_PRIVATE_NETWORKS: false };
    expect(await pushNotifications(t.db, guarded)).toMatchObject({ given_up: 1, delivered: 0 });
    expect(pushService.received.length).toBe(before);
  });

  it("answers bad subscriptions with the envelope", async () => {
    const keys = newBrowserKeys().json;
    const endpoint = pushService.endpointOf("bad");
    const cases: [unknown, string, string][] = [
      [{ endpoint: "not a url", keys }, "endpoint", "push_endpoint_invalid"],
      [{ endpoint, keys: { ...keys, p256dh: "short" } }, "keys.p256dh", "push_key_invalid"],
      [{ endpoint, keys: { ...keys, p256dh: `B${"A".repeat(86)}` } }, "keys.p256dh", "push_key_invalid"],
      [{ endpoint, keys: { ...keys, auth: "x" } }, "keys.auth", "push_auth_invalid"],
      [{ endpoint }, "keys", ""],
    ];
    for (const [body, field, key] of cases) {
      const answer = await cast.seller.client.post("/rest/v1/notifications/push/subscriptions", body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors.code).toBe("ERROR_INPUT_VALIDATION");
      expect(Object.keys(answer.body.errors.details)).toContain(field);
      if (key) expect(answer.body.errors.details[field]).toContain(key);
    }
    expect(await subscriptionCount("bad")).toBe(0);
  });
});

describe("a server that keeps to public networks", () => {
  it("refuses endpoints that are not https or point at this machine or a private network", async () => {
    const plain = await createTestApp();
    try {
      const user = await plain.signUp();
      const keys = newBrowserKeys().json;
      for (const endpoint of [
        "http://push.example.com/push/1",
        "https://127.0.0.1/push/1",
        "https://10.1.2.3/push/1",
        "https://[::1]/push/1",
        "https://localhost/push/1",
        "https://user:pass@push.example.com/push/1",
      ]) {
        const answer = await user.post("/rest/v1/notifications/push/subscriptions", { endpoint, keys });
        expect(answer.status).toBe(422);
        expect(answer.body.errors.details).toEqual({ endpoint: ["push_endpoint_refused"] });
      }
    } finally {
      await plain.close();
    }
  });
});
