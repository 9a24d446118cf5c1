import type { AddressInfo } from "node:net";
import { REALTIME_MAX_SUBSCRIPTIONS } from "@souk/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../../test/harness.ts";
import { withTx } from "../db/pool.ts";
import { channelFor, publishEvent } from "./index.ts";
import { SocketProbe } from "./realtime.int-helpers.ts";
import { signChannelKey } from "./realtime.keys.ts";
import { LISTENER_APPLICATION_NAME } from "./realtime.listener.ts";
import { loadSigningKey, pruneOldEvents } from "./realtime.service.ts";

let t: TestApp;
let socketUrl: string;
const probes: SocketProbe[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  socketUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/realtime`;
});
afterAll(async () => {
  await Promise.all(probes.map((probe) => probe.close()));
  await t.close();
});

async function openProbe(): Promise<SocketProbe> {
  const probe = await SocketProbe.open(socketUrl);
  probes.push(probe);
  return probe;
}

async function keyFor(client: TestClient, channel: string): Promise<string> {
  const response = await client.post("/account/re-auth-push-subscription", { channels: [channel] });
  expect(response.status).toBe(200);
  return response.body.data.channels[0].token;
}

async function publish(channel: string, name: string, payload: object): Promise<void> {
  await withTx(t.db, (tx) => publishEvent(tx, { channel, name, payload }));
}

async function lastIdOf(channel: string): Promise<number> {
  const result = await sql<{ id: string | null }>`
    SELECT max(id)::text AS id FROM realtime_events WHERE channel = ${channel}`.execute(t.db);
  return Number(result.rows[0]?.id ?? 0);
}

describe("channel keys from POST /account/re-auth-push-subscription", () => {
  it("hands a user a key for their own channel with its lifetime in seconds", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    const response = await user.post("/account/re-auth-push-subscription", { channels: [channel] });
    expect(response.status).toBe(200);
    expect(response.body.data.channels).toEqual([{ channel, token: expect.any(String), expireIn: 3_600 }]);
  });

  it("refuses a key for another user's channel with 403 and a clear code", async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const response = await stranger.post("/account/re-auth-push-subscription", {
      channels: [channelFor.user(owner.user!.id)],
    });
    expect(response.status).toBe(403);
    expect(response.body.errors.code).toBe("ERROR_REALTIME_ACCESS_DENIED");
  });

  it("asks a visitor to log in for a private channel but opens the market channel to them", async () => {
    const owner = await t.signUp();
    const visitor = t.client();
    const privateChannel = await visitor.post("/account/re-auth-push-subscription", {
      channels: [channelFor.user(owner.user!.id)],
    });
    expect(privateChannel.status).toBe(401);
    const market = await visitor.post("/account/re-auth-push-subscription", { channels: ["market"] });
    expect(market.status).toBe(200);
  });

  it("refuses a channel of a family nobody declared", async () => {
    const user = await t.signUp();
    const response = await user.post("/account/re-auth-push-subscription", { channels: ["vault.1"] });
    expect(response.status).toBe(403);
    expect(response.body.errors.code).toBe("ERROR_REALTIME_ACCESS_DENIED");
  });

  it("requires the CSRF token like every state-changing call", async () => {
    const user = await t.signUp();
    const response = await user.post(
      "/account/re-auth-push-subscription",
      { channels: [channelFor.user(user.user!.id)] },
      { withoutCsrf: true },
    );
    expect(response.status).toBe(403);
    expect(response.body.errors.code).toBe("ERROR_CSRF_TOKEN");
  });

  it("takes exactly one channel, as the spec's payload has", async () => {
    const user = await t.signUp();
    const two = await user.post("/account/re-auth-push-subscription", { channels: ["market", "market"] });
    expect(two.status).toBe(422);
    const malformed = await user.post("/account/re-auth-push-subscription", { channels: ["Not A Channel"] });
    expect(malformed.status).toBe(422);
  });
});

describe("subscribing over the WebSocket", () => {
  it("delivers events committed after the subscription, with their id and creation time", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    const probe = await openProbe();
    const subscribed = await probe.subscribe(channel, await keyFor(user, channel));
    expect(subscribed).toMatchObject({ type: "subscribed", channel, lastEventId: 0, isHistoryTruncated: false });
    await publish(channel, "notification.created", { notificationId: 7 });
    const event = await probe.waitForEvent(channel, "notification.created");
    expect(event).toMatchObject({ channel, name: "notification.created", payload: { notificationId: 7 } });
    expect(event.id).toBeGreaterThan(0);
    expect(new Date(event.createdAt).getTime()).not.toBeNaN();
  });

  it("replays the history after a given event id before the live events", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    for (const n of [1, 2, 3]) await publish(channel, "notification.created", { n });
    const firstId = (await lastIdOf(channel)) - 2;
    const probe = await openProbe();
    const subscribed = await probe.subscribe(channel, await keyFor(user, channel), { since: firstId });
    expect(subscribed.lastEventId).toBe(firstId + 2);
    await publish(channel, "notification.created", { n: 4 });
    await probe.waitForEvent(channel, "notification.created", "n", 4);
    expect(probe.events(channel).map((event) => event.payload.n)).toEqual([2, 3, 4]);
    const order = probe.messages.map((m) => m.type);
    expect(order.indexOf("subscribed")).toBeLessThan(order.indexOf("event"));
  });

  it("sends only the events named in the filter, in the history and live", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    await publish(channel, "balance.changed", { n: 1 });
    await publish(channel, "notification.created", { n: 2 });
    const since = (await lastIdOf(channel)) - 2;
    const probe = await openProbe();
    await probe.subscribe(channel, await keyFor(user, channel), { since, events: ["notification.created"] });
    await publish(channel, "balance.changed", { n: 3 });
    await publish(channel, "notification.created", { n: 4 });
    await probe.waitForEvent(channel, "notification.created", "n", 4);
    expect(probe.events(channel).map((event) => event.payload.n)).toEqual([2, 4]);
  });

  it("announces nothing from a transaction that rolled back", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    const probe = await openProbe();
    await probe.subscribe(channel, await keyFor(user, channel));
    await expect(
      withTx(t.db, async (tx) => {
        await publishEvent(tx, { channel, name: "trade.updated", payload: { tradeId: "rolled-back" } });
        throw new Error("the business change failed");
      }),
    ).rejects.toThrow("the business change failed");
    await publish(channel, "trade.updated", { tradeId: "committed" });
    await probe.waitForEvent(channel, "trade.updated", "tradeId", "committed");
    expect(probe.events(channel).map((event) => event.payload.tradeId)).toEqual(["committed"]);
    const rows = await sql`SELECT 1 FROM realtime_events WHERE payload->>'tradeId' = 'rolled-back'`.execute(t.db);
    expect(rows.rows).toHaveLength(0);
  });

  it("stops sending a channel's events after unsubscribe", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    const probe = await openProbe();
    await probe.subscribe(channel, await keyFor(user, channel));
    await probe.subscribe("market", await keyFor(user, "market"));
    probe.send({ type: "unsubscribe", channel });
    probe.send({ type: "ping" });
    await probe.waitFor((m) => m.type === "pong");
    await publish(channel, "notification.created", { n: 1 });
    await publish("market", "offer.created", { offerId: "after-unsubscribe" });
    await probe.waitForEvent("market", "offer.created", "offerId", "after-unsubscribe");
    expect(probe.events(channel)).toHaveLength(0);
  });

  it("keeps delivering when the client subscribes again with a renewed key", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    const probe = await openProbe();
    await probe.subscribe(channel, await keyFor(user, channel));
    probe.send({ type: "subscribe", channel, token: await keyFor(user, channel) });
    await probe.waitFor(
      (m) => m.type === "subscribed" && probe.messages.filter((x) => x.type === "subscribed").length === 2,
    );
    await publish(channel, "notification.created", { n: 1 });
    await probe.waitForEvent(channel, "notification.created", "n", 1);
    expect(probe.events(channel)).toHaveLength(1);
  });

  it("serves one channel to several sockets and several channels to one socket", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    const [first, second] = [await openProbe(), await openProbe()];
    await first.subscribe(channel, await keyFor(user, channel));
    await first.subscribe("market", await keyFor(user, "market"));
    await second.subscribe(channel, await keyFor(user, channel));
    await publish(channel, "notification.created", { n: 1 });
    await publish("market", "offer.created", { offerId: "shared" });
    await first.waitForEvent("market", "offer.created", "offerId", "shared");
    await first.waitForEvent(channel, "notification.created", "n", 1);
    await second.waitForEvent(channel, "notification.created", "n", 1);
  });
});

describe("keys on the WebSocket", () => {
  it("denies a subscription with another user's key or a forged one", async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const ownerChannel = channelFor.user(owner.user!.id);
    const strangerKey = await keyFor(stranger, channelFor.user(stranger.user!.id));
    const probe = await openProbe();
    expect(await probe.subscribe(ownerChannel, strangerKey)).toMatchObject({ type: "error", code: "access_denied" });

    const ownerKey = await keyFor(owner, ownerChannel);
    const [claims, signature] = ownerKey.split(".") as [string, string];
    const tampered = `${claims}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    const forged = await openProbe();
    expect(await forged.subscribe(ownerChannel, tampered)).toMatchObject({ type: "error", code: "access_denied" });
    expect(await forged.subscribe(ownerChannel, "not-a-key")).toMatchObject({ code: "access_denied" });

    await publish(ownerChannel, "notification.created", { n: 1 });
    forged.send({ type: "ping" });
    await forged.waitFor((m) => m.type === "pong");
    expect(probe.events()).toHaveLength(0);
    expect(forged.events()).toHaveLength(0);
  });

  it("answers token_expired to a key past its expiry", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    const signingKey = await loadSigningKey(t.db, t.config.SOUK_SECRET);
    const expired = signChannelKey(signingKey, {
      channel,
      userId: user.user!.id,
      expiresAtSeconds: Math.floor(Date.now() / 1000) - 1,
    });
    const probe = await openProbe();
    expect(await probe.subscribe(channel, expired)).toMatchObject({ type: "error", channel, code: "token_expired" });
  });

  it("ends a subscription with token_expired when its key runs out, then resumes with a new key", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    const signingKey = await loadSigningKey(t.db, t.config.SOUK_SECRET);
    const shortKey = signChannelKey(signingKey, {
      channel,
      userId: user.user!.id,
      expiresAtSeconds: Math.floor(Date.now() / 1000) + 1,
    });
    const probe = await openProbe();
    const subscribed = await probe.subscribe(channel, shortKey);
    expect(subscribed.type).toBe("subscribed");
    await probe.waitFor((m) => m.type === "error" && m.code === "token_expired" && m.channel === channel, 3_000);
    await publish(channel, "notification.created", { n: "while-expired" });
    const resumed = await probe.subscribe(channel, await keyFor(user, channel), { since: subscribed.lastEventId });
    expect(resumed.type).toBe("subscribed");
    await probe.waitForEvent(channel, "notification.created", "n", "while-expired");
  });
});

