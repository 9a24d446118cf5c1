import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { APP_ROLE } from "../db/pool.ts";
import { NOTIFY_CHANNEL, type RealtimeEventRow, selectEventsByIds, selectEventsToCatchUp } from "./realtime.repo.ts";

export interface EventListenerOptions {
  databaseUrl: string;
  log: FastifyBaseLogger;
  /** Only channels with a local subscriber are read from the database. */
  hasSubscribers(channel: string): boolean;
  /** Every channel with a local subscriber, for the catch-up after a lost connection. */
  subscribedChannels(): string[];
  deliver(rows: RealtimeEventRow[]): void;
}

/** Names the listening connection in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = "souk-realtime-listener";
/** How far back before a lost connection the catch-up looks for events committed late. */
const CATCH_UP_LOOKBACK_MS = 60_000;
const CATCH_UP_LIMIT = 10_000;
const FETCH_BATCH = 500;
/** Ids already delivered, so a catch-up never sends one twice. */
const DELIVERED_MEMORY = 50_000;
const HEALTH_CHECK_MS = 15_000;
/**
 * Notifications are sent after commit, so one can be lost (a copy dies between its commit and its
 * NOTIFY). Every few seconds the listener reads the recent events of its channels and hands over
 * any it has not delivered.
 */
const SWEEP_MS = 5_000;
const SWEEP_LOOKBACK_MS = 20_000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * The one LISTEN connection of this server process. A NOTIFY names an event id and its channel;
 * when the channel has a subscriber here, the row is read on this same connection (no wait for a
 * pool client behind busy requests) and handed to the gateway. If the connection drops, it comes
 * back with backoff and catches up on what was committed meanwhile.
 */
