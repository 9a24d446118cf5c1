import {
  type ChannelKey,
  PUSH_AUTH_RENEWAL_SECONDS,
  REALTIME_PATH,
  REAUTH_PUSH_SUBSCRIPTION_PATH,
  type RealtimeClientMessage,
  type RealtimeErrorCode,
  type RealtimeEventMessage,
  type RealtimeServerMessage,
} from "@souk/contracts";

/**
 * The real-time channel of the web app (docs/product.md#real-time-channel): one WebSocket to
 * /realtime,
 * a key per channel from POST /account/re-auth-push-subscription renewed 300 s before it expires,
 * a new key on access_denied or token_expired, `connection_off` / `connection_on` when the network
 * goes and comes back, and a resubscription after errors that resumes from the last event id so
 * nothing is missed. Events are hints: a feature refetches what an event names.
 */

/** The part of the browser's WebSocket this client uses (tests pass a fake). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
type WebSocketConstructor = new (url: string) => WebSocketLike;

/** The part of `window` used to hear about the network. */
export interface NetworkEvents {
  addEventListener(type: "online" | "offline", listener: () => void): void;
  removeEventListener(type: "online" | "offline", listener: () => void): void;
}

export type ConnectionEvent = "connection_off" | "connection_on";
export type KeyRequester = (channel: string) => Promise<Pick<ChannelKey, "token" | "expireIn">>;

export interface RealtimeClientOptions {
  /** Asks the server for a channel key; use `requestChannelKeyWith(apiClient)` in the app. */
  requestKey: KeyRequester;
  /** ws(s)://host/realtime from the page's location when absent. */
  url?: string;
  WebSocket?: WebSocketConstructor;
  network?: NetworkEvents | null;
  /** First and longest wait before reconnecting or resubscribing; doubles in between. */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** A ping this often; no pong within `pongTimeoutMs` means the connection is gone. */
  heartbeatMs?: number;
  pongTimeoutMs?: number;
  random?: () => number;
}

export interface SubscribeOptions {
  /** Replay the channel's events after this id first. */
  since?: number;
  /** Only these event names (all when absent). */
  events?: string[];
  onEvent: (event: RealtimeEventMessage) => void;
  /**
   * The server accepted the subscription, whose channel's newest event was then `lastEventId` (a
   * listener joining a subscription in place hears it at once); `isHistoryTruncated` means: refetch
   * everything.
   */
  onSubscribed?: (info: { lastEventId: number; isHistoryTruncated: boolean }) => void;
  /** A refused key, or an error the server sent for this channel. */
  onError?: (error: { code: RealtimeErrorCode | "key_refused"; message: string; cause?: unknown }) => void;
  /** Subscribe again after an error (with backoff). Default true, as the spec says. */
  resubscribeOnError?: boolean;
}

interface Listener {
  options: SubscribeOptions;
}

interface ChannelState {
  channel: string;
  listeners: Set<Listener>;
  /** The newest event id seen (or announced by `subscribed`): where a resubscription resumes. */
  lastEventId: number | undefined;
  key: { token: string; renewAtMs: number; expiresAtMs: number } | null;
  isSubscribed: boolean;
  renewTimer: ReturnType<typeof setTimeout> | null;
  retryTimer: ReturnType<typeof setTimeout> | null;
  retryAttempt: number;
  /** Ids already handed to listeners, so a replay that overlaps live delivery is not seen twice. */
  recentIds: Set<number>;
  /** Bumped on every subscribe attempt; a late key answer for an older attempt is dropped. */
  attempt: number;
}

const OPEN = 1;
const RECENT_IDS = 256;
/** Errors after which sending the same subscribe again cannot help. */
const FINAL_ERRORS: ReadonlySet<string> = new Set(["bad_message", "limit_reached"]);

/** What the key requester needs of the API client: a POST whose answer it checks itself. */
interface PostingClient {
  post(path: string, body: unknown): Promise<unknown>;
}