describe("bad input on the WebSocket", () => {
  it("answers a plain GET of the socket's address with the error envelope, and still upgrades", async () => {
    const plain = await t.client().get("/realtime");
    expect(plain.status).toBe(400);
    expect(plain.headers["content-type"]).toMatch(/^application\/json/);
    expect(plain.body).toEqual({
      errors: {
        message: expect.any(String),
        code: "ERROR_WEBSOCKET_UPGRADE_REQUIRED",
        details: { upgrade: "websocket" },
      },
    });
    expect(plain.headers.upgrade).toBe("websocket");
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    const probe = await openProbe();
    expect((await probe.subscribe(channel, await keyFor(user, channel))).type).toBe("subscribed");
  });

  it("answers a malformed frame with bad_message and keeps the socket open", async () => {
    const probe = await openProbe();
    probe.send("{not json");
    await probe.waitFor((m) => m.type === "error" && m.code === "bad_message" && m.message.includes("JSON"));
    probe.send({ type: "subscribe", channel: "market" });
    await probe.waitFor((m) => m.type === "error" && m.code === "bad_message" && m.channel === "market");
    probe.send({ type: "launch-missiles" });
    probe.send("null");
    probe.send(Buffer.from([1, 2, 3]));
    probe.send(JSON.stringify({ type: "ping", padding: "x".repeat(5_000) }));
    probe.send({ type: "ping" });
    await probe.waitFor((m) => m.type === "pong");
    expect(probe.messages.filter((m) => m.type === "error" && m.code === "bad_message")).toHaveLength(6);
    expect(probe.closeCode).toBeNull();
  });

  it("refuses more subscriptions than one socket may hold with limit_reached", async () => {
    const signingKey = await loadSigningKey(t.db, t.config.SOUK_SECRET);
    const expiresAtSeconds = Math.floor(Date.now() / 1000) + 600;
    const probe = await openProbe();
    for (let n = 1; n <= REALTIME_MAX_SUBSCRIPTIONS; n += 1) {
      const channel = `user.${1_000_000 + n}`;
      probe.send({
        type: "subscribe",
        channel,
        token: signChannelKey(signingKey, { channel, userId: n, expiresAtSeconds }),
      });
    }
    await probe.waitFor(
      () => probe.messages.filter((m) => m.type === "subscribed").length === REALTIME_MAX_SUBSCRIPTIONS,
    );
    const answer = await probe.subscribe("market", await keyFor(t.client(), "market"));
    expect(answer).toMatchObject({ type: "error", code: "limit_reached", channel: "market" });
  });
});

