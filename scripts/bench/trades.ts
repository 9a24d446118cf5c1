/**
 * Trade lifecycles through the real HTTP API: each of 16 clients is a buyer and a seller who,
 * over and over, start a trade on the seller's offer (escrow hold), mark it paid and release it
 * (escrow post), each call a keep-alive HTTP request to the real app in a child process. Prints
 * lifecycles per second (goal >= 300/s), the latency of each call, and the delay from sending
 * "mark as paid" to the seller's WebSocket hearing `trade.updated` (goal p99 <= 25 ms). After the
 * run, ledger:verify must find no drift.
 *
 * It starts its own PostgreSQL in a temporary directory (durable settings), migrates it and
 * seeds funded, ID-verified users with one offer per seller.
 *
 *   npm run bench -- trades [--seconds 20]
 *
 * TRADES_BENCH_DELIVERIES=on runs the same with delivery on for every party: the job runtime works
 * in the server process (the notifications' and webhooks' feed polls, the mail outbox), every user
 * has an enabled webhook checking every event (a local receiver answers 200) and the trade
 * notifications are mailed to a local SMTP server. Compare its lifecycles per second with a run
 * without it: delivery is off the money path.
 */
import { fork } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import os from "node:os";
import { pathToFileURL } from "node:url";
import WebSocket from "ws";
import { cashSellOfferBody } from "../../apps/server/test/offer-bodies.ts";
import type { Bench, BenchOptions } from "./run.ts";

/** 16 by the brief; TRADES_BENCH_CLIENTS overrides it to see where the time goes. */
const CLIENTS = Number(process.env.TRADES_BENCH_CLIENTS) > 0 ? Number(process.env.TRADES_BENCH_CLIENTS) : 16;
const DEFAULT_SECONDS = 20;
const WARMUP_SECONDS = 3;
const LIFECYCLES_GOAL_PER_SECOND = 300;
const WEBSOCKET_P99_GOAL_MS = 25;
const TRADE_FIAT_AMOUNT = "10";
const WITH_DELIVERIES = process.env.TRADES_BENCH_DELIVERIES === "on";

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

interface Session {
  userId: number;
  cookie: string;
  csrf: string;
}

interface Answer {
  status: number;
  body: { data?: Record<string, unknown>; errors?: { code: string } } | null;
}

function client(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
  return {
    request(
      session: Session,
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<Answer> {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            method,
            path,
            agent,
            headers: {
              accept: "application/json",
              cookie: session.cookie,
              "x-csrf-token": session.csrf,
              "x-requested-with": "XMLHttpRequest",
              ...(payload === undefined
                ? {}
                : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
              ...headers,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => {
              const text = Buffer.concat(chunks).toString("utf8");
              let parsed: Answer["body"] = null;
              try {
                parsed = JSON.parse(text) as Answer["body"];
              } catch {
                parsed = null;
              }
              resolve({ status: response.statusCode ?? 0, body: parsed });
            });
          },
        );
        request.on("error", reject);
        if (payload !== undefined) request.write(payload);
        request.end();
      });
    },
    close: () => agent.destroy(),
  };
}

