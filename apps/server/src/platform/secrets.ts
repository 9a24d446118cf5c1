import { randomBytes } from "node:crypto";
import type { Db } from "../db/pool.ts";

type SecretTables = {
  platform_secrets: { name: string; value: string };
};

/**
 * A secret shared by every server copy: the first copy to ask creates it with `make` (32 random
 * bytes by default), the others read it; ON CONFLICT DO NOTHING settles a race between copies
 * starting together. Rows are never rewritten, so a secret stays what its first copy made.
 */
export async function findOrCreateSecret(
  db: Db,
  name: string,
  make: () => string = () => randomBytes(32).toString("base64url"),
): Promise<string> {
  const tables = db.withTables<SecretTables>();
  await tables
    .insertInto("platform_secrets")
    .values({ name, value: make() })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await tables
    .selectFrom("platform_secrets")
    .select("value")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.value;
}
