import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { withDatabaseName } from "../../apps/server/src/db/connect.ts";
import { startEmbeddedPostgres } from "../../apps/server/src/db/embedded.ts";
import { migrate } from "../../apps/server/src/db/migrate.ts";
import { type DatabaseHandles, openDatabase } from "../../apps/server/src/db/pool.ts";

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
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startBenchDatabase(poolSize: number): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "souk-bench-"));
  const cluster = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query("CREATE DATABASE souk_bench");
  await admin.end();
  const ownerUrl = withDatabaseName(cluster.adminUrl, "souk_bench");
  await migrate(ownerUrl);
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
    async close() {
      await rawPool.end();
      await app.close();
      await cluster.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
