import {
  REALTIME_HISTORY_LIMIT,
  REALTIME_MAX_MESSAGE_BYTES,
  REALTIME_MAX_SUBSCRIPTIONS,
  type RealtimeClientMessage,
  type RealtimeErrorCode,
  type RealtimeServerMessage,
  type RealtimeSubscribeMessage,
  realtimeChannelSchema,
  realtimeClientMessageSchema,
} from "@souk/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { RawData, WebSocket } from "ws";
import type { Db } from "../db/pool.ts";
import { verifyChannelKey } from "./realtime.keys.ts";
import { findChannelHistory, findChannelStart, type RealtimeEventRow } from "./realtime.repo.ts";
import {
  isAlreadyThere,
  LATE_COMMIT_WINDOW_MS,
  type SubscriptionStart,
  subscriptionStartOf,
} from "./realtime.subscription-start.ts";

export interface GatewayLimits {
  maxSockets: number;
  maxSubscriptionsPerSocket: number;
  maxMessageBytes: number;
  historyLimit: number;
  /** Messages a socket may send in a burst, refilled at `messagesPerSecond`. */
  messageBurst: number;
  messagesPerSecond: number;
  /** A socket whose unsent output grows past this is a slow consumer and is dropped. */
  maxBufferedBytes: number;
  heartbeatMs: number;
}

export const DEFAULT_GATEWAY_LIMITS: GatewayLimits = {
  maxSockets: 10_000,
  maxSubscriptionsPerSocket: REALTIME_MAX_SUBSCRIPTIONS,
  maxMessageBytes: REALTIME_MAX_MESSAGE_BYTES,
  historyLimit: REALTIME_HISTORY_LIMIT,
  // A client that comes back resubscribes to everything at once: that burst must pass.
  messageBurst: 2 * REALTIME_MAX_SUBSCRIPTIONS,
  messagesPerSecond: 20,
  maxBufferedBytes: 4 * 1024 * 1024,
  heartbeatMs: 30_000,
};

/** WebSocket close codes (RFC 6455 §7.4.1). */
const CLOSE_GOING_AWAY = 1001;
const CLOSE_POLICY_VIOLATION = 1008;
const CLOSE_INTERNAL_ERROR = 1011;
const CLOSE_TRY_AGAIN_LATER = 1013;
/** Timers longer than this overflow in Node and fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

interface Connection {
  socket: WebSocket;
  subscriptions: Map<string, Subscription>;
  isAlive: boolean;
  tokens: number;
  tokensAt: number;
}

interface Subscription {
  connection: Connection;
  channel: string;
  names: Set<string> | null;
  expiryTimer: NodeJS.Timeout;
  /** Live events held back while the history is read; null once the subscription is live. */
  held: RealtimeEventRow[] | null;
  /** What the client already has or did not ask for (decision 150); null while it is read. */
  start: SubscriptionStart | null;
}

function eventMessage(row: RealtimeEventRow): RealtimeServerMessage {
  return {
    type: "event",
    channel: row.channel,
    id: row.id,
    name: row.name,
    payload: row.payload,
    createdAt: row.createdAt,
  };
}

function rawByteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString("utf8");
}

/**
 * The sockets of this server process and what each one follows. Events come in from the listener
 * (already committed) and go out to the sockets subscribed to their channel. A subscription lives
 * as long as its key: when the key expires the client is told (token_expired) and subscribes again
 * with a fresh one, resuming from its last event id.
 */