/** What another server copy does: the row, then its NOTIFY after the commit (or none, if it died). */
async function insertAsAnotherCopy(channel: string, payload: object, options: { notify: boolean }): Promise<void> {
  const inserted = await sql<{ id: string }>`
    INSERT INTO realtime_events (channel, name, payload)
    VALUES (${channel}, 'notification.created', ${JSON.stringify(payload)}::jsonb) RETURNING id::text`.execute(t.db);
  if (options.notify)
    await sql`SELECT pg_notify('souk_realtime', ${`${inserted.rows[0]?.id}:${channel}`})`.execute(t.db);
}

/** The database drops this process's listening connection; it comes back and catches up. */
async function dropListener(): Promise<void> {
  const killed = await sql<{ pid: number }>`
    SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
    WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`.execute(t.ownerDb);
  expect(killed.rows).toHaveLength(1);
}

describe("the listening connection", () => {
  it("reconnects after the database drops it and delivers what another copy committed meanwhile", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    const probe = await openProbe();
    await probe.subscribe(channel, await keyFor(user, channel));
    await dropListener();
    // Its NOTIFY goes out while this process is not listening: only the catch-up can find it.
    await insertAsAnotherCopy(channel, { n: "during-outage" }, { notify: true });
    await probe.waitForEvent(channel, "notification.created", "n", "during-outage");
    await insertAsAnotherCopy(channel, { n: "after-reconnect" }, { notify: true });
    await probe.waitForEvent(channel, "notification.created", "n", "after-reconnect");
    expect(probe.events(channel).map((event) => event.payload.n)).toEqual(["during-outage", "after-reconnect"]);
  });

  it("hands a new subscriber no event committed before it subscribed, though the catch-up reads it again", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    await publish(channel, "notification.created", { n: "before" });
    const beforeId = await lastIdOf(channel);
    const [probe, asking] = [await openProbe(), await openProbe()];
    expect((await probe.subscribe(channel, await keyFor(user, channel))).lastEventId).toBe(beforeId);
    await asking.subscribe(channel, await keyFor(user, channel), { since: beforeId - 1 });
    // The catch-up reads the channel's last minute again, "before" with it, and hands it over
    // before anything committed after the drop ("after" comes through the catch-up or later).
    await dropListener();
    await insertAsAnotherCopy(channel, { n: "after" }, { notify: true });
    await probe.waitForEvent(channel, "notification.created", "n", "after");
    await asking.waitForEvent(channel, "notification.created", "n", "after");
    expect(probe.events(channel).map((event) => event.payload.n)).toEqual(["after"]);
    // Who asked for the history (since) gets it once.
    expect(asking.events(channel).map((event) => event.payload.n)).toEqual(["before", "after"]);
  });

  it("finds an event whose NOTIFY never came (its copy died after the commit) and delivers it once", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    const probe = await openProbe();
    await probe.subscribe(channel, await keyFor(user, channel));
    await insertAsAnotherCopy(channel, { n: "never-announced" }, { notify: false });
    await probe.waitForEvent(channel, "notification.created", "n", "never-announced", 15_000);
    await publish(channel, "notification.created", { n: "next" });
    await probe.waitForEvent(channel, "notification.created", "n", "next");
    expect(probe.events(channel).map((event) => event.payload.n)).toEqual(["never-announced", "next"]);
  });

  it("delivers a local commit once although its own NOTIFY comes back to it too", async () => {
    const user = await t.signUp();
    const channel = channelFor.user(user.user!.id);
    const probe = await openProbe();
    await probe.subscribe(channel, await keyFor(user, channel));
    for (const n of [1, 2, 3]) await publish(channel, "notification.created", { n });
    await probe.waitForEvent(channel, "notification.created", "n", 3);
    // The NOTIFYs of these events reach this process's listener too; give them time to arrive.
    await insertAsAnotherCopy(channel, { n: "marker" }, { notify: true });
    await probe.waitForEvent(channel, "notification.created", "n", "marker");
    expect(probe.events(channel).map((event) => event.payload.n)).toEqual([1, 2, 3, "marker"]);
  });
});

