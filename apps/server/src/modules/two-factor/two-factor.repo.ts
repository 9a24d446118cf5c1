import type { Db, Tx } from "../../db/pool.ts";
import type { StoredFactor, TwoFactorSettings, TwoFactorState, TwoFactorType } from "./two-factor.domain.ts";

export interface FactorRow {
  user_id: number;
  type: TwoFactorType;
  state: TwoFactorState;
  secret: string | null;
  last_used_step: string | null;
  code_hash: string | null;
  code_expires_at: Date | null;
  on_login: boolean;
  on_release: boolean;
  on_sendout: boolean;
  failed_attempts: number;
  first_failed_at: Date | null;
  enabled_at: Date | null;
  updated_at: Date;
}

type Tables = {
  two_factor: FactorRow;
  two_factor_recovery_codes: { user_id: number; code_hash: string; used_at: Date | null; is_legacy_hash: boolean };
  pending_logins: {
    token_hash: string;
    user_id: number;
    expires_at: Date;
    attempts: number;
    used_at: Date | null;
  };
  /** Read only: where a sent code goes (address, verified phone) and in which locale, the label of the authenticator entry. */
  users: {
    id: number;
    email: string;
    username: string;
    locale: string;
    phone: string | null;
    phone_verified_at: Date | null;
  };
};

export const tables = (db: Db | Tx) => db.withTables<Tables>();

const COLUMNS = [
  "user_id",
  "type",
  "state",
  "secret",
  "last_used_step",
  "code_hash",
  "code_expires_at",
  "on_login",
  "on_release",
  "on_sendout",
  "failed_attempts",
  "first_failed_at",
  "enabled_at",
  "updated_at",
] as const;

export function toStoredFactor(row: FactorRow): StoredFactor {
  return {
    type: row.type,
    state: row.state,
    secret: row.secret,
    lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
    codeHash: row.code_hash,
    codeExpiresAt: row.code_expires_at,
    settings: { login: row.on_login, release: row.on_release, sendout: row.on_sendout },
    failedAttempts: row.failed_attempts,
    firstFailedAt: row.first_failed_at,
  };
}

export async function findFactor(db: Db | Tx, userId: number): Promise<FactorRow | undefined> {
  return tables(db).selectFrom("two_factor").select(COLUMNS).where("user_id", "=", userId).executeTakeFirst();
}

/** The user's factor row, locked: every code check of one user runs one after another. */
export async function lockFactor(tx: Tx, userId: number): Promise<FactorRow | undefined> {
  return tables(tx)
    .selectFrom("two_factor")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Writes the factor row (inserting it the first time); absent fields keep their stored value. */
export async function saveFactor(
  tx: Tx,
  userId: number,
  values: Partial<Omit<FactorRow, "user_id" | "updated_at">> & { type: TwoFactorType; state: TwoFactorState },
): Promise<void> {
  const set = { ...values, updated_at: new Date() };
  const fresh: FactorRow = {
    user_id: userId,
    secret: null,
    last_used_step: null,
    code_hash: null,
    code_expires_at: null,
    on_login: true,
    on_release: true,
    on_sendout: true,
    failed_attempts: 0,
    first_failed_at: null,
    enabled_at: null,
    ...set,
  };
  await tables(tx)
    .insertInto("two_factor")
    .values(fresh)
    .onConflict((oc) => oc.column("user_id").doUpdateSet(set))
    .execute();
}

export async function updateFactor(tx: Tx, userId: number, values: Partial<Omit<FactorRow, "user_id">>) {
  await tables(tx)
    .updateTable("two_factor")
    .set({ ...values, updated_at: new Date() })
    .where("user_id", "=", userId)
    .execute();
}

export function settingsColumns(settings: TwoFactorSettings) {
  return { on_login: settings.login, on_release: settings.release, on_sendout: settings.sendout };
}

/** Claims one unused recovery code; of two parallel claims of one code exactly one gets the row. */
export async function claimRecoveryCode(tx: Tx, userId: number, codeHash: string): Promise<boolean> {
  const claimed = await tables(tx)
    .updateTable("two_factor_recovery_codes")
    .set({ used_at: new Date() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", codeHash)
    .where("used_at", "is", null)
    .returning("code_hash")
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Recovery codes kept as unkeyed SHA-256 hashes (before decision 087) become keyed digests,
 * through `rewrap`, the first time their user types a recovery code: they keep working.
 */
export async function upgradeLegacyRecoveryCodes(
  tx: Tx,
  userId: number,
  rewrap: (sha256Hex: string) => string,
): Promise<void> {
  const legacy = await tables(tx)
    .selectFrom("two_factor_recovery_codes")
    .select("code_hash")
    .where("user_id", "=", userId)
    .where("is_legacy_hash", "=", true)
    .execute();
  for (const row of legacy) {
    await tables(tx)
      .updateTable("two_factor_recovery_codes")
      .set({ code_hash: rewrap(row.code_hash), is_legacy_hash: false })
      .where("user_id", "=", userId)
      .where("code_hash", "=", row.code_hash)
      .execute();
  }
}

export async function replaceRecoveryCodes(tx: Tx, userId: number, hashes: readonly string[]): Promise<void> {
  await tables(tx).deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
  if (hashes.length === 0) return;
  await tables(tx)
    .insertInto("two_factor_recovery_codes")
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, is_legacy_hash: false })))
    .execute();
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await tables(db)
    .selectFrom("two_factor_recovery_codes")
    .select((eb) => eb.fn.countAll<string>().as("left"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

export async function findUser(db: Db | Tx, userId: number) {
  return tables(db)
    .selectFrom("users")
    .select(["id", "email", "username", "locale", "phone", "phone_verified_at"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}
