import { sql } from "kysely";
import type { Db } from "../../db/pool.ts";

type AuthTables = {
  login_attempts: {
    id: import("kysely").Generated<bigint>;
    login_key: string;
    ip: string | null;
    succeeded: boolean;
    created_at: import("kysely").Generated<Date>;
  };
};

function tables(db: Db) {
  return db.withTables<AuthTables>();
}

export async function recordLoginAttempt(
  db: Db,
  loginKey: string,
  ip: string | null,
  succeeded: boolean,
): Promise<void> {
  await tables(db).insertInto("login_attempts").values({ login_key: loginKey, ip, succeeded }).execute();
}

/** Failures since the last success, within the window, for an account and for an address. */
export async function countRecentFailures(db: Db, loginKey: string, ip: string | null, windowMinutes: number) {
  const since = sql<Date>`now() - make_interval(mins => ${windowMinutes})`;
  const row = await tables(db)
    .selectFrom("login_attempts")
    .select([
      sql<string>`count(*) FILTER (WHERE login_key = ${loginKey} AND NOT succeeded)`.as("forAccount"),
      sql<string>`count(*) FILTER (WHERE ip = ${ip} AND NOT succeeded)`.as("forAddress"),
    ])
    .where("created_at", ">", since)
    .where((eb) => eb.or([eb("login_key", "=", loginKey), ...(ip ? [eb("ip", "=", ip)] : [])]))
    .executeTakeFirstOrThrow();
  return { forAccount: Number(row.forAccount), forAddress: Number(row.forAddress) };
}

/** A success wipes the account's failures so a user who finally remembers is not held back. */
export async function clearFailures(db: Db, loginKey: string): Promise<void> {
  await tables(db)
    .deleteFrom("login_attempts")
    .where("login_key", "=", loginKey)
    .where("succeeded", "=", false)
    .execute();
}
