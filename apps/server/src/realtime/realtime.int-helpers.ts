/**
 * Helpers for the real-time integration tests: a WebSocket client that records what the server
 * says, and a small HTTP client with cookies and CSRF for servers that really listen.
 */
import { type RealtimeServerMessage, realtimeServerMessageSchema } from "@souk/contracts";
import WebSocket from "ws";

type Waiter = {
  predicate: (message: RealtimeServerMessage) => boolean;
  resolve: (message: RealtimeServerMessage) => void;
};

/** A real WebSocket client; every server message is parsed with the contract and kept. */
export class SocketProbe {
  readonly messages: RealtimeServerMessage[] = [];
  private waiters: Waiter[] = [];
  closeCode: number | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = realtimeServerMessageSchema.parse(JSON.parse(String(data)));
      this.messages.push(message);
      for (const waiter of [...this.waiters]) {
        if (waiter.predicate(message)) {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          waiter.resolve(message);
        }
      }
    });
    socket.on("close", (code) => {
      this.closeCode = code;
    });
  }

  static open(url: string): Promise<SocketProbe> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      const probe = new SocketProbe(socket);
      socket.once("open", () => resolve(probe));
      socket.once("error", reject);
    });
  }

  send(message: object | string | Buffer): void {
    this.socket.send(typeof message === "string" || Buffer.isBuffer(message) ? message : JSON.stringify(message));
  }

  /** The first message, already received or still to come, that matches. */
  waitFor<M extends RealtimeServerMessage = RealtimeServerMessage>(
    predicate: (message: RealtimeServerMessage) => boolean,
    timeoutMs = 5_000,
  ): Promise<M> {
    const seen = this.messages.find(predicate);
    if (seen) return Promise.resolve(seen as M);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`));
      }, timeoutMs);
      const done = (message: RealtimeServerMessage) => {
        clearTimeout(timer);
        resolve(message as M);
      };
      this.waiters.push({ predicate, resolve: done });
    });
  }

  waitForEvent(channel: string, name: string, payloadKey?: string, payloadValue?: unknown, timeoutMs?: number) {
    return this.waitFor<Extract<RealtimeServerMessage, { type: "event" }>>(
      (m) =>
        m.type === "event" &&
        m.channel === channel &&
        m.name === name &&
        (payloadKey === undefined || m.payload[payloadKey] === payloadValue),
      timeoutMs,
    );
  }

  events(channel?: string) {
    return this.messages.filter(
      (m): m is Extract<RealtimeServerMessage, { type: "event" }> =>
        m.type === "event" && (channel === undefined || m.channel === channel),
    );
  }

  async subscribe(channel: string, token: string, extra: { since?: number; events?: string[] } = {}) {
    this.send({ type: "subscribe", channel, token, ...extra });
    return this.waitFor<Extract<RealtimeServerMessage, { type: "subscribed" }>>(
      (m) => (m.type === "subscribed" || m.type === "error") && m.channel === channel,
    );
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once("close", () => resolve());
      this.socket.close();
    });
  }
}

/** A browser-like client over real HTTP: keeps cookies and sends the CSRF token on POST. */
export class HttpSession {
  private cookies = new Map<string, string>();
  private csrfToken: string | null = null;

  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (method !== "GET") {
      headers["content-type"] = "application/json";
      headers["x-requested-with"] = "XMLHttpRequest";
      headers["x-csrf-token"] = await this.csrf();
    }
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const parsed = (await response.json().catch(() => null)) as T;
    const data = (parsed as { data?: { csrfToken?: unknown } } | null)?.data;
    if (data && typeof data.csrfToken === "string") this.csrfToken = data.csrfToken;
    return { status: response.status, body: parsed };
  }

  private async csrf(): Promise<string> {
    if (!this.csrfToken) await this.request("GET", "/rest/v1/csrf");
    return this.csrfToken ?? "";
  }

  /** A channel key through the real re-auth call. */
  async channelKey(channel: string): Promise<string> {
    const response = await this.request("POST", "/account/re-auth-push-subscription", { channels: [channel] });
    if (response.status !== 200) throw new Error(`key refused: ${response.status} ${JSON.stringify(response.body)}`);
    const answer = response.body as { data: { channels: { token: string }[] } };
    return answer.data.channels[0]?.token ?? "";
  }
}

/** Percentile of sorted numbers (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}