describe("publishEvent", () => {
  it("refuses channel names, event names and payloads outside the protocol", async () => {
    await expect(publishEvent(t.db, { channel: "User 1", name: "x.y", payload: {} })).rejects.toThrow(/channel/);
    await expect(publishEvent(t.db, { channel: "market", name: "Bad Name", payload: {} })).rejects.toThrow(/event/);
    await expect(publishEvent(t.db, { channel: "market", name: "x.y", payload: [] })).rejects.toThrow(/object/);
    const large = { blob: "x".repeat(10_000) };
    await expect(publishEvent(t.db, { channel: "market", name: "x.y", payload: large })).rejects.toThrow(/bytes/);
  });
});

describe("retention and the signing secret", () => {
  it("prunes events older than the retention period and keeps recent ones", async () => {
    await sql`INSERT INTO realtime_events (channel, name, payload, created_at)
      VALUES ('market', 'offer.created', '{"age": "old"}', now() - interval '8 days')`.execute(t.ownerDb);
    await publish("market", "offer.created", { age: "new" });
    expect(await pruneOldEvents(t.db)).toBeGreaterThanOrEqual(1);
    const ages = await sql<{ age: string }>`SELECT payload->>'age' AS age FROM realtime_events
      WHERE payload ? 'age'`.execute(t.db);
    expect(ages.rows.map((row) => row.age)).toEqual(["new"]);
  });

  it("generates the signing secret once and gives every copy the same one", async () => {
    const first = await loadSigningKey(t.db, undefined);
    const second = await loadSigningKey(t.db, undefined);
    expect(first.equals(second)).toBe(true);
    expect(first.equals(await loadSigningKey(t.db, "an operator secret of some length"))).toBe(false);
  });
});
