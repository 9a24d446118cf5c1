import { type Generated, sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";

export type ChallengePurpose = "registration" | "login" | "release" | "withdrawal" | "account";

export interface PasskeyRow {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  user_handle: string;
  name: string;
  device_type: "singleDevice" | "multiDevice";
  backed_up: boolean;
  created_at: Date;
  last_used_at: Date | null;
}

type Tables = {
  passkeys: Omit<PasskeyRow, "id" | "created_at"> & { id: Generated<number>; created_at: Generated<Date> };
  passkey_challenges: {
    challenge: string;
    user_id: number | null;
    purpose: ChallengePurpose;
    user_handle: string | null;
    expires_at: Date;
    used_at: Date | null;
  };
  /** Read only: the name the authenticator shows for the account. */
  users: { id: number; username: string };
};

const tables = (db: Db | Tx) => db.withTables<Tables>();

export async function storeChallenge(
  db: Db,
  challenge: {
    challenge: string;
    userId: number | null;
    purpose: ChallengePurpose;
    userHandle?: string;
    expiresAt: Date;
  },
): Promise<void> {
  // Challenges nobody answered are dropped an hour after they expired.
  await tables(db)
    .deleteFrom("passkey_challenges")
    .where("expires_at", "<", sql<Date>`now() - interval '1 hour'`)
    .execute();
  await tables(db)
    .insertInto("passkey_challenges")
    .values({
      challenge: challenge.challenge,
      user_id: challenge.userId,
      purpose: challenge.purpose,
      user_handle: challenge.userHandle ?? null,
      expires_at: challenge.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Uses a stored challenge up: only one caller, of the right purpose and user, before it expires;
 * a second use (or a parallel one) finds nothing. A log-in's challenge belongs to no user.
 */
export async function claimChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
): Promise<{ userHandle: string | null } | null> {
  const claimed = await tables(db)
    .updateTable("passkey_challenges")
    .set({ used_at: new Date() })
    .where("challenge", "=", challenge)
    .where("purpose", "=", purpose)
    .where((eb) => (userId === null ? eb("user_id", "is", null) : eb("user_id", "=", userId)))
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("user_handle")
    .executeTakeFirst();
  return claimed ? { userHandle: claimed.user_handle } : null;
}

export async function listPasskeys(db: Db | Tx, userId: number): Promise<PasskeyRow[]> {
  return tables(db).selectFrom("passkeys").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

export async function findPasskeyByCredential(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  return tables(db).selectFrom("passkeys").selectAll().where("credential_id", "=", credentialId).executeTakeFirst();
}

export async function insertPasskey(
  tx: Tx,
  row: Omit<PasskeyRow, "id" | "created_at" | "last_used_at">,
): Promise<PasskeyRow | undefined> {
  return tables(tx)
    .insertInto("passkeys")
    .values(row)
    .onConflict((oc) => oc.column("credential_id").doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Records a use: the new counter only if the stored one is still the value the check saw, so of
 * two parallel uses of one signature (or of one counter value) exactly one passes.
 */
export async function recordUse(tx: Tx, id: number, seenCounter: number, newCounter: number): Promise<boolean> {
  const updated = await tables(tx)
    .updateTable("passkeys")
    .set({ counter: String(newCounter), last_used_at: new Date() })
    .where("id", "=", id)
    .where("counter", "=", String(seenCounter))
    .returning("id")
    .executeTakeFirst();
  return updated !== undefined;
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string) {
  return tables(db)
    .updateTable("passkeys")
    .set({ name })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePasskey(tx: Tx, userId: number, id: number) {
  return tables(tx)
    .deleteFrom("passkeys")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning(["id", "name"])
    .executeTakeFirst();
}

export async function findUsername(db: Db, userId: number): Promise<string> {
  const row = await tables(db)
    .selectFrom("users")
    .select("username")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.username;
}
