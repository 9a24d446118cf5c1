// @vitest-environment happy-dom
import type { RealtimeServerMessage } from "@souk/contracts";
import { cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeWebSocket } from "../test-utils/fake-websocket.ts";
import { RealtimeClient } from "./realtime-client.ts";
import { useRealtimeChannel } from "./use-realtime-channel.ts";

/** The app's shared connection, made of the real client over a fake socket for each test. */
const shared = vi.hoisted(() => ({ client: null as RealtimeClient | null }));
vi.mock("./realtime.ts", () => ({ sharedRealtime: () => shared.client }));

const channel = "trade.4HEJwTGrpdT";
const subscribed = (lastEventId: number): RealtimeServerMessage => ({
  type: "subscribed",
  channel,
  lastEventId,
  isHistoryTruncated: false,
});

function latestSocket(): FakeWebSocket {
  const socket = FakeWebSocket.instances.at(-1);
  if (!socket) throw new Error("no socket was opened");
  return socket;
}

/** A page following the channel, its socket open and its subscribe sent. */
async function followChannel() {
  const onResync = vi.fn();
  renderHook(() => useRealtimeChannel(channel, { onEvent: vi.fn(), onResync }));
  const socket = latestSocket();
  socket.open();
  await vi.advanceTimersByTimeAsync(0);
  expect(socket.subscribes()).toHaveLength(1);
  return { socket, onResync };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
  shared.client = new RealtimeClient({
    requestKey: async () => ({ token: "key", expireIn: 3_600 }),
    url: "ws://souk.test/realtime",
    WebSocket: FakeWebSocket,
    network: null,
    random: () => 1,
  });
});
afterEach(() => {
  cleanup();
  shared.client?.close();
  vi.useRealTimers();
});

describe("following a channel", () => {
  it("refetches once its first subscription stands, then only after a reconnection", async () => {
    const { socket, onResync } = await followChannel();
    expect(onResync).not.toHaveBeenCalled();
    // The page read its data before: an event committed in between is caught by this refetch.
    socket.receive(subscribed(12));
    expect(onResync).toHaveBeenCalledTimes(1);
    // The same subscription confirmed again (a renewed key): nothing was missed.
    socket.receive(subscribed(12));
    expect(onResync).toHaveBeenCalledTimes(1);

    socket.drop();
    await vi.advanceTimersByTimeAsync(30_000);
    const again = latestSocket();
    again.open();
    expect(onResync).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(0);
    again.receive(subscribed(15));
    expect(onResync).toHaveBeenCalledTimes(2);
  });

  it("has nothing to catch up on a channel with no event yet", async () => {
    const { socket, onResync } = await followChannel();
    socket.receive(subscribed(0));
    expect(onResync).not.toHaveBeenCalled();
  });

  it("refetches when it joins a subscription that already stands", async () => {
    const { socket } = await followChannel();
    socket.receive(subscribed(12));
    const onResync = vi.fn();
    renderHook(() => useRealtimeChannel(channel, { onEvent: vi.fn(), onResync }));
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(socket.subscribes()).toHaveLength(1);
  });
});
