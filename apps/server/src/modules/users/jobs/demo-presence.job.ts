import { sql } from "kysely";
import type { Db } from "../../../db/pool.ts";
import type { JobDefinition } from "../../../platform/index.ts";

/**
 * The demo vendors the seed marked as present (kind 'presence') stay "online", so a newcomer to a
 * demo finds vendors to trade with. Only the seed's own accounts are touched; a database without
 * demo data has no such marks and this job writes nothing.
 */
export async function refreshDemoPresence(db: Db): Promise<number> {
  const result = await sql`
    UPDATE users u SET last_seen_at = now()
    FROM demo_seed_rows m
    WHERE m.kind = 'presence' AND u.id::text = m.detail AND u.username = m.ref`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export const demoPresenceJob: JobDefinition = {
  name: "users.demo-presence",
  schedule: "* * * * *",
  async handler(_data, context) {
    await refreshDemoPresence(context.db);
  },
};
