import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect } from "vitest";
import { ROOT_DIR } from "../../src/config.ts";
import { withDatabaseName } from "../../src/db/connect.ts";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../../src/db/embedded.ts";
import { migrate } from "../../src/db/migrate.ts";
import { type DatabaseHandles, openDatabase } from "../../src/db/pool.ts";
import { freePort } from "../server-copies.ts";

/**
 * What the crash tests share: a PostgreSQL of their own (fsync on, unlike the other tests' one)
 * and the real server as a child process, both started and killed by PID (never by name), and a
 * browser-like client over real HTTP. The server can be started as a test build with named
 * failpoints armed, so that it kills itself at an exact step.
 */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Retries a check that may meet a connection broken by the last fault. */
export async function eventually<T>(work: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
}

/** An answer over HTTP, or what a client knows when none came: refused (no server) or unknown. */
export interface HttpAnswer {
  status: number | null;
  json: { data?: Record<string, any>; errors?: { code?: string } } | null;
  /** Set when no answer came: "refused" (nothing was listening, so nothing was applied) or "unknown". */
  failure: "refused" | "unknown" | null;
  /** The answer was a stored one, replayed for a repeated Idempotency-Key. */
  replayed: boolean;
}

/** A browser-like client over real HTTP: cookies, the CSRF token and the XHR marker. */
export class HttpUser {
  private cookies = new Map<string, string>();
  private csrfToken = "";
  constructor(
    readonly id: number,
    readonly username: string,
    private readonly password: string,
    private readonly baseUrl: () => string,
  ) {}

