import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { withDatabaseName } from "../src/db/connect.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { migrate } from "../src/db/migrate.ts";
import { openDatabase } from "../src/db/pool.ts";
import { refreshRatesFromFile } from "../src/modules/reference/index.ts";
import { keepFailureExitCode } from "./exit-code.ts";
import { freePort } from "./server-copies.ts";

export const TEMPLATE_DATABASE = "souk_template";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run, in a temporary directory. A template database is
 * migrated once; each test file clones it (CREATE DATABASE ... TEMPLATE), which takes a few
 * milliseconds and gives every file a clean, fully migrated database.
 */
export default async function setup(project: TestProject) {
  keepFailureExitCode();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "souk-test-"));
  const cluster = await startEmbeddedPostgres({ dataDir, port: await freePort(), isDisposable: true });
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const templateUrl = withDatabaseName(cluster.adminUrl, TEMPLATE_DATABASE);
  await migrate(templateUrl);
  const handles = openDatabase(templateUrl);
  await refreshRatesFromFile(handles.db);
  await handles.close();
  await admin.end();
  project.provide("pgAdminUrl", cluster.adminUrl);
  return async () => {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
