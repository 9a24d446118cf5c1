import pino from "pino";
import { buildApp } from "./app.ts";
import { type Config, loadConfig } from "./config.ts";
import { detachEmbeddedExitHook } from "./db/embedded.ts";
import type { Db } from "./db/pool.ts";
import { demoAccountsWarning, listDemoAccounts } from "./db/seed/demo.ts";
import { jobQueueOf, startJobs } from "./jobs/runtime.ts";
import { isJobRecordLostToDatabase } from "./jobs/settlement-loss.ts";
import { DEMO_PASSWORD } from "./modules/users/index.ts";
import { armFailpoints, listenForMetrics, type MetricsListener } from "./platform/index.ts";
import { openRuntime } from "./runtime.ts";

function roleFromArgs(argv: string[]): string | undefined {
  const index = argv.indexOf("--role");
  return index >= 0 ? argv[index + 1] : argv.find((arg) => arg.startsWith("--role="))?.slice("--role=".length);
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const role = roleFromArgs(process.argv.slice(2));
  const config = loadConfig(role ? { ...process.env, SOUK_ROLE: role } : process.env);
  const print = (line: string) => console.log(`[souk] ${line}`);
  if (config.SOUK_TEST_BUILD && config.SOUK_FAILPOINTS !== "") {
    armFailpoints(config.SOUK_FAILPOINTS.split(","));
    print(`test build: failpoints armed: ${config.SOUK_FAILPOINTS}`);
  }
  const runtime = await openRuntime(config, { print, seedWhenEmpty: true });
  // Every role runs pg-boss (an api copy only sends), and before the app: request handlers queue
  // jobs through it (AppDeps.jobs).
  const jobsLog = pino({ level: config.LOG_LEVEL });
  process.on("unhandledRejection", (reason) => {
    if (!isJobRecordLostToDatabase(reason)) throw reason;
    // The job stays active and runs again once it expires (jobs/settlement-loss.ts).
    const error = reason as Error & { code?: string };
    jobsLog.warn({ error: { message: error.message, code: error.code } }, "jobs: a job's end was not recorded");
  });
  const boss = await startJobs({
    ownerUrl: runtime.location.ownerUrl,
    config,
    db: runtime.database.db,
    log: jobsLog,
    isWorker: config.SOUK_ROLE !== "api",
  });
  const app =
    config.SOUK_ROLE === "worker"
      ? null
      : await buildApp({
          config,
          db: runtime.database.db,
          readDb: runtime.readDatabase?.db ?? runtime.database.db,
          databaseUrl: runtime.location.ownerUrl,
          jobs: jobQueueOf(boss, jobsLog),
        });
  let metricsListener: MetricsListener | null = null;
  if (app) {
    await app.listen({ port: config.PORT, host: config.HOST });
    if (config.METRICS_PORT !== undefined) {
      metricsListener = await listenForMetrics(app.metrics.registry, {
        host: config.METRICS_HOST,
        port: config.METRICS_PORT,
      });
      print(`metrics at http://${config.METRICS_HOST}:${metricsListener.port}/metrics`);
    }
    const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    print(`serving ${url} (API docs at ${url}/docs) in ${Math.round(performance.now() - startedAt)} ms`);
  } else {
    print("worker role: running jobs only");
  }
  await reportDemoAccounts(runtime.database.db, config, print);

  // This process stops the embedded database itself, after closing its connections.
  detachEmbeddedExitHook();
  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    print(`${signal}: shutting down`);
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await metricsListener?.close();
    await app?.close();
    await boss?.stop({ graceful: true, timeout: 5_000 }).catch(() => {});
    await runtime.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/** Demo accounts have a published password: named at start, and loudly so in production. */
async function reportDemoAccounts(db: Db, config: Config, print: (line: string) => void): Promise<void> {
  const demoAccounts = await listDemoAccounts(db);
  if (demoAccounts.length === 0) return;
  if (config.NODE_ENV === "production") {
    for (const line of demoAccountsWarning(demoAccounts)) console.warn(`[souk] ${line}`);
  } else {
    print(`demo logins, password ${DEMO_PASSWORD}: ${demoAccounts.join(", ")}`);
  }
}

main().catch((error: unknown) => {
  console.error("[souk] failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
