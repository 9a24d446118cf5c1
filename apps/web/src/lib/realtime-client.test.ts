import type { RealtimeServerMessage } from "@souk/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeWebSocket } from "../test-utils/fake-websocket.ts";
import {
  type NetworkEvents,
  RealtimeClient,
  type RealtimeClientOptions,
  requestChannelKeyWith,
} from "./realtime-client.ts";

class FakeNetwork implements NetworkEvents {
  private listeners = new Map<string, Set<() => void>>();
  addEventListener(type: string, listener: () => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }
  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }
  fire(type: "online" | "offline"): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

const channel = "user.42";
let network: FakeNetwork;
let keys: number;
let requestKey: ReturnType<typeof vi.fn<RealtimeClientOptions["requestKey"]>>;
const clients: RealtimeClient[] = [];

function createClient(options: Partial<RealtimeClientOptions> = {}): RealtimeClient {
  const client = new RealtimeClient({
    requestKey,
    url: "ws://souk.test/realtime",
    WebSocket: FakeWebSocket,
    network,
    random: () => 1,
    ...options,
  });
  clients.push(client);
  return client;
}

function latestSocket(): FakeWebSocket {
  const socket = FakeWebSocket.instances.at(-1);
  if (!socket) throw new Error("no socket was opened");
  return socket;
}

function event(id: number, name = "notification.created"): RealtimeServerMessage {
  return { type: "event", channel, id, name, payload: { id }, createdAt: "2030-01-01T00:00:00.000Z" };
}

/** Opens the socket and lets the key request and the subscribe go out. */
async function openAndSettle(socket = latestSocket()): Promise<FakeWebSocket> {
  socket.open();
  await vi.advanceTimersByTimeAsync(0);
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
  FakeWebSocket.isAnsweringPings = true;
  network = new FakeNetwork();
  keys = 0;
  requestKey = vi.fn(async () => {
    keys += 1;
    return { token: `key-${keys}`, expireIn: 3_600 };
  });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  vi.useRealTimers();
});

describe("subscribing", () => {
  it("asks for a key, subscribes with it and hands the channel's events to the listener", async () => {
    const onEvent = vi.fn();
    createClient().subscribe(channel, { since: 7, events: ["notification.created"], onEvent });
    const socket = await openAndSettle();
    expect(socket.url).toBe("ws://souk.test/realtime");
    expect(requestKey).toHaveBeenCalledWith(channel);
    expect(socket.subscribes()).toEqual([
      { type: "subscribe", channel, token: "key-1", since: 7, events: ["notification.created"] },
    ]);
    socket.receive({ type: "subscribed", channel, lastEventId: 9, isHistoryTruncated: false });
    socket.receive(event(8));
    socket.receive(event(8));
    socket.receive(event(9));
    expect(onEvent.mock.calls.map(([received]) => received.id)).toEqual([8, 9]);
  });

  it("filters events per listener when two listeners share a channel", async () => {
    const all = vi.fn();
    const some = vi.fn();
    const client = createClient();
    client.subscribe(channel, { onEvent: all });
    client.subscribe(channel, { events: ["trade.updated"], onEvent: some });
    const socket = await openAndSettle();
    expect(socket.subscribes()).toHaveLength(1);
    expect(socket.subscribes()[0]).not.toHaveProperty("events");
    socket.receive(event(1, "notification.created"));
    socket.receive(event(2, "trade.updated"));
    expect(all).toHaveBeenCalledTimes(2);
    expect(some.mock.calls.map(([received]) => received.name)).toEqual(["trade.updated"]);
  });

  it("tells a listener joining a subscription in place where it stands", async () => {
    const first = vi.fn();
    const later = vi.fn();
    const client = createClient();
    client.subscribe(channel, { onEvent: vi.fn(), onSubscribed: first });
    const socket = await openAndSettle();
    socket.receive({ type: "subscribed", channel, lastEventId: 9, isHistoryTruncated: false });
    socket.receive(event(12));
    expect(first).toHaveBeenCalledWith({ lastEventId: 9, isHistoryTruncated: false });
    client.subscribe(channel, { onEvent: vi.fn(), onSubscribed: later });
    expect(later).toHaveBeenCalledWith({ lastEventId: 12, isHistoryTruncated: false });
    expect(socket.subscribes()).toHaveLength(1);
  });

  it("tells the server to stop when the last listener leaves", async () => {
    const stop = createClient().subscribe(channel, { onEvent: vi.fn() });
    const socket = await openAndSettle();
    stop();
    expect(socket.sent.at(-1)).toEqual({ type: "unsubscribe", channel });
  });

  it("asks for keys through POST /account/re-auth-push-subscription with one channel", async () => {
    const post = vi.fn(async () => ({ data: { channels: [{ channel, token: "t", expireIn: 60 }] }, meta: null }));
    const key = await requestChannelKeyWith({ post })(channel);
    expect(post).toHaveBeenCalledWith("/account/re-auth-push-subscription", { channels: [channel] });
    expect(key).toMatchObject({ token: "t", expireIn: 60 });
  });
});