/** A webhook receiver answering 200 and an SMTP server, counting what reaches them. */
async function startDeliverySinks() {
  const { SMTPServer } = await import("smtp-server");
  let mails = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        mails += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpAddress = smtp.server.address();
  let webhooks = 0;
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      webhooks += 1;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const address = receiver.address();
  return {
    smtpUrl: `smtp://127.0.0.1:${typeof smtpAddress === "object" && smtpAddress ? smtpAddress.port : 0}`,
    webhookUrl: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hook`,
    webhooks: () => webhooks,
    mails: () => mails,
    close: async () => {
      receiver.close();
      await new Promise<void>((resolve) => smtp.close(resolve));
    },
  };
}

/** The server half: the real app on the bench database, listening on a free port. */
async function serve(): Promise<void> {
  const { buildApp } = await import("../../apps/server/src/app.ts");
  const { loadConfig } = await import("../../apps/server/src/config.ts");
  const { openDatabase } = await import("../../apps/server/src/db/pool.ts");
  const url = process.env.BENCH_DATABASE_URL ?? "";
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATABASE_URL: url,
    SOUK_SECRET: process.env.SOUK_SECRET ?? randomBytes(24).toString("hex"),
  });
  const database = openDatabase(url, { poolSize: 24 });
  const app = await buildApp({ config, db: database.db, logger: false, serveWeb: false, databaseUrl: url });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { startJobs } = await import("../../apps/server/src/jobs/runtime.ts");
  const jobs = WITH_DELIVERIES
    ? await startJobs({ ownerUrl: url, config, db: database.db, log: app.log, isWorker: true })
    : null;
  const address = app.server.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
  // A normal exit on SIGTERM, so that --cpu-prof (BENCH_SERVER_CPU_PROF) can write its profile.
  process.once("SIGTERM", () => {
    void (jobs?.stop({ graceful: false }) ?? Promise.resolve())
      .then(() => app.close())
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

interface Pair {
  buyer: Session;
  seller: Session;
  offerId: string;
}

async function seed(
  ownerUrl: string,
  appDb: import("../../apps/server/src/db/pool.ts").Db,
  port: number,
): Promise<Pair[]> {
  const { sql } = await import("kysely");
  const { createSession, newCsrfToken } = await import("../../apps/server/src/platform/index.ts");
  const { accounts, resolveLedgerCurrency, transfer, withLedgerTx } = await import(
    "../../apps/server/src/modules/ledger/index.ts"
  );
  const { openDatabase } = await import("../../apps/server/src/db/pool.ts");
  const owner = openDatabase(ownerUrl, { poolSize: 2, role: null });
  try {
    const names = Array.from({ length: CLIENTS * 2 }, (_, i) => `bench${i}`);
    const inserted = await sql<{ id: bigint; username: string }>`
      INSERT INTO users (username, email, password_hash, referral_code, roles, country_iso, id_verified_at, kyc_level, email_verified_at)
      SELECT n, n || '@bench.local', 'not-a-hash', upper(n), ARRAY['user', 'vendor'], 'US', now(), 3, now()
      FROM unnest(${names}::text[]) AS n RETURNING id, username`.execute(owner.db);
    const ids = inserted.rows.map((row) => Number(row.id));
    const webhookUrl = process.env.BENCH_WEBHOOK_URL;
    if (webhookUrl) {
      const { ACCOUNT_WEBHOOK_EVENTS } = await import("@souk/contracts");
      await sql`INSERT INTO account_webhooks (user_id, url, status, events, secret, secret_shown)
        SELECT id, ${webhookUrl}, 'enabled', ${[...ACCOUNT_WEBHOOK_EVENTS]}::text[], ${`whsec_${randomBytes(24).toString("base64")}`}, true
        FROM unnest(${ids}::bigint[]) AS id`.execute(owner.db);
    }
    const usdt = await resolveLedgerCurrency(appDb, "USDT");
    const sessions: Session[] = [];
    for (const userId of ids) {
      const session = await createSession(appDb, { userId, ttlHours: 24, ip: "127.0.0.1", userAgent: "souk-bench" });
      // A CSRF token is bound to its session (docs/decisions/003-csrf-and-sessions.md).
      const csrf = newCsrfToken(session.token);
      sessions.push({ userId, cookie: `souk_session=${session.token}; souk_csrf=${csrf}`, csrf });
    }
    const http = client(port);
    const pairs: Pair[] = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      const seller = sessions[2 * i] as Session;
      const buyer = sessions[2 * i + 1] as Session;
      await withLedgerTx(appDb, (tx) =>
        transfer(tx, {
          idempotencyKey: `bench-fund:${seller.userId}`,
          kind: "deposit",
          currencyId: usdt.id,
          legs: [
            { from: accounts.world(), to: accounts.available(seller.userId), amountMinor: 10_000_000n * 1_000_000n },
          ],
        }),
      );
      const offer = await http.request(seller, "POST", "/rest/v1/offers", cashSellOfferBody("1000"));
      if (offer.status !== 200) throw new Error(`offer creation failed: ${offer.status} ${JSON.stringify(offer.body)}`);
      pairs.push({ buyer, seller, offerId: String(offer.body?.data?.idHashed) });
    }
    http.close();
    return pairs;
  } finally {
    await owner.close();
  }
}

/** The seller's socket on their user channel: every trade of theirs announces itself there. */
async function listen(
  port: number,
  http: ReturnType<typeof client>,
  seller: Session,
  onEvent: (tradeId: string, status: string) => void,
) {
  const channel = `user.${seller.userId}`;
  const key = await http.request(seller, "POST", "/account/re-auth-push-subscription", { channels: [channel] });
  const token = (key.body?.data as { channels?: { token: string }[] } | undefined)?.channels?.[0]?.token;
  if (!token) throw new Error(`no channel key: ${key.status}`);
  const socket = new WebSocket(`ws://127.0.0.1:${port}/realtime`);
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  const subscribed = new Promise<void>((resolve, reject) => {
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as {
        type: string;
        name?: string;
        payload?: { tradeId?: string; status?: string };
      };
      if (message.type === "subscribed") resolve();
      else if (message.type === "error") reject(new Error(`subscribe refused: ${String(data)}`));
      else if (message.type === "event" && message.name === "trade.updated" && message.payload?.tradeId) {
        onEvent(message.payload.tradeId, message.payload.status ?? "");
      }
    });
  });
  socket.send(JSON.stringify({ type: "subscribe", channel, token }));
  await subscribed;
  return socket;
}

