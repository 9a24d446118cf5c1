import { sql } from "kysely";
import type { Config } from "../../config.ts";
import { modules } from "../../modules/registry.ts";
import type { SeedContext } from "../../platform/index.ts";
import type { Db } from "../pool.ts";

/** Runs every module's demo seed in module order. Each seed is safe to run again. */
export async function seedDemoData(db: Db, config: Config, print: (line: string) => void): Promise<SeedContext> {
  const context: SeedContext = { db, config, print, users: new Map() };
  for (const module of modules) await module.seedDemo?.(context);
  return context;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const result = await sql<{ count: bigint }>`SELECT count(*) AS count FROM users`.execute(db);
  return (result.rows[0]?.count ?? 0n) === 0n;
}
