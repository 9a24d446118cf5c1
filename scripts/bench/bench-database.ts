import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { withDatabaseName } from "../../apps/server/src/db/connect.ts";
import { startEmbeddedPostgres } from "../../apps/server/src/db/embedded.ts";
import { migrate } from "../../apps/server/src/db/migrate.ts";
import { type DatabaseHandles, openDatabase } from "../../apps/server/src/db/pool.ts";
import { freePort } from "../../apps/server/test/server-copies.ts";

/**
 * A throw-away PostgreSQL for one benchmark run: its own cluster in a temporary directory, with
 * the same durable settings as production (fsync and synchronous_commit on: a bench that turns
 * them off measures memory, not a ledger), migrated like a fresh install.
 */
export interface BenchDatabase {
  ownerUrl: string;
  /** The application's handle (role souk_app), as the server uses it. */
  app: DatabaseHandles;
  /** A raw pg pool as the owner, for hand-written SQL baselines. */
  rawPool: pg.Pool;
  settings: Record<string, string>;
  /** CPU seconds used so far by this cluster's processes (Linux; 0 elsewhere). */
  databaseCpuSeconds(): Promise<number>;
  /** Forgets the statement figures so far (BENCH_STATEMENTS=1 only). */
  resetStatements(): Promise<void>;
  /** The statements that took the most database time since the last reset, for printing. */
  topStatements(limit: number, perUnit: number): Promise<string[]>;
  close(): Promise<void>;
}

/** Set BENCH_STATEMENTS=1 (or how many to list) to load pg_stat_statements, so a bench can print where the database's time goes. */
export const isStatementsOn = Number(process.env.BENCH_STATEMENTS) > 0;
/** How many statements to list: the number BENCH_STATEMENTS gives (1 means the default of 15). */
export const statementsToList = Number(process.env.BENCH_STATEMENTS) > 1 ? Number(process.env.BENCH_STATEMENTS) : 15;

const TICKS_PER_SECOND = 100;

/** utime + stime of one process, in seconds; 0 when it is gone or this is not Linux. */
export async function processCpuSeconds(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The postmaster of the cluster in `clusterDir` and every process it started. */
async function clusterCpuSeconds(clusterDir: string): Promise<number> {
  let postmaster: number;
  try {
    postmaster = Number((await readFile(path.join(clusterDir, "postmaster.pid"), "utf8")).split("\n")[0]);
  } catch {
    return 0;
  }
  let total = await processCpuSeconds(postmaster);
  for (const entry of await readdir("/proc").catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[1]) === postmaster) total += await processCpuSeconds(Number(entry));
  }
  return total;
}

async function ownerQuery<Row extends object>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

export async function startBenchDatabase(poolSize: number): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "souk-bench-"));
  const cluster = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    settings: isStatementsOn ? ["shared_preload_libraries=pg_stat_statements", "pg_stat_statements.track=all"] : [],
  });
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query("CREATE DATABASE souk_bench");
  await admin.end();
  const ownerUrl = withDatabaseName(cluster.adminUrl, "souk_bench");
  await migrate(ownerUrl);
  if (isStatementsOn) {
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    await owner.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    await owner.end();
  }
  const app = openDatabase(ownerUrl, { poolSize });
  // The baseline runs as the application role too, so both pay for the same privileges checks.
  const rawPool = new pg.Pool({ connectionString: ownerUrl, max: poolSize, options: "-c role=souk_app" });
  rawPool.on("error", () => {});
  const names = ["server_version", "fsync", "synchronous_commit", "full_page_writes", "shared_buffers", "wal_level"];
  const result = await rawPool.query<{ name: string; setting: string }>(
    "SELECT name, current_setting(name) AS setting FROM unnest($1::text[]) AS name",
    [names],
  );
  const settings = Object.fromEntries(result.rows.map((row) => [row.name, row.setting]));
  return {
    ownerUrl,
    app,
    rawPool,
    settings,
    databaseCpuSeconds: () => clusterCpuSeconds(path.join(dataDir, "postgres")),
    async resetStatements() {
      if (isStatementsOn) await ownerQuery(ownerUrl, "SELECT pg_stat_statements_reset()");
    },
    async topStatements(limit, perUnit) {
      if (!isStatementsOn) return [];
      const rows = await ownerQuery<{ calls: string; total: number; mean: number; query: string; toplevel: boolean }>(
        ownerUrl,
        `SELECT calls, total_exec_time AS total, mean_exec_time AS mean, query, toplevel FROM pg_stat_statements
         WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY total_exec_time DESC`,
      );
      const top = rows.filter((row) => row.toplevel);
      const calls = top.reduce((sum, row) => sum + Number(row.calls), 0);
      const total = top.reduce((sum, row) => sum + row.total, 0);
      const lines = [
        `statements sent: ${(calls / perUnit).toFixed(1)} per unit, ${(total / perUnit).toFixed(2)} ms of execution; the costliest (nested ones too):`,
      ];
      for (const row of rows.slice(0, limit)) {
        const text = row.query.replace(/\s+/g, " ").slice(0, 110);
        lines.push(
          `  ${row.toplevel ? " " : ">"}${(Number(row.calls) / perUnit).toFixed(2).padStart(5)} x ${row.mean.toFixed(3).padStart(6)} ms = ${((Number(row.calls) * row.mean) / perUnit).toFixed(3).padStart(6)} ms  ${text}`,
        );
      }
      return lines;
    },
    async close() {
      await rawPool.end();
      await app.close();
      await cluster.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