interface Figures {
  lifecycles: number;
  errors: number;
  seconds: number;
  start: number[];
  paid: number[];
  release: number[];
  socket: number[];
  missedSocket: number;
}

async function drive(
  pairs: Pair[],
  http: ReturnType<typeof client>,
  pending: Map<string, number>,
  seconds: number,
  socketDelays: number[],
): Promise<Figures> {
  const figures: Figures = {
    lifecycles: 0,
    errors: 0,
    seconds,
    start: [],
    paid: [],
    release: [],
    socket: socketDelays,
    missedSocket: 0,
  };
  const deadline = performance.now() + seconds * 1_000;
  const begun = performance.now();
  await Promise.all(
    pairs.map(async (pair) => {
      while (performance.now() < deadline) {
        let t0 = performance.now();
        const started = await http.request(
          pair.buyer,
          "POST",
          "/rest/v1/trade",
          { offerId: pair.offerId, fiatAmount: TRADE_FIAT_AMOUNT },
          { "idempotency-key": randomUUID() },
        );
        figures.start.push(performance.now() - t0);
        const tradeId = started.body?.data?.id;
        if (started.status !== 200 || typeof tradeId !== "string") {
          figures.errors += 1;
          continue;
        }
        t0 = performance.now();
        pending.set(tradeId, t0);
        const paid = await http.request(pair.buyer, "POST", `/rest/v1/trade/${tradeId}/paid`);
        figures.paid.push(performance.now() - t0);
        if (paid.status !== 200) {
          figures.errors += 1;
          continue;
        }
        t0 = performance.now();
        const released = await http.request(
          pair.seller,
          "POST",
          `/rest/v1/trade/${tradeId}/release`,
          {},
          { "idempotency-key": randomUUID() },
        );
        figures.release.push(performance.now() - t0);
        if (released.status !== 200) figures.errors += 1;
        else figures.lifecycles += 1;
      }
    }),
  );
  figures.seconds = (performance.now() - begun) / 1_000;
  // Events still in flight get a moment; what never came counts as missed.
  await new Promise((resolve) => setTimeout(resolve, 500));
  figures.missedSocket = pending.size;
  pending.clear();
  return figures;
}

