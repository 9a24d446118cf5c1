import type { RealtimeServerMessage } from "@souk/contracts";
import type { WebSocketLike } from "../lib/realtime-client.ts";

/**
 * A WebSocket to the real-time gateway for the client's tests: it records what the client sends,
 * answers pings as the server does, and a test opens, drops or speaks for the server.
 */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  /** Answers pings as the server does, unless a test wants silence. */
  static isAnsweringPings = true;
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  sent: Record<string, unknown>[] = [];

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string): void {
    const message = JSON.parse(data);
    this.sent.push(message);
    if (message.type === "ping" && FakeWebSocket.isAnsweringPings) {
      queueMicrotask(() => this.receive({ type: "pong" }));
    }
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: RealtimeServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
  subscribes() {
    return this.sent.filter((message) => message.type === "subscribe");
  }
}