describe("channel keys", () => {
  it("renews the key 300 seconds before it expires and applies it without a replay", async () => {
    createClient().subscribe(channel, { onEvent: vi.fn() });
    const socket = await openAndSettle();
    socket.receive({ type: "subscribed", channel, lastEventId: 3, isHistoryTruncated: false });
    await vi.advanceTimersByTimeAsync((3_600 - 300) * 1000 - 1);
    expect(requestKey).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requestKey).toHaveBeenCalledTimes(2);
    expect(socket.subscribes().at(-1)).toEqual({ type: "subscribe", channel, token: "key-2" });
  });

  it("asks for a new key on access_denied and resubscribes from the last event id", async () => {
    createClient().subscribe(channel, { onEvent: vi.fn() });
    const socket = await openAndSettle();
    socket.receive({ type: "subscribed", channel, lastEventId: 3, isHistoryTruncated: false });
    socket.receive(event(5));
    socket.receive({ type: "error", channel, code: "access_denied", message: "no" });
    await vi.advanceTimersByTimeAsync(0);
    expect(requestKey).toHaveBeenCalledTimes(2);
    expect(socket.subscribes().at(-1)).toEqual({ type: "subscribe", channel, token: "key-2", since: 5 });
  });

  it("asks for a new key when the server says the key expired", async () => {
    createClient().subscribe(channel, { onEvent: vi.fn() });
    const socket = await openAndSettle();
    socket.receive({ type: "subscribed", channel, lastEventId: 0, isHistoryTruncated: false });
    socket.receive({ type: "error", channel, code: "token_expired", message: "expired" });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.subscribes().at(-1)).toMatchObject({ token: "key-2", since: 0 });
  });

  it("reports a refused key and tries again later with backoff", async () => {
    requestKey.mockRejectedValueOnce(new Error("403"));
    const onError = vi.fn();
    createClient({ retryMinMs: 1_000 }).subscribe(channel, { onEvent: vi.fn(), onError });
    const socket = await openAndSettle();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: "key_refused" }));
    expect(socket.subscribes()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.subscribes()).toHaveLength(1);
  });

  it("does not resend a subscription the server called malformed", async () => {
    const onError = vi.fn();
    createClient().subscribe(channel, { onEvent: vi.fn(), onError });
    const socket = await openAndSettle();
    socket.receive({ type: "error", channel, code: "bad_message", message: "no" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onError).toHaveBeenCalledWith({ code: "bad_message", message: "no" });
    expect(socket.subscribes()).toHaveLength(1);
  });
});

describe("the connection", () => {
  it("emits connection_off when the socket drops and connection_on when it is back, then resumes", async () => {
    const client = createClient({ retryMinMs: 500 });
    const seen: string[] = [];
    client.on("connection_off", () => seen.push("off"));
    client.on("connection_on", () => seen.push("on"));
    client.subscribe(channel, { onEvent: vi.fn() });
    const first = await openAndSettle();
    first.receive({ type: "subscribed", channel, lastEventId: 10, isHistoryTruncated: false });
    first.receive(event(11));
    first.drop();
    expect(seen).toEqual(["off"]);
    await vi.advanceTimersByTimeAsync(500);
    const second = await openAndSettle();
    expect(second).not.toBe(first);
    expect(seen).toEqual(["off", "on"]);
    // The key is still good: no new request, and the replay starts after the last event seen.
    expect(requestKey).toHaveBeenCalledTimes(1);
    expect(second.subscribes()).toEqual([{ type: "subscribe", channel, token: "key-1", since: 11 }]);
  });

  it("waits longer after each failed reconnection, up to a ceiling", async () => {
    createClient({ retryMinMs: 100, retryMaxMs: 400 }).subscribe(channel, { onEvent: vi.fn() });
    latestSocket().drop();
    const delays: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const before = FakeWebSocket.instances.length;
      let waited = 0;
      while (FakeWebSocket.instances.length === before) {
        await vi.advanceTimersByTimeAsync(50);
        waited += 50;
      }
      delays.push(waited);
      latestSocket().drop();
    }
    expect(delays).toEqual([100, 200, 400, 400]);
  });

  it("emits connection_off when the browser goes offline and reconnects at once when it is online", async () => {
    const client = createClient({ retryMinMs: 60_000 });
    const seen: string[] = [];
    client.on("connection_off", () => seen.push("off"));
    client.on("connection_on", () => seen.push("on"));
    client.subscribe(channel, { onEvent: vi.fn() });
    await openAndSettle();
    network.fire("offline");
    expect(seen).toEqual(["off"]);
    const count = FakeWebSocket.instances.length;
    network.fire("online");
    expect(FakeWebSocket.instances.length).toBe(count + 1);
    await openAndSettle();
    expect(seen).toEqual(["off", "on"]);
  });

  it("treats a missing pong as a lost connection", async () => {
    FakeWebSocket.isAnsweringPings = false;
    const client = createClient({ heartbeatMs: 1_000, pongTimeoutMs: 500 });
    const seen: string[] = [];
    client.on("connection_off", () => seen.push("off"));
    client.subscribe(channel, { onEvent: vi.fn() });
    const socket = await openAndSettle();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.sent.at(-1)).toEqual({ type: "ping" });
    socket.receive({ type: "pong" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(seen).toEqual(["off"]);
  });
});