  async call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl()}${route}`, {
      method,
      headers: {
        ...headers,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(method === "GET" ? {} : { "x-csrf-token": this.csrfToken, "x-requested-with": "XMLHttpRequest" }),
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const json = (await response.json().catch(() => null)) as HttpAnswer["json"];
    if (typeof json?.data?.csrfToken === "string") this.csrfToken = json.data.csrfToken;
    return { status: response.status, json, replayed: response.headers.get("idempotent-replayed") === "true" };
  }

  /** Like call, but a missing answer is an outcome rather than an exception. */
  async attempt(
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpAnswer> {
    try {
      const { status, json, replayed } = await this.call(method, route, body, headers);
      return { status, json, failure: null, replayed };
    } catch (error) {
      // Refused connection: no server was listening, so nothing can have been applied. Any other
      // missing answer (reset, timeout) may or may not have been applied.
      const code = (error as { cause?: { code?: string } }).cause?.code;
      return { status: null, json: null, failure: code === "ECONNREFUSED" ? "refused" : "unknown", replayed: false };
    }
  }

  async logIn(): Promise<void> {
    await this.call("GET", "/rest/v1/csrf");
    const response = await this.call("POST", "/rest/v1/auth/login", { login: this.username, password: this.password });
    if (response.status !== 200) throw new Error(`log-in of ${this.username} failed: ${response.status}`);
  }
}

export class CrashRig {
  private dataDir = "";
  private pgPort = 0;
  httpPort = 0;
  private cluster: EmbeddedDatabase | null = null;
  ownerUrl = "";
  private database: DatabaseHandles | null = null;
  private server: ChildProcess | null = null;
  private readonly serverLog: string[] = [];
  /** Server exits the rig did not cause (reported, not failed: the test restarts it). */
  readonly unexpectedExits: string[] = [];
  /** Exits by SIGKILL, the rig's own or a failpoint's. */
  killedExits = 0;

  get baseUrl(): string {
    return `http://127.0.0.1:${this.httpPort}`;
  }

  /** The application's handle (role souk_app) on the rig's database. */
  get db() {
    if (!this.database) throw new Error("no database handle");
    return this.database.db;
  }

  /** Starts PostgreSQL, creates and migrates the database. */
  async open(prefix: string): Promise<void> {
    this.dataDir = await mkdtemp(path.join(os.tmpdir(), `souk-${prefix}-`));
    this.pgPort = await freePort();
    this.httpPort = await freePort();
    await this.startPostgres();
    const admin = new pg.Client({ connectionString: this.cluster!.adminUrl });
    await admin.connect();
    await admin.query("CREATE DATABASE souk");
    await admin.end();
    this.ownerUrl = withDatabaseName(this.cluster!.adminUrl, "souk");
    await migrate(this.ownerUrl);
    this.database = openDatabase(this.ownerUrl, { poolSize: 5 });
  }

  /** A handle of the owner role, for set-up the application role may not do. */
  ownerHandle(): DatabaseHandles {
    return openDatabase(this.ownerUrl, { poolSize: 1, role: null });
  }

  async startPostgres(): Promise<void> {
    this.cluster = await startEmbeddedPostgres({ dataDir: this.dataDir, port: this.pgPort });
  }

  /** SIGQUIT to the postmaster (and only it): PostgreSQL's immediate shutdown, no checkpoint. */
  async crashPostgres(): Promise<void> {
    const pidFile = path.join(this.dataDir, "postgres", "postmaster.pid");
    const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    expect(Number.isInteger(pid) && pid > 0).toBe(true);
    // The dead cluster's handle is dropped; a new start recovers from the write-ahead log.
    this.cluster = null;
    process.kill(pid, "SIGQUIT");
    await waitFor("the postmaster to exit", () => !isAlive(pid), 30_000);
  }

  /** Starts the server; `failpoints` makes it a test build that kills itself at those steps. */
  async startServer(failpoints: string[] = []): Promise<void> {
    const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: ROOT_DIR,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: "development",
        DATABASE_URL: this.ownerUrl,
        PORT: String(this.httpPort),
        HOST: "127.0.0.1",
        SOUK_SEED_DEMO: "never",
        SOUK_ROLE: "all",
        LOG_LEVEL: "warn",
        ...(failpoints.length > 0 ? { SOUK_TEST_BUILD: "true", SOUK_FAILPOINTS: failpoints.join(",") } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => {
      this.serverLog.push(chunk.toString("utf8"));
      if (this.serverLog.length > 200) this.serverLog.shift();
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.once("exit", (code, signal) => {
      if (signal === "SIGKILL") this.killedExits += 1;
      else this.unexpectedExits.push(`code ${code} signal ${signal}: ${this.serverLog.join("").slice(-600)}`);
    });
    this.server = child;
    // A start takes seconds; on a machine shared by many test runs it has taken over a minute.
    const deadline = Date.now() + 180_000;
    for (;;) {
      // An armed failpoint may fire before the server answers its readiness check: a scheduled
      // job (the withdrawal broadcast) can run as soon as the job runner starts. That death is
      // the one the test asked for; serverDeath() reports it.
      if (failpoints.length > 0 && child.signalCode === "SIGKILL") return;
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the server exited while starting: ${this.serverLog.join("").slice(-2_000)}`);
      }
      const response = await fetch(`${this.baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
      if (response?.status === 200) return;
      if (Date.now() > deadline) {
        throw new Error(`the server was not ready in 180 s: ${this.serverLog.join("").slice(-2_000)}`);
      }
      await sleep(100);
    }
  }

  /** Whether the server child has exited (a failpoint, say). */
  get isServerDown(): boolean {
    return !this.server || this.server.exitCode !== null || this.server.signalCode !== null;
  }

  /** Waits for the server child to die by itself (a failpoint) and answers its signal. */
  async serverDeath(timeoutMs = 30_000): Promise<NodeJS.Signals | null> {
    const child = this.server;
    if (!child) return null;
    if (child.exitCode === null && child.signalCode === null) {
      await Promise.race([new Promise((resolve) => child.once("exit", resolve)), sleep(timeoutMs)]);
    }
    this.server = null;
    return child.signalCode;
  }

  /** SIGKILL to the server child (only that PID): no shutdown hook, no flush. */
  async killServer(): Promise<void> {
    const child = this.server;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    this.server = null;
  }

  async ensureServer(): Promise<void> {
    if (this.isServerDown) await this.startServer();
    await waitFor("the server to reach the database", async () => {
      const response = await fetch(`${this.baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      return response.status === 200;
    });
  }

  async close(): Promise<void> {
    await this.killServer().catch(() => {});
    await this.database?.close().catch(() => {});
    // A cluster that is already gone never reports its exit: do not wait for it forever.
    await Promise.race([this.cluster?.stop().catch(() => {}), sleep(10_000)]);
    if (this.dataDir && existsSync(this.dataDir)) await rm(this.dataDir, { recursive: true, force: true });
  }
}
