import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { withTx } from "../db/pool.ts";
import { channelFor, publishEvent } from "./index.ts";
import { percentile, SocketProbe } from "./realtime.int-helpers.ts";

/**
 * Measures publish -> delivery in one process: from the start of the publishing transaction to the
 * event arriving at a WebSocket client. It prints the figures and asserts only that every event
 * arrived (timings are for benchmarks, never for pass/fail).
 */

const EVENTS = 1_000;

let t: TestApp;
let probe: SocketProbe;
let channel: string;
const arrivals = new Map<number, number>();
const waiters = new Map<number, () => void>();

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const user = await t.signUp();
  channel = channelFor.user(user.user!.id);
  probe = await SocketProbe.open(`ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/realtime`);
  probe.socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { type: string; payload?: { seq?: number } };
    const seq = message.payload?.seq;
    if (message.type !== "event" || seq === undefined) return;
    arrivals.set(seq, performance.now());
    waiters.get(seq)?.();
  });
  const key = await user.post("/account/re-auth-push-subscription", { channels: [channel] });
  await probe.subscribe(channel, key.body.data.channels[0].token);
});
afterAll(async () => {
  await probe.close();
  await t.close();
});

function arrival(seq: number): Promise<void> {
  if (arrivals.has(seq)) return Promise.resolve();
  return new Promise((resolve) => waiters.set(seq, resolve));
}

function report(label: string, latencies: number[]): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  const figures = [50, 90, 99, 100].map((p) => `p${p} ${percentile(sorted, p).toFixed(2)} ms`).join(", ");
  console.log(`[realtime latency] ${label}: ${sorted.length} events, ${figures}`);
}

describe("publish to delivery latency", () => {
  it("delivers a thousand events published one after another, and prints their latency", async () => {
    const latencies: number[] = [];
    const afterCommit: number[] = [];
    for (let seq = 0; seq < EVENTS; seq += 1) {
      const startedAt = performance.now();
      await withTx(t.db, (tx) => publishEvent(tx, { channel, name: "trade.updated", payload: { seq } }));
      const committedAt = performance.now();
      await arrival(seq);
      latencies.push((arrivals.get(seq) as number) - startedAt);
      afterCommit.push(Math.max(0, (arrivals.get(seq) as number) - committedAt));
    }
    report("sequential, transaction start to client", latencies);
    report("sequential, commit to client", afterCommit);
    expect(latencies).toHaveLength(EVENTS);
  });

  it("delivers a thousand events from ten concurrent writers, and prints their latency", async () => {
    const base = EVENTS;
    const committedAt = new Map<number, number>();
    const startedAt = new Map<number, number>();
    let next = base;
    const writer = async () => {
      while (next < base + EVENTS) {
        const seq = next;
        next += 1;
        startedAt.set(seq, performance.now());
        await withTx(t.db, (tx) => publishEvent(tx, { channel, name: "trade.updated", payload: { seq } }));
        committedAt.set(seq, performance.now());
      }
    };
    await Promise.all(Array.from({ length: 10 }, writer));
    const seqs = [...startedAt.keys()];
    await Promise.all(seqs.map(arrival));
    report(
      "10 writers, transaction start to client",
      seqs.map((seq) => (arrivals.get(seq) as number) - (startedAt.get(seq) as number)),
    );
    report(
      "10 writers, commit to client",
      seqs.map((seq) => Math.max(0, (arrivals.get(seq) as number) - (committedAt.get(seq) as number))),
    );
    expect(seqs).toHaveLength(EVENTS);
  });
});