export class EventListener {
  private client: pg.Client | null = null;
  private isClosed = false;
  private lastHeardId = 0;
  private lostAt: Date | null = null;
  private readonly pendingIds = new Set<number>();
  private isFetching = false;
  private readonly delivered = new Set<number>();
  private reconnectDelayMs = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private healthTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: EventListenerOptions) {}

  /** Connects and listens; fails when the database cannot be reached at start-up. */
  async start(): Promise<void> {
    await this.connect();
    this.healthTimer = setInterval(() => void this.checkHealth(), HEALTH_CHECK_MS);
    this.healthTimer.unref();
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweepTimer.unref();
  }

  /** Events this process committed itself, handed over at once (the NOTIFY that follows is a no-op). */
  acceptLocal(rows: RealtimeEventRow[]): void {
    this.hand(rows.filter((row) => this.options.hasSubscribers(row.channel)));
  }

  async close(): Promise<void> {
    this.isClosed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.healthTimer) clearInterval(this.healthTimer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      options: `-c role=${APP_ROLE}`,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    client.on("notification", (message) => this.onNotification(message));
    client.on("error", (error) => this.onLost(client, error));
    client.on("end", () => this.onLost(client, null));
    try {
      await client.connect();
      // Listening starts before the catch-up read, so nothing committed in between is missed
      // (an event seen by both is delivered once).
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      if (this.lostAt === null) {
        // Live from here on: what was committed before this process started is history, served
        // on request (`since`), never pushed as if it were new.
        const result = await client.query<{ lastId: string | null }>(
          `SELECT max(id)::text AS "lastId" FROM realtime_events`,
        );
        this.lastHeardId = Math.max(this.lastHeardId, Number(result.rows[0]?.lastId ?? 0));
      } else {
        await this.catchUp(client);
      }
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.isClosed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    void this.fetchPending();
  }

  private onLost(client: pg.Client, error: Error | null): void {
    if (this.client !== client || this.isClosed) return;
    this.client = null;
    this.lostAt ??= new Date();
    this.options.log.warn({ error: error?.message }, "real-time listener lost its connection; reconnecting");
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.isClosed || this.reconnectTimer) return;
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(RECONNECT_MAX_MS, this.reconnectDelayMs * 2);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((error: unknown) => {
        this.options.log.warn({ error: (error as Error).message }, "real-time listener could not reconnect");
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }

  private async catchUp(client: pg.Client): Promise<void> {
    const lostAt = this.lostAt ?? new Date();
    const channels = this.options.subscribedChannels();
    if (channels.length > 0) {
      const rows = await selectEventsToCatchUp(client, {
        afterId: this.lastHeardId,
        createdAfter: new Date(lostAt.getTime() - CATCH_UP_LOOKBACK_MS),
        channels,
        limit: CATCH_UP_LIMIT,
      });
      this.hand(rows);
    }
    this.lostAt = null;
    this.reconnectDelayMs = RECONNECT_MIN_MS;
    this.options.log.info({ lastHeardId: this.lastHeardId }, "real-time listener reconnected");
  }

  private onNotification(message: pg.Notification): void {
    if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
    const colon = message.payload.indexOf(":");
    const id = Number(message.payload.slice(0, colon));
    const channel = message.payload.slice(colon + 1);
    if (colon < 0 || !Number.isSafeInteger(id)) return;
    if (id > this.lastHeardId) this.lastHeardId = id;
    // This process's own commits were handed over at commit (acceptLocal): no read for those.
    if (!this.options.hasSubscribers(channel) || this.delivered.has(id)) return;
    this.pendingIds.add(id);
    void this.fetchPending();
  }

  /**
   * One read at a time on the connection: notifications that arrive during a read are gathered
   * and read together next, so a burst costs a few queries, not one per event.
   */
  private async fetchPending(): Promise<void> {
    if (this.isFetching) return;
    this.isFetching = true;
    try {
      while (this.pendingIds.size > 0 && this.client) {
        const ids = [...this.pendingIds].slice(0, FETCH_BATCH);
        for (const id of ids) this.pendingIds.delete(id);
        try {
          this.hand(await selectEventsByIds(this.client, ids));
        } catch (error) {
          // The connection failed under the read: the reconnect's catch-up brings these back.
          this.options.log.warn({ error: (error as Error).message }, "real-time listener could not read events");
          break;
        }
      }
    } finally {
      this.isFetching = false;
    }
  }

  private hand(rows: RealtimeEventRow[]): void {
    const fresh = rows.filter((row) => !this.delivered.has(row.id));
    for (const row of fresh) {
      this.delivered.add(row.id);
      if (row.id > this.lastHeardId) this.lastHeardId = row.id;
    }
    // A Set iterates in insertion order: the oldest ids are forgotten first.
    for (const id of this.delivered) {
      if (this.delivered.size <= DELIVERED_MEMORY) break;
      this.delivered.delete(id);
    }
    if (fresh.length > 0) this.options.deliver(fresh);
  }

  private async sweep(): Promise<void> {
    const client = this.client;
    const channels = this.options.subscribedChannels();
    if (!client || this.isFetching || channels.length === 0) return;
    this.isFetching = true;
    try {
      const rows = await selectEventsToCatchUp(client, {
        afterId: this.lastHeardId,
        createdAfter: new Date(Date.now() - SWEEP_LOOKBACK_MS),
        channels,
        limit: CATCH_UP_LIMIT,
      });
      this.hand(rows);
    } catch (error) {
      this.options.log.warn({ error: (error as Error).message }, "real-time listener could not sweep for events");
    } finally {
      this.isFetching = false;
    }
    void this.fetchPending();
  }

  /** A connection can die silently (a network cut without a reset); a probe finds out. */
  private async checkHealth(): Promise<void> {
    const client = this.client;
    if (!client || this.isFetching) return;
    const timeout = setTimeout(() => this.onLost(client, new Error("health probe timed out")), 5_000);
    try {
      await client.query("SELECT 1");
    } catch (error) {
      this.onLost(client, error as Error);
    } finally {
      clearTimeout(timeout);
    }
  }
}
