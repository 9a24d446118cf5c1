import { sql } from "kysely";
import type { Config } from "../../config.ts";
import { modules } from "../../modules/registry.ts";
import { type SeedContext, seedMarksOf } from "../../platform/index.ts";
import type { Db } from "../pool.ts";

/**
 * Runs every module's demo seed in module order. Each seed acts only on what the seed created
 * (demo_seed_rows), so running it again changes no row of a real user.
 */
export async function seedDemoData(db: Db, config: Config, print: (line: string) => void): Promise<SeedContext> {
  const context: SeedContext = { db, config, print, users: new Map(), marks: seedMarksOf(db) };
  for (const module of modules) await module.seedDemo?.(context);
  return context;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const result = await sql<{ count: bigint }>`SELECT count(*) AS count FROM users`.execute(db);
  return (result.rows[0]?.count ?? 0n) === 0n;
}

/** The demo accounts the seed created that still exist (their password is in the README). */
export async function listDemoAccounts(db: Db): Promise<string[]> {
  const result = await sql<{ username: string }>`
    SELECT u.username FROM demo_seed_rows m JOIN users u ON u.username = m.ref AND u.id::text = m.detail
    WHERE m.kind = 'user' ORDER BY u.id`.execute(db);
  return result.rows.map((row) => row.username);
}

export interface DemoSeedSituation {
  mode: Config["SOUK_SEED_DEMO"];
  /** The embedded database (no DATABASE_URL): a machine of one's own. */
  isEmbedded: boolean;
  isProduction: boolean;
}

/**
 * Whether demo data may be loaded here. Demo accounts have a published password (an admin among
 * them), so `auto` loads them only into the embedded database outside production; a database
 * given by DATABASE_URL, or production, takes them only when the operator says `always`.
 */
export function mayLoadDemoData(situation: DemoSeedSituation): { isAllowed: boolean; reason: string } {
  if (situation.mode === "never") return { isAllowed: false, reason: "SOUK_SEED_DEMO=never" };
  if (situation.mode === "always") return { isAllowed: true, reason: "SOUK_SEED_DEMO=always" };
  if (situation.isProduction)
    return { isAllowed: false, reason: "NODE_ENV=production needs SOUK_SEED_DEMO=always for demo data" };
  if (!situation.isEmbedded)
    return { isAllowed: false, reason: "a database at DATABASE_URL needs SOUK_SEED_DEMO=always for demo data" };
  return { isAllowed: true, reason: "the embedded database" };
}

export function demoSeedSituationOf(config: Config, isEmbedded: boolean): DemoSeedSituation {
  return { mode: config.SOUK_SEED_DEMO, isEmbedded, isProduction: config.NODE_ENV === "production" };
}

/** The lines that tell an operator, loudly, that accounts with a public password are live. */
export function demoAccountsWarning(usernames: readonly string[]): string[] {
  const rule = "!".repeat(78);
  return [
    rule,
    `WARNING: ${usernames.length} demo accounts exist in this production database: ${usernames.join(", ")}.`,
    "Their password is published in the README. Delete them or change their passwords now.",
    rule,
  ];
}
