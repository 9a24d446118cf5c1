import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../src/config.ts";
import { withDatabaseName } from "../../src/db/connect.ts";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../../src/db/embedded.ts";
import { migrate } from "../../src/db/migrate.ts";
import { type DatabaseHandles, openDatabase } from "../../src/db/pool.ts";
import { getOwnerBalances, verifyLedger } from "../../src/modules/ledger/index.ts";
import { ledgerChecks } from "../../src/modules/registry.ts";
import { createUser } from "../../src/modules/users/index.ts";
import { recordDeposit } from "../../src/modules/wallet/index.ts";
import { hashPassword, IDEMPOTENCY_STALE_AFTER_SECONDS } from "../../src/platform/index.ts";
import { freePort } from "../server-copies.ts";

/**
 * Fault injection for the ledger (RELIABILITY.md I8, I7, I1-I5). This harness starts its own
 * PostgreSQL (fsync on) and the real server as a child process, drives internal sends with
 * Idempotency-Keys between funded users over real HTTP, and meanwhile kills the server with
 * SIGKILL five times and stops PostgreSQL immediately (SIGQUIT to the postmaster) twice. Only
 * the PIDs it started are signalled. After every restart it runs ledger:verify and checks that
 * every acknowledged (2xx) send is in the ledger. At the end, sends whose outcome is unknown are
 * retried with their key, and every user's balance must equal the initial funding moved by
 * exactly the sends that took effect: a send applied twice, or an acknowledged one lost, shows.
 */

const USERS = 8;
const FUNDING_MINOR = 100_000_000n; // 1 BTC each
const PASSWORD = "Crash-test-password-1!";
const LOAD_MS = 2_500;
const FAULTS = ["server", "server", "postgres", "server", "server", "postgres", "server"] as const;
/** The platform frees an unfinished Idempotency-Key claim for a retry after this long (plus a second). */
const IDEMPOTENCY_STALE_MS = IDEMPOTENCY_STALE_AFTER_SECONDS * 1_000 + 1_000;

type Outcome = "pending" | "ok" | "failed" | "unknown";

interface SendOp {
  key: string;
  from: number;
  to: number;
  amountMinor: bigint;
  outcome: Outcome;
  status: number | null;
  transferId: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
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
async function eventually<T>(work: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
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

/** A browser-like client over real HTTP: cookies, the CSRF token and the XHR marker. */
class HttpUser {
  private cookies = new Map<string, string>();
  private csrfToken = "";
  constructor(
    readonly id: number,
    readonly username: string,
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
    const json = (await response.json().catch(() => null)) as { data?: Record<string, unknown> } | null;
    if (typeof json?.data?.csrfToken === "string") this.csrfToken = json.data.csrfToken;
    return { status: response.status, json };
  }

  async logIn(): Promise<void> {
    await this.call("GET", "/rest/v1/csrf");
    const response = await this.call("POST", "/rest/v1/auth/login", { login: this.username, password: PASSWORD });
    if (response.status !== 200) throw new Error(`log-in of ${this.username} failed: ${response.status}`);
  }
}

let dataDir = "";
let pgPort = 0;
let httpPort = 0;
let cluster: EmbeddedDatabase | null = null;
let ownerUrl = "";
let database: DatabaseHandles | null = null;
let server: ChildProcess | null = null;
const serverLog: string[] = [];
/** Server exits the harness did not cause (reported, not failed: the harness restarts it). */
const unexpectedExits: string[] = [];
const users: HttpUser[] = [];

function db() {
  if (!database) throw new Error("no database handle");
  return database.db;
}

async function startPostgres(): Promise<void> {
  cluster = await startEmbeddedPostgres({ dataDir, port: pgPort });
}

/** SIGQUIT to the postmaster (and only it): PostgreSQL's immediate shutdown, no checkpoint. */
async function crashPostgres(): Promise<void> {
  const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  expect(Number.isInteger(pid) && pid > 0).toBe(true);
  // The dead cluster's handle is dropped; a new start recovers from the write-ahead log.
  cluster = null;
  process.kill(pid, "SIGQUIT");
  await waitFor("the postmaster to exit", () => !isAlive(pid), 30_000);
}

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: ROOT_DIR,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: "development",
      DATABASE_URL: ownerUrl,
      PORT: String(httpPort),
      HOST: "127.0.0.1",
      SOUK_SEED_DEMO: "never",
      SOUK_ROLE: "all",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    serverLog.push(chunk.toString("utf8"));
    if (serverLog.length > 200) serverLog.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.once("exit", (code, signal) => {
    if (signal !== "SIGKILL") unexpectedExits.push(`code ${code} signal ${signal}: ${serverLog.join("").slice(-600)}`);
  });
  server = child;
  await waitFor(
    "the server to be ready",
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${serverLog.join("").slice(-2_000)}`);
      const response = await fetch(`http://127.0.0.1:${httpPort}/readyz`, { signal: AbortSignal.timeout(2_000) });
      return response.status === 200;
    },
    90_000,
  );
}

/** SIGKILL to the server child (only that PID): no shutdown hook, no flush. */
async function killServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  server = null;
}