function row(name: string, values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${name.padEnd(34)} p50 ${percentile(sorted, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(sorted, 99).toFixed(2).padStart(7)} ms   (${sorted.length})`;
}

export async function runTradesBench(options: BenchOptions): Promise<{ isMet: boolean }> {
  const { print } = options;
  const seconds = options.seconds ?? DEFAULT_SECONDS;
  const { startBenchDatabase, processCpuSeconds, statementsToList } = await import("./bench-database.ts");
  const { refreshRatesFromFile } = await import("../../apps/server/src/modules/reference/index.ts");
  const { verifyLedger, formatVerifyReport } = await import("../../apps/server/src/modules/ledger/index.ts");
  const { ledgerChecks } = await import("../../apps/server/src/modules/registry.ts");
  const database = await startBenchDatabase(4);
  const sinks = WITH_DELIVERIES ? await startDeliverySinks() : null;
  let child: ReturnType<typeof fork> | null = null;
  const sockets: WebSocket[] = [];
  try {
    await refreshRatesFromFile(database.app.db);
    child = fork(new URL(import.meta.url).pathname, [], {
      env: {
        ...process.env,
        TRADES_BENCH_ROLE: "server",
        BENCH_DATABASE_URL: database.ownerUrl,
        ...(sinks ? { SMTP_URL: sinks.smtpUrl, WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true" } : {}),
      },
      execArgv: [
        "--import",
        "tsx",
        ...(process.env.BENCH_SERVER_CPU_PROF
          ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`]
          : []),
      ],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const port = await new Promise<number>((resolve, reject) => {
      child?.once("message", (message) => resolve((message as { port: number }).port));
      child?.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    if (sinks) process.env.BENCH_WEBHOOK_URL = sinks.webhookUrl;
    const pairs = await seed(database.ownerUrl, database.app.db, port);
    const http = client(port);
    const pending = new Map<string, number>();
    let socketDelays: number[] = [];
    for (const pair of pairs) {
      sockets.push(
        await listen(port, http, pair.seller, (tradeId, status) => {
          const sentAt = pending.get(tradeId);
          if (status === "paid" && sentAt !== undefined) {
            socketDelays.push(performance.now() - sentAt);
            pending.delete(tradeId);
          }
        }),
      );
    }
    print(
      `trades bench: server on port ${port}, ${CLIENTS} clients (buyer and seller each), ${WARMUP_SECONDS} s warm-up, ${seconds} s measured; ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)}; fsync=${database.settings.fsync} synchronous_commit=${database.settings.synchronous_commit}`,
    );
    await drive(pairs, http, pending, WARMUP_SECONDS, socketDelays);
    socketDelays = [];
    await database.resetStatements();
    const serverPid = child.pid ?? 0;
    const cpuBefore = {
      database: await database.databaseCpuSeconds(),
      server: await processCpuSeconds(serverPid),
      load: process.cpuUsage(),
    };
    const figures = await drive(pairs, http, pending, seconds, socketDelays);
    const cpu = {
      database: (await database.databaseCpuSeconds()) - cpuBefore.database,
      server: (await processCpuSeconds(serverPid)) - cpuBefore.server,
      load: (() => {
        const used = process.cpuUsage(cpuBefore.load);
        return (used.user + used.system) / 1e6;
      })(),
    };
    figures.socket = socketDelays;
    http.close();

    const report = await verifyLedger(database.app.db, ledgerChecks);
    const perSecond = figures.lifecycles / figures.seconds;
    const socketP99 = percentile(
      [...figures.socket].sort((a, b) => a - b),
      99,
    );
    const isThroughputMet = perSecond >= LIFECYCLES_GOAL_PER_SECOND;
    const isSocketMet = socketP99 <= WEBSOCKET_P99_GOAL_MS && figures.missedSocket === 0;
    print("");
    print(
      `${"full lifecycles (start, paid, release)".padEnd(34)} ${perSecond.toFixed(0).padStart(7)} /s   (${figures.lifecycles} in ${figures.seconds.toFixed(1)} s, ${figures.errors} errors)`,
    );
    print(row("POST /trade (start, escrow hold)", figures.start));
    print(row("POST /trade/{id}/paid", figures.paid));
    print(row("POST /trade/{id}/release (post)", figures.release));
    print(row("paid -> seller's WebSocket", figures.socket));
    print("");
    print(
      `goal  lifecycles >= ${LIFECYCLES_GOAL_PER_SECOND}/s            ${isThroughputMet ? "met" : "MISSED"} (${perSecond.toFixed(0)}/s)`,
    );
    print(
      `goal  paid -> WebSocket p99 <= ${WEBSOCKET_P99_GOAL_MS} ms   ${isSocketMet ? "met" : "MISSED"} (${socketP99.toFixed(2)} ms, ${figures.missedSocket} missed)`,
    );
    const perLifecycle = (secondsUsed: number) => ((secondsUsed * 1_000) / Math.max(1, figures.lifecycles)).toFixed(2);
    print(
      `CPU per lifecycle: database ${perLifecycle(cpu.database)} ms, server ${perLifecycle(cpu.server)} ms, load generator ${perLifecycle(cpu.load)} ms`,
    );
    for (const line of await database.topStatements(statementsToList, Math.max(1, figures.lifecycles))) print(line);
    if (sinks) {
      print(`deliveries on: ${sinks.webhooks()} webhook calls and ${sinks.mails()} mails received during the run`);
    }
    print(`goal  zero ledger drift              ${report.isOk ? "met" : "MISSED"}`);
    if (!report.isOk) for (const line of formatVerifyReport(report)) print(line);
    return { isMet: isThroughputMet && isSocketMet && report.isOk };
  } finally {
    for (const socket of sockets) socket.terminate();
    if (child && child.exitCode === null) child.kill("SIGTERM");
    await sinks?.close();
    await database.close();
  }
}

export const tradesBench: Bench = {
  name: "trades",
  description: "trade lifecycles per second over HTTP at 16 clients; paid -> WebSocket delay",
  async run(options) {
    const result = await runTradesBench(options);
    if (!result.isMet) process.exitCode = 1;
  },
};

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (process.env.TRADES_BENCH_ROLE === "server") {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (isMain) {
  runTradesBench({ print: (line) => console.log(line) }).then(
    (result) => process.exit(result.isMet ? 0 : 1),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
