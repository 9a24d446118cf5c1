import path from "node:path";
import pg from "pg";
import type { Config } from "../config.ts";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./embedded.ts";

const EMBEDDED_DATABASE_NAME = "souk";

export interface DatabaseLocation {
  /** The owner's connection string: migrations and jobs. The app itself runs as souk_app. */
  ownerUrl: string;
  readUrl: string | null;
  embedded: EmbeddedDatabase | null;
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * DATABASE_URL when it is set; otherwise the embedded cluster under SOUK_DATA_DIR, started or
 * joined (the CLI joins the one the server runs).
 */
export async function locateDatabase(
  config: Config,
  log: (message: string) => void = () => {},
): Promise<DatabaseLocation> {
  if (config.DATABASE_URL) {
    return { ownerUrl: config.DATABASE_URL, readUrl: config.DATABASE_READ_URL ?? null, embedded: null };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.SOUK_PG_PORT,
    onLog: (line) => {
      if (/FATAL|PANIC|ERROR/.test(line)) log(line.trim());
    },
  });
  await ensureDatabase(embedded.adminUrl, EMBEDDED_DATABASE_NAME);
  return { ownerUrl: withDatabaseName(embedded.adminUrl, EMBEDDED_DATABASE_NAME), readUrl: null, embedded };
}

export function describeDatabase(location: DatabaseLocation, config: Config): string {
  return location.embedded
    ? `embedded PostgreSQL on 127.0.0.1:${location.embedded.port} (data in ${path.resolve(config.dataDir)})`
    : "PostgreSQL at DATABASE_URL";
}