async function ensureServer(): Promise<void> {
  if (!server || server.exitCode !== null) await startServer();
  await waitFor("the server to reach the database", async () => {
    const response = await fetch(`http://127.0.0.1:${httpPort}/readyz`, { signal: AbortSignal.timeout(2_000) });
    return response.status === 200;
  });
}

// ---- load ----------------------------------------------------------------------------------

const ops: SendOp[] = [];
let isLoading = false;
// While the harness restarts the server, clients that found no server wait for it instead of
// spinning on refused connections (which would only slow the restart down).
let serverUp: Promise<void> = Promise.resolve();
let markServerUp: () => void = () => {};

function serverGoesDown(): void {
  serverUp = new Promise((resolve) => {
    markServerUp = resolve;
  });
}

async function sendOnce(user: HttpUser, op: SendOp): Promise<void> {
  const recipient = users[op.to];
  if (!recipient) throw new Error("no recipient");
  try {
    const response = await user.call(
      "POST",
      "/rest/v1/wallet/send",
      { cryptoCurrencyCode: "BTC", amount: formatSatoshi(op.amountMinor), username: recipient.username },
      { "idempotency-key": op.key },
    );
    op.status = response.status;
    if (response.status === 200) {
      op.outcome = "ok";
      op.transferId = String(response.json?.data?.transferId);
    } else if (response.status >= 400 && response.status < 500 && response.status !== 409) {
      op.outcome = "failed";
    } else if (
      response.status === 409 &&
      (response.json as { errors?: { code?: string } })?.errors?.code !== "ERROR_IDEMPOTENCY_IN_PROGRESS"
    ) {
      op.outcome = "failed";
    } else {
      op.outcome = "unknown";
    }
  } catch (error) {
    op.status = null;
    // Refused connection: no server was listening, so nothing can have been applied. Any other
    // missing answer (reset, timeout) may or may not have been applied.
    const code = (error as { cause?: { code?: string } }).cause?.code;
    op.outcome = code === "ECONNREFUSED" ? "failed" : "unknown";
  }
}

function formatSatoshi(minor: bigint): string {
  return `${minor / 100_000_000n}.${(minor % 100_000_000n).toString().padStart(8, "0")}`;
}

async function worker(index: number): Promise<void> {
  const user = users[index];
  if (!user) return;
  while (isLoading) {
    const to = (index + 1 + Math.floor(Math.random() * (USERS - 1))) % USERS;
    const op: SendOp = {
      key: randomUUID(),
      from: index,
      to,
      amountMinor: BigInt(1_000 + Math.floor(Math.random() * 49_000)),
      outcome: "pending",
      status: null,
      transferId: null,
    };
    ops.push(op);
    await sendOnce(user, op);
    if (op.status === null && op.outcome === "failed") await Promise.all([serverUp, sleep(100)]);
    else if (op.status === null || op.status >= 500) await sleep(200);
  }
}

// ---- checks --------------------------------------------------------------------------------

async function assertInvariants(when: string): Promise<void> {
  const report = await eventually(() => verifyLedger(db(), ledgerChecks));
  expect(
    report.checks.filter((check) => !check.isOk),
    when,
  ).toEqual([]);
}

/** Every acknowledged send is in the ledger, with its amount, from its sender to its recipient. */
async function assertAcknowledgedPresent(when: string): Promise<number> {
  const acknowledged = ops.filter((op) => op.outcome === "ok");
  const ids = acknowledged.map((op) => op.transferId ?? "0");
  const rows = await eventually(() =>
    sql<{ id: bigint; amount: bigint; owner_user_id: bigint }>`
      SELECT t.id, e.amount, a.owner_user_id FROM ledger_transfers t
      JOIN ledger_entries e ON e.transfer_id = t.id AND e.position = 1
      JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.id = ANY(${ids}::bigint[])`.execute(db()),
  );
  const found = new Map(rows.rows.map((row) => [String(row.id), row]));
  for (const op of acknowledged) {
    const row = found.get(op.transferId ?? "");
    expect(row, `${when}: acknowledged send ${op.key} (transfer ${op.transferId}) is missing`).toBeDefined();
    expect(row?.amount).toBe(op.amountMinor);
    expect(Number(row?.owner_user_id)).toBe(users[op.to]?.id);
  }
  return acknowledged.length;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "souk-crash-"));
  pgPort = await freePort();
  httpPort = await freePort();
  await startPostgres();
  const admin = new pg.Client({ connectionString: cluster!.adminUrl });
  await admin.connect();
  await admin.query("CREATE DATABASE souk");
  await admin.end();
  ownerUrl = withDatabaseName(cluster!.adminUrl, "souk");
  await migrate(ownerUrl);
  database = openDatabase(ownerUrl, { poolSize: 5 });
  const owner = openDatabase(ownerUrl, { poolSize: 1, role: null });
  const passwordHash = await hashPassword(PASSWORD);
  for (let i = 0; i < USERS; i += 1) {
    const username = `crash${i}_${randomUUID().slice(0, 6)}`;
    const created = await createUser(db(), {
      username,
      email: `${username}@example.com`,
      passwordHash,
      emailVerified: true,
    });
    await recordDeposit(db(), {
      username,
      amount: formatSatoshi(FUNDING_MINOR),
      cryptoCurrencyCode: "BTC",
      source: "cli",
    });
    users.push(new HttpUser(created.id, username, () => `http://127.0.0.1:${httpPort}`));
  }
  // Verified accounts: the daily send limit of level 3 is far above what this load sends.
  await sql`UPDATE users SET kyc_level = 3`.execute(owner.db);
  await owner.close();
  await startServer();
  for (const user of users) await user.logIn();
}, 180_000);

