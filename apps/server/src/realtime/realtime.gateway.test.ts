import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import type { Db } from "../db/pool.ts";
import { DEFAULT_GATEWAY_LIMITS, type GatewayLimits, RealtimeGateway } from "./realtime.gateway.ts";
import { deriveSigningKey, signChannelKey } from "./realtime.keys.ts";
import { findChannelStart, type RealtimeEventRow } from "./realtime.repo.ts";

vi.mock("./realtime.repo.ts", () => ({
  findChannelHistory: vi.fn(async () => []),
  findChannelStart: vi.fn(async () => ({ newestId: 0, cutoffMs: 0, recentIds: [] })),
}));

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;
  isTerminated = false;
  pings = 0;

  send(text: string): void {
    this.sent.push(JSON.parse(text));
  }
  close(code: number): void {
    this.closedWith = code;
    this.readyState = 3;
    this.emit("close", code);
  }
  terminate(): void {
    this.isTerminated = true;
    this.readyState = 3;
    this.emit("close", 1006);
  }
  ping(): void {
    this.pings += 1;
  }
  receive(message: object): void {
    this.emit("message", Buffer.from(JSON.stringify(message)), false);
  }
}

const signingKey = deriveSigningKey("unit test root secret");
const silentLog = { debug() {}, info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const gateways: RealtimeGateway[] = [];

function gatewayWith(limits: Partial<GatewayLimits> = {}): RealtimeGateway {
  const gateway = new RealtimeGateway(
    { db: {} as Db, signingKey, log: silentLog },
    { ...DEFAULT_GATEWAY_LIMITS, ...limits },
  );
  gateways.push(gateway);
  return gateway;
}

function connect(gateway: RealtimeGateway): FakeSocket {
  const socket = new FakeSocket();
  gateway.accept(socket as unknown as WebSocket);
  return socket;
}

function keyFor(channel: string): string {
  return signChannelKey(signingKey, { channel, userId: 1, expiresAtSeconds: Math.floor(Date.now() / 1000) + 600 });
}

function row(id: number, channel = "market"): RealtimeEventRow {
  return { id, channel, name: "offer.created", payload: { id }, createdAt: new Date(0).toISOString() };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

afterEach(() => {
  for (const gateway of gateways.splice(0)) gateway.close();
});

describe("gateway limits", () => {
  it("turns away a socket beyond the process limit with close code 1013", () => {
    const gateway = gatewayWith({ maxSockets: 2 });
    connect(gateway);
    connect(gateway);
    const third = connect(gateway);
    expect(third.closedWith).toBe(1013);
    expect(gateway.socketCount).toBe(2);
  });

  it("closes a socket that floods messages after telling it limit_reached", () => {
    const gateway = gatewayWith({ messageBurst: 5, messagesPerSecond: 0 });
    const socket = connect(gateway);
    for (let i = 0; i < 6; i += 1) socket.receive({ type: "ping" });
    expect(socket.sent.filter((m) => m.type === "pong")).toHaveLength(5);
    expect(socket.sent.at(-1)).toMatchObject({ type: "error", code: "limit_reached" });
    expect(socket.closedWith).toBe(1008);
  });

  it("drops a subscriber that stopped reading instead of buffering for it without end", async () => {
    const gateway = gatewayWith({ maxBufferedBytes: 1_000 });
    const socket = connect(gateway);
    socket.receive({ type: "subscribe", channel: "market", token: keyFor("market") });
    await settle();
    expect(socket.sent[0]).toMatchObject({ type: "subscribed", channel: "market" });
    socket.bufferedAmount = 10_000;
    gateway.deliver([row(1)]);
    expect(socket.isTerminated).toBe(true);
    expect(gateway.hasSubscribers("market")).toBe(false);
  });

  it("forgets every subscription of a socket that closed", async () => {
    const gateway = gatewayWith();
    const socket = connect(gateway);
    socket.receive({ type: "subscribe", channel: "market", token: keyFor("market") });
    await settle();
    expect(gateway.subscribedChannels()).toEqual(["market"]);
    socket.close(1000);
    expect(gateway.subscribedChannels()).toEqual([]);
    expect(gateway.socketCount).toBe(0);
  });
});

describe("gateway delivery", () => {
  it("holds live events back until the subscribed answer and sends each one once", async () => {
    const gateway = gatewayWith();
    const socket = connect(gateway);
    socket.receive({ type: "subscribe", channel: "market", token: keyFor("market") });
    // The subscription exists at once, but its answer waits for the database.
    gateway.deliver([row(5)]);
    expect(socket.sent).toHaveLength(0);
    await settle();
    expect(socket.sent.map((m) => m.type)).toEqual(["subscribed", "event"]);
    gateway.deliver([row(6), row(7, "user.1")]);
    expect(socket.sent.map((m) => m.id ?? null)).toEqual([null, 5, 6]);
  });

  it("sends no event that was there when it subscribed, held or handed over again later", async () => {
    const now = Date.now();
    // The channel then: events 4 (recent) and 9 (the newest); 2 is older than the window.
    vi.mocked(findChannelStart).mockResolvedValueOnce({ newestId: 9, cutoffMs: now - 60_000, recentIds: [4, 9] });
    const at = (id: number, msAgo: number) => ({ ...row(id), createdAt: new Date(now - msAgo).toISOString() });
    const gateway = gatewayWith();
    const socket = connect(gateway);
    socket.receive({ type: "subscribe", channel: "market", token: keyFor("market") });
    gateway.deliver([at(9, 1_000)]);
    await settle();
    // 2 and 4 were there; 7 has a smaller id than the newest but committed after: it is news.
    gateway.deliver([at(2, 120_000), at(4, 5_000), at(7, 2_000), at(10, 0)]);
    expect(socket.sent.map((m) => m.id ?? m.type)).toEqual(["subscribed", 7, 10]);
  });

  it("keeps what the client had when it subscribes again with a renewed key", async () => {
    const now = Date.now();
    vi.mocked(findChannelStart)
      .mockResolvedValueOnce({ newestId: 3, cutoffMs: now - 60_000, recentIds: [3] })
      .mockResolvedValueOnce({ newestId: 4, cutoffMs: now - 60_000, recentIds: [3, 4] });
    const recent = (id: number) => ({ ...row(id), createdAt: new Date(now).toISOString() });
    const gateway = gatewayWith();
    const socket = connect(gateway);
    socket.receive({ type: "subscribe", channel: "market", token: keyFor("market") });
    await settle();
    socket.receive({ type: "subscribe", channel: "market", token: keyFor("market") });
    // Committed between the renewal and its read of the channel: news to this client all the same.
    gateway.deliver([recent(4)]);
    await settle();
    gateway.deliver([recent(3)]);
    expect(socket.sent.map((m) => m.id ?? m.type)).toEqual(["subscribed", "subscribed", 4]);
  });
});

describe("gateway heartbeat", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("pings every socket and terminates one that answered nothing for a whole beat", () => {
    const gateway = gatewayWith({ heartbeatMs: 1_000 });
    const silent = connect(gateway);
    const lively = connect(gateway);
    vi.advanceTimersByTime(1_000);
    expect(silent.pings).toBe(1);
    lively.emit("pong");
    vi.advanceTimersByTime(1_000);
    expect(silent.isTerminated).toBe(true);
    expect(lively.isTerminated).toBe(false);
    expect(gateway.socketCount).toBe(1);
  });
});
