import type { Config } from "./config.ts";
import { type DatabaseLocation, describeDatabase, locateDatabase } from "./db/connect.ts";
import { migrate } from "./db/migrate.ts";
import { type DatabaseHandles, openDatabase } from "./db/pool.ts";
import { demoSeedSituationOf, isDatabaseEmpty, mayLoadDemoData, seedDemoData } from "./db/seed/demo.ts";
import { refreshRatesFromFile } from "./modules/reference/index.ts";

export interface Runtime {
  config: Config;
  location: DatabaseLocation;
  /** Runs as souk_app: what the application uses. */
  database: DatabaseHandles;
  readDatabase: DatabaseHandles | null;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  print?: (line: string) => void;
  /** Seed demo data when the database has no users (npm start's first run). */
  seedWhenEmpty?: boolean;
}

/**
 * Finds or starts the database, applies migrations, loads the shipped rates and, on a first start,
 * the demo data. The server, the CLI and the benchmarks all start this way.
 */
export async function openRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const print = options.print ?? (() => {});
  const location = await locateDatabase(config, print);
  print(`database: ${describeDatabase(location, config)}`);
  const { applied } = await migrate(location.ownerUrl);
  if (applied.length > 0) print(`migrations applied: ${applied.join(", ")}`);
  const database = openDatabase(location.ownerUrl, { poolSize: config.DATABASE_POOL_SIZE });
  const readDatabase = location.readUrl
    ? openDatabase(location.readUrl, { poolSize: config.DATABASE_POOL_SIZE })
    : null;
  await refreshRatesFromFile(database.db, config.RATES_FILE);
  if (options.seedWhenEmpty && (await isDatabaseEmpty(database.db))) {
    const decision = mayLoadDemoData(demoSeedSituationOf(config, location.embedded !== null));
    if (decision.isAllowed) {
      print(`fresh database: loading demo data (${decision.reason})`);
      await seedDemoData(database.db, config, print);
    } else {
      print(`fresh database: no demo data (${decision.reason})`);
    }
  }
  return {
    config,
    location,
    database,
    readDatabase,
    // The pools close before the embedded database stops: a connection still open when it
    // stops is cut off, and PostgreSQL logs a FATAL line for each one.
    async close() {
      await readDatabase?.close();
      await database.close();
      await location.embedded?.stop();
    },
  };
}