afterAll(async () => {
  isLoading = false;
  await killServer().catch(() => {});
  await database?.close().catch(() => {});
  // A cluster that is already gone never reports its exit: do not wait for it forever.
  await Promise.race([cluster?.stop().catch(() => {}), sleep(10_000)]);
  if (dataDir && existsSync(dataDir)) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe("the ledger under crashes", () => {
  // About two minutes on a quiet machine (a 61 s wait included); the timeout leaves room for a busy one.
  it("keeps every invariant and every acknowledged send through 5 server kills and 2 PostgreSQL crashes", {
    timeout: 360_000,
  }, async () => {
    isLoading = true;
    const load = Promise.all(users.map((_, index) => worker(index)));
    let faults = { server: 0, postgres: 0 };
    try {
      for (const fault of FAULTS) {
        await sleep(LOAD_MS);
        if (fault === "server") {
          serverGoesDown();
          await killServer();
          await startServer();
          markServerUp();
          faults = { ...faults, server: faults.server + 1 };
        } else {
          await crashPostgres();
          await sleep(500);
          await startPostgres();
          faults = { ...faults, postgres: faults.postgres + 1 };
        }
        await ensureServer();
        markServerUp();
        const when = `after ${fault} fault ${faults.server + faults.postgres}`;
        await assertInvariants(when);
        await assertAcknowledgedPresent(when);
      }
      await sleep(LOAD_MS);
    } finally {
      isLoading = false;
      markServerUp();
      await load;
    }
    expect(faults).toEqual({ server: 5, postgres: 2 });

    // Sends without an answer are retried with their key once the platform releases claims
    // left unfinished by the crashes.
    const acknowledgedFirstTime = ops.filter((op) => op.outcome === "ok").length;
    const unknown = ops.filter((op) => op.outcome === "unknown");
    if (unknown.length > 0) await sleep(IDEMPOTENCY_STALE_MS);
    const retriesStartedAt = new Date();
    for (const [index, user] of users.entries()) {
      const own = unknown.filter((op) => op.from === index);
      await Promise.all(
        [0, 1, 2, 3].map(async (lane) => {
          for (const op of own.filter((_, i) => i % 4 === lane)) {
            await sendOnce(user, op);
            expect(op.outcome, `retry of ${op.key}: ${op.status}`).not.toBe("unknown");
          }
        }),
      );
    }

    await assertInvariants("at the end");
    const acknowledged = await assertAcknowledgedPresent("at the end");
    const transferIds = ops.filter((op) => op.outcome === "ok").map((op) => op.transferId);
    expect(new Set(transferIds).size, "two sends share a transfer").toBe(transferIds.length);

    // Single effect: each balance is the funding moved by exactly the sends that took effect.
    const expected = users.map(() => FUNDING_MINOR);
    for (const op of ops.filter((candidate) => candidate.outcome === "ok")) {
      expected[op.from] = (expected[op.from] ?? 0n) - op.amountMinor;
      expected[op.to] = (expected[op.to] ?? 0n) + op.amountMinor;
    }
    for (const [index, user] of users.entries()) {
      const owned = await getOwnerBalances(db(), user.id);
      const available = owned.find((row) => row.currencyId === 1 && row.kind === "available")?.balanceMinor ?? 0n;
      expect(available, `balance of ${user.username}`).toBe(expected[index]);
    }
    expect(acknowledged).toBeGreaterThan(100);
    // Retried sends whose transfer predates the retry had been applied before the crash: the
    // retry found them by the ledger's key instead of moving the money again.
    const retriedIds = unknown.filter((op) => op.outcome === "ok").map((op) => op.transferId ?? "0");
    const applied = await sql<{ count: bigint }>`
        SELECT count(*) AS count FROM ledger_transfers
        WHERE id = ANY(${retriedIds}::bigint[]) AND created_at < ${retriesStartedAt}`.execute(db());
    console.info(
      `crash test: ${ops.length} sends, ${acknowledgedFirstTime} acknowledged at once, ` +
        `${unknown.length} without an answer retried by key (${unknown.filter((op) => op.outcome === "ok").length} then acknowledged, ${applied.rows[0]?.count} of them ` +
        `already applied before the fault and answered from the ledger's key), ` +
        `${ops.filter((op) => op.outcome === "failed").length} refused or not delivered, ` +
        `${unexpectedExits.length} server exit(s) not caused by the harness`,
    );
    for (const exit of unexpectedExits) console.info(`unexpected server exit: ${exit}`);
  });
});