export class RealtimeGateway {
  private readonly connections = new Set<Connection>();
  private readonly byChannel = new Map<string, Set<Subscription>>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly deps: { db: Db; signingKey: Buffer; log: FastifyBaseLogger },
    private readonly limits: GatewayLimits = DEFAULT_GATEWAY_LIMITS,
  ) {
    this.heartbeat = setInterval(() => this.beat(), limits.heartbeatMs);
    this.heartbeat.unref();
  }

  get socketCount(): number {
    return this.connections.size;
  }

  hasSubscribers(channel: string): boolean {
    return this.byChannel.has(channel);
  }

  subscribedChannels(): string[] {
    return [...this.byChannel.keys()];
  }

  /** Takes a freshly upgraded socket. Handlers are attached at once so no frame is lost. */
  accept(socket: WebSocket): void {
    if (this.connections.size >= this.limits.maxSockets) {
      socket.close(CLOSE_TRY_AGAIN_LATER, "server busy");
      return;
    }
    const connection: Connection = {
      socket,
      subscriptions: new Map(),
      isAlive: true,
      tokens: this.limits.messageBurst,
      tokensAt: Date.now(),
    };
    this.connections.add(connection);
    socket.on("message", (data, isBinary) => this.onMessage(connection, data, isBinary));
    socket.on("pong", () => {
      connection.isAlive = true;
    });
    socket.on("close", () => this.drop(connection));
    socket.on("error", (error) => {
      this.deps.log.debug({ error: error.message }, "real-time socket error");
      socket.terminate();
    });
  }

  /** Committed events from the listener: one serialisation per event, then each subscriber. */
  deliver(rows: readonly RealtimeEventRow[]): void {
    for (const row of rows) {
      const subscriptions = this.byChannel.get(row.channel);
      if (!subscriptions) continue;
      let text: string | null = null;
      for (const subscription of subscriptions) {
        if (subscription.names && !subscription.names.has(row.name)) continue;
        if (subscription.held) {
          subscription.held.push(row);
          continue;
        }
        // The listener's sweep and catch-up read recent events again: an old one is not news here.
        if (subscription.start && isAlreadyThere(subscription.start, row)) continue;
        text ??= JSON.stringify(eventMessage(row));
        this.sendText(subscription.connection, text);
      }
    }
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const connection of this.connections) {
      connection.socket.close(CLOSE_GOING_AWAY, "server shutting down");
      this.drop(connection);
    }
  }

  private onMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    connection.isAlive = true;
    if (!this.takeToken(connection)) {
      this.sendError(connection, "limit_reached", "Too many messages; slow down.");
      connection.socket.close(CLOSE_POLICY_VIOLATION, "too many messages");
      return;
    }
    const message = this.readMessage(connection, data, isBinary);
    if (message?.type === "ping") this.send(connection, { type: "pong" });
    else if (message?.type === "unsubscribe") this.unsubscribe(connection, message.channel);
    else if (message?.type === "subscribe") {
      this.subscribe(connection, message).catch((error: unknown) => {
        this.deps.log.error({ error: (error as Error).message }, "real-time subscribe failed");
        connection.socket.close(CLOSE_INTERNAL_ERROR, "internal error");
      });
    }
  }

  /** The message if it follows the protocol; otherwise the client is told bad_message and gets null. */
  private readMessage(connection: Connection, data: RawData, isBinary: boolean): RealtimeClientMessage | null {
    const refuse = (message: string, channel?: string): null => {
      this.sendError(connection, "bad_message", message, channel);
      return null;
    };
    if (isBinary) return refuse("Messages are JSON text frames.");
    if (rawByteLength(data) > this.limits.maxMessageBytes) {
      return refuse(`Messages are at most ${this.limits.maxMessageBytes} bytes.`);
    }
    let json: unknown;
    try {
      json = JSON.parse(rawText(data));
    } catch {
      return refuse("The message is not valid JSON.");
    }
    const parsed = realtimeClientMessageSchema.safeParse(json);
    if (parsed.success) return parsed.data;
    const channel = realtimeChannelSchema.safeParse((json as { channel?: unknown } | null)?.channel);
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (${issue.path.join(".")})` : "";
    return refuse(`The message does not match the protocol${where}.`, channel.success ? channel.data : undefined);
  }

  private async subscribe(connection: Connection, message: RealtimeSubscribeMessage): Promise<void> {
    const { channel } = message;
    const check = verifyChannelKey(this.deps.signingKey, message.token, Date.now());
    if (!check.isValid) {
      if (check.reason === "expired") {
        this.sendError(connection, "token_expired", "The channel key has expired; ask for a new one.", channel);
      } else {
        this.sendError(connection, "access_denied", "The channel key is not valid.", channel);
      }
      return;
    }
    if (check.claims.channel !== channel) {
      this.sendError(connection, "access_denied", "The channel key is for another channel.", channel);
      return;
    }
    const existing = connection.subscriptions.get(channel);
    if (!existing && connection.subscriptions.size >= this.limits.maxSubscriptionsPerSocket) {
      const limit = this.limits.maxSubscriptionsPerSocket;
      this.sendError(connection, "limit_reached", `A connection follows at most ${limit} channels.`, channel);
      return;
    }
    // Subscribing again (a renewed key, another filter, a replay) replaces the subscription in
    // the same tick, so no live event falls between the old one and the new one; the new one
    // keeps what the old one's client already had.
    const inherited = existing?.start ?? null;
    if (existing) this.remove(existing);
    const subscription: Subscription = {
      connection,
      channel,
      names: message.events ? new Set(message.events) : null,
      expiryTimer: setTimeout(
        () => this.expire(subscription),
        Math.min(MAX_TIMER_MS, check.claims.expiresAtSeconds * 1000 - Date.now()),
      ),
      held: [],
      start: null,
    };
    connection.subscriptions.set(channel, subscription);
    let subscribers = this.byChannel.get(channel);
    if (!subscribers) {
      subscribers = new Set();
      this.byChannel.set(channel, subscribers);
    }
    subscribers.add(subscription);
    await this.goLive(subscription, message, inherited);
  }

  /**
   * Reads where the channel stands (then the history after `since`, when asked), answers
   * `subscribed`, replays the history and the events held meanwhile, and lets live events through.
   * Nothing committed before the subscription reaches the client unless it asked for it.
   */
  private async goLive(
    subscription: Subscription,
    message: RealtimeSubscribeMessage,
    inherited: SubscriptionStart | null,
  ): Promise<void> {
    const { connection, channel } = subscription;
    const found = await findChannelStart(this.deps.db, channel, LATE_COMMIT_WINDOW_MS);
    // Read after the start, so the history holds every event that was there with an id above `since`.
    const history =
      message.since === undefined
        ? []
        : await findChannelHistory(this.deps.db, {
            channel,
            sinceId: message.since,
            names: message.events ?? null,
            limit: this.limits.historyLimit + 1,
          });
    // Unsubscribed or replaced while the database answered: that newer request has the floor.
    if (connection.subscriptions.get(channel) !== subscription) return;

    const isHistoryTruncated = history.length > this.limits.historyLimit;
    if (isHistoryTruncated) history.shift();
    const lastEventId = Math.max(found.newestId, history.at(-1)?.id ?? 0);
    this.send(connection, { type: "subscribed", channel, lastEventId, isHistoryTruncated });
    const start = inherited ?? subscriptionStartOf(found);
    for (const row of history) {
      start.seenIds.add(row.id);
      this.send(connection, eventMessage(row));
    }
    for (const row of subscription.held ?? []) {
      if (!isAlreadyThere(start, row)) this.send(connection, eventMessage(row));
    }
    subscription.start = start;
    subscription.held = null;
  }

  private unsubscribe(connection: Connection, channel: string): void {
    const subscription = connection.subscriptions.get(channel);
    if (subscription) this.remove(subscription);
  }

  private expire(subscription: Subscription): void {
    if (subscription.connection.subscriptions.get(subscription.channel) !== subscription) return;
    this.remove(subscription);
    this.sendError(
      subscription.connection,
      "token_expired",
      "The channel key has expired; ask for a new one and subscribe again.",
      subscription.channel,
    );
  }

  private remove(subscription: Subscription): void {
    clearTimeout(subscription.expiryTimer);
    const { connection, channel } = subscription;
    if (connection.subscriptions.get(channel) === subscription) connection.subscriptions.delete(channel);
    const subscribers = this.byChannel.get(channel);
    subscribers?.delete(subscription);
    if (subscribers?.size === 0) this.byChannel.delete(channel);
  }

  private drop(connection: Connection): void {
    if (!this.connections.delete(connection)) return;
    for (const subscription of [...connection.subscriptions.values()]) this.remove(subscription);
  }

  private takeToken(connection: Connection): boolean {
    const now = Date.now();
    const refill = ((now - connection.tokensAt) / 1000) * this.limits.messagesPerSecond;
    connection.tokens = Math.min(this.limits.messageBurst, connection.tokens + refill);
    connection.tokensAt = now;
    if (connection.tokens < 1) return false;
    connection.tokens -= 1;
    return true;
  }

  /** Sockets that missed a whole heartbeat (no pong, no message) are gone: drop them. */
  private beat(): void {
    for (const connection of this.connections) {
      if (!connection.isAlive) {
        connection.socket.terminate();
        this.drop(connection);
        continue;
      }
      connection.isAlive = false;
      connection.socket.ping();
    }
  }

  private sendError(connection: Connection, code: RealtimeErrorCode, message: string, channel?: string): void {
    this.send(connection, { type: "error", ...(channel === undefined ? {} : { channel }), code, message });
  }

  private send(connection: Connection, message: RealtimeServerMessage): void {
    this.sendText(connection, JSON.stringify(message));
  }

  private sendText(connection: Connection, text: string): void {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.limits.maxBufferedBytes) {
      // A client that does not read would make this process hold its backlog in memory.
      socket.terminate();
      this.drop(connection);
      return;
    }
    socket.send(text);
  }
}