/** The app's key requester: POST /account/re-auth-push-subscription through the API client (CSRF included). */
export function requestChannelKeyWith(client: PostingClient): KeyRequester {
  return async (channel) => {
    const answer = (await client.post(REAUTH_PUSH_SUBSCRIPTION_PATH, { channels: [channel] })) as {
      data?: { channels?: ChannelKey[] };
    };
    const key = answer.data?.channels?.[0];
    if (!key || typeof key.token !== "string" || typeof key.expireIn !== "number") {
      throw new Error("The channel key answer is malformed");
    }
    return key;
  };
}

function defaultUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}${REALTIME_PATH}`;
}

function parseServerMessage(data: unknown): RealtimeServerMessage | null {
  if (typeof data !== "string") return null;
  try {
    const message = JSON.parse(data) as { type?: unknown };
    return typeof message === "object" && message !== null && typeof message.type === "string"
      ? (message as RealtimeServerMessage)
      : null;
  } catch {
    return null;
  }
}

/** The events filter the server gets: the union of the listeners', or none if one wants all. */
function serverFilter(state: ChannelState): string[] | undefined {
  const names = new Set<string>();
  for (const { options } of state.listeners) {
    if (!options.events) return undefined;
    for (const name of options.events) names.add(name);
  }
  return [...names].sort();
}

export class RealtimeClient {
  private socket: WebSocketLike | null = null;
  private readonly channels = new Map<string, ChannelState>();
  private readonly connectionListeners = new Map<ConnectionEvent, Set<() => void>>();
  private isOffAnnounced = false;
  private isClosed = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectAttempt = 0;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly settings: Required<Omit<RealtimeClientOptions, "network" | "url">> & {
    url: string | undefined;
    network: NetworkEvents | null;
  };

  constructor(options: RealtimeClientOptions) {
    this.settings = {
      requestKey: options.requestKey,
      url: options.url,
      WebSocket: options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor),
      network: options.network === undefined ? (globalThis.window ?? null) : options.network,
      retryMinMs: options.retryMinMs ?? 500,
      retryMaxMs: options.retryMaxMs ?? 30_000,
      heartbeatMs: options.heartbeatMs ?? 25_000,
      pongTimeoutMs: options.pongTimeoutMs ?? 10_000,
      random: options.random ?? Math.random,
    };
    this.settings.network?.addEventListener("offline", this.onOffline);
    this.settings.network?.addEventListener("online", this.onOnline);
  }

  /** Listens for `connection_off` / `connection_on`; returns the way to stop. */
  on(event: ConnectionEvent, listener: () => void): () => void {
    let listeners = this.connectionListeners.get(event);
    if (!listeners) {
      listeners = new Set();
      this.connectionListeners.set(event, listeners);
    }
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /**
   * Follows a channel; returns the way to stop. Several listeners may share one channel: the
   * server gets the union of their filters, and `since` counts for the first one (a later one
   * hears from now on).
   */
  subscribe(channel: string, options: SubscribeOptions): () => void {
    const listener: Listener = { options };
    let state = this.channels.get(channel);
    const filterBefore = state ? serverFilter(state)?.join() : null;
    if (!state) {
      state = {
        channel,
        listeners: new Set(),
        lastEventId: options.since,
        key: null,
        isSubscribed: false,
        renewTimer: null,
        retryTimer: null,
        retryAttempt: 0,
        recentIds: new Set(),
        attempt: 0,
      };
      this.channels.set(channel, state);
    }
    state.listeners.add(listener);
    const current = state;
    if (filterBefore === null) void this.sendSubscribe(current);
    else if (serverFilter(current)?.join() !== filterBefore) void this.sendSubscribe(current, false);
    // A listener joining a subscription in place hears where it stands, as the first one did.
    if (filterBefore !== null && current.isSubscribed) {
      options.onSubscribed?.({ lastEventId: current.lastEventId ?? 0, isHistoryTruncated: false });
    }
    this.ensureSocket();
    return () => this.removeListener(current, listener);
  }

  /** Closes the socket and forgets every channel. */
  close(): void {
    this.isClosed = true;
    this.settings.network?.removeEventListener("offline", this.onOffline);
    this.settings.network?.removeEventListener("online", this.onOnline);
    for (const state of this.channels.values()) this.clearChannelTimers(state);
    this.channels.clear();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, "client closed");
    }
  }

  // --- connection ------------------------------------------------------------------------------

  private ensureSocket(): void {
    if (this.socket || this.isClosed || this.reconnectTimer) return;
    const socket = new this.settings.WebSocket(this.settings.url ?? defaultUrl());
    this.socket = socket;
    socket.onopen = () => this.onOpen(socket);
    socket.onmessage = (event) => this.onMessage(event.data);
    socket.onclose = () => this.onDrop(socket);
    // An error is always followed by a close; the close does the work.
    socket.onerror = () => {};
  }

  private onOpen(socket: WebSocketLike): void {
    if (socket !== this.socket) return;
    this.reconnectAttempt = 0;
    if (this.isOffAnnounced) {
      this.isOffAnnounced = false;
      this.emit("connection_on");
    }
    this.startHeartbeat();
    for (const state of this.channels.values()) void this.sendSubscribe(state);
  }

  private onDrop(socket: WebSocketLike): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.stopHeartbeat();
    for (const state of this.channels.values()) state.isSubscribed = false;
    this.announceOff();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.isClosed || this.reconnectTimer || this.channels.size === 0) return;
    const delay = this.backoff(this.reconnectAttempt);
    this.reconnectAttempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.ensureSocket();
    }, delay);
  }

  private readonly onOffline = (): void => {
    this.announceOff();
    // The socket may take minutes to notice; drop it now and reconnect once the network is back.
    const socket = this.socket;
    if (socket) {
      this.onDrop(socket);
      socket.onclose = null;
      socket.close(4000, "offline");
    }
  };

  private readonly onOnline = (): void => {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.reconnectAttempt = 0;
    if (this.channels.size > 0) this.ensureSocket();
  };

  private announceOff(): void {
    if (this.isOffAnnounced || this.isClosed) return;
    this.isOffAnnounced = true;
    this.emit("connection_off");
  }

  private emit(event: ConnectionEvent): void {
    for (const listener of this.connectionListeners.get(event) ?? []) listener();
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeatTimer = setInterval(() => {
      if (!this.send({ type: "ping" }) || this.pongTimer) return;
      this.pongTimer = setTimeout(() => {
        this.pongTimer = null;
        const socket = this.socket;
        if (!socket) return;
        this.onDrop(socket);
        socket.onclose = null;
        socket.close(4001, "no pong");
      }, this.settings.pongTimeoutMs);
    }, this.settings.heartbeatMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.heartbeatTimer = null;
    this.pongTimer = null;
  }

  private send(message: RealtimeClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.settings.retryMaxMs, this.settings.retryMinMs * 2 ** attempt);
    // Jitter spreads the reconnections of many tabs after a server restart.
    return Math.round(ceiling / 2 + (ceiling / 2) * this.settings.random());
  }

  // --- channels --------------------------------------------------------------------------------

  /**
   * Sends `subscribe` with a valid key, asking for one first when there is none or it is due for
   * renewal. `resume` adds `since` (the last event id) so what happened meanwhile is replayed.
   */
  private async sendSubscribe(state: ChannelState, resume = true): Promise<void> {
    if (!this.socket || this.socket.readyState !== OPEN || this.channels.get(state.channel) !== state) return;
    state.attempt += 1;
    const attempt = state.attempt;
    if (!state.key || Date.now() >= state.key.renewAtMs) {
      let key: Pick<ChannelKey, "token" | "expireIn">;
      try {
        key = await this.settings.requestKey(state.channel);
      } catch (error) {
        if (state.attempt !== attempt) return;
        this.notifyError(state, { code: "key_refused", message: "The channel key was refused.", cause: error });
        this.scheduleResubscribe(state);
        return;
      }
      if (state.attempt !== attempt || this.channels.get(state.channel) !== state) return;
      this.storeKey(state, key);
    }
    const since = resume ? state.lastEventId : undefined;
    const events = serverFilter(state);
    const isSent = this.send({
      type: "subscribe",
      channel: state.channel,
      token: state.key?.token ?? "",
      ...(since === undefined ? {} : { since }),
      ...(events ? { events } : {}),
    });
    if (!isSent) state.isSubscribed = false;
  }

  private storeKey(state: ChannelState, key: Pick<ChannelKey, "token" | "expireIn">): void {
    const now = Date.now();
    // The spec renews 300 s before expiry; a key shorter than that is renewed half-way.
    const renewInS =
      key.expireIn > PUSH_AUTH_RENEWAL_SECONDS * 2 ? key.expireIn - PUSH_AUTH_RENEWAL_SECONDS : key.expireIn / 2;
    state.key = { token: key.token, renewAtMs: now + renewInS * 1000, expiresAtMs: now + key.expireIn * 1000 };
    if (state.renewTimer) clearTimeout(state.renewTimer);
    state.renewTimer = setTimeout(() => {
      state.renewTimer = null;
      // The server swaps the subscription in place: no replay is needed for a renewal.
      void this.sendSubscribe(state, false);
    }, renewInS * 1000);
  }

  private scheduleResubscribe(state: ChannelState): void {
    if (this.isClosed || state.retryTimer || this.channels.get(state.channel) !== state) return;
    const wantsRetry = [...state.listeners].some((listener) => listener.options.resubscribeOnError !== false);
    if (!wantsRetry) return;
    const delay = this.backoff(state.retryAttempt);
    state.retryAttempt += 1;
    state.retryTimer = setTimeout(() => {
      state.retryTimer = null;
      void this.sendSubscribe(state);
    }, delay);
  }

  private onMessage(data: unknown): void {
    const message = parseServerMessage(data);
    if (!message) return;
    if (message.type === "pong") {
      if (this.pongTimer) clearTimeout(this.pongTimer);
      this.pongTimer = null;
      return;
    }
    if (message.type === "error" && message.channel === undefined) return;
    const state = this.channels.get(message.channel ?? "");
    if (!state) return;
    switch (message.type) {
      case "subscribed":
        state.isSubscribed = true;
        state.retryAttempt = 0;
        state.lastEventId = Math.max(state.lastEventId ?? 0, message.lastEventId);
        for (const { options } of state.listeners) {
          options.onSubscribed?.({ lastEventId: message.lastEventId, isHistoryTruncated: message.isHistoryTruncated });
        }
        return;
      case "event":
        this.onEvent(state, message);
        return;
      case "error":
        this.onChannelError(state, message.code, message.message);
        return;
    }
  }

  private onEvent(state: ChannelState, event: RealtimeEventMessage): void {
    if (state.recentIds.has(event.id)) return;
    state.recentIds.add(event.id);
    for (const id of state.recentIds) {
      if (state.recentIds.size <= RECENT_IDS) break;
      state.recentIds.delete(id);
    }
    state.lastEventId = Math.max(state.lastEventId ?? 0, event.id);
    for (const { options } of state.listeners) {
      if (!options.events || options.events.includes(event.name)) options.onEvent(event);
    }
  }

  private onChannelError(state: ChannelState, code: RealtimeErrorCode, message: string): void {
    state.isSubscribed = false;
    if (code === "access_denied" || code === "token_expired") {
      // The spec: on access-denied a new key is requested and applied.
      state.key = null;
      if (state.retryAttempt === 0) {
        state.retryAttempt = 1;
        void this.sendSubscribe(state);
      } else {
        this.notifyError(state, { code, message });
        this.scheduleResubscribe(state);
      }
      return;
    }
    this.notifyError(state, { code, message });
    if (!FINAL_ERRORS.has(code)) this.scheduleResubscribe(state);
  }

  private notifyError(state: ChannelState, error: Parameters<NonNullable<SubscribeOptions["onError"]>>[0]): void {
    for (const { options } of state.listeners) options.onError?.(error);
  }

  private removeListener(state: ChannelState, listener: Listener): void {
    const filterBefore = serverFilter(state)?.join();
    if (!state.listeners.delete(listener)) return;
    if (state.listeners.size > 0) {
      // A narrower union of filters: tell the server, without a replay.
      if (serverFilter(state)?.join() !== filterBefore) void this.sendSubscribe(state, false);
      return;
    }
    this.clearChannelTimers(state);
    this.channels.delete(state.channel);
    this.send({ type: "unsubscribe", channel: state.channel });
  }

  private clearChannelTimers(state: ChannelState): void {
    if (state.renewTimer) clearTimeout(state.renewTimer);
    if (state.retryTimer) clearTimeout(state.retryTimer);
    state.renewTimer = null;
    state.retryTimer = null;
    state.attempt += 1;
  }
}
