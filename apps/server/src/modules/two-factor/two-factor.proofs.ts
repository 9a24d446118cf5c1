import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Db, Tx } from "../../db/pool.ts";
import type { GuardedEvent } from "./two-factor.domain.ts";

/** The events a proof may stand for (a log-in with a passkey starts its own session instead). */
export type ProofEvent = Exclude<GuardedEvent, "login">;

/** A proof lives two minutes: long enough to press "Release" or "Send" after the passkey prompt. */
const PROOF_TTL_MS = 2 * 60_000;
const PROOF_PREFIX = "pk";

type Tables = {
  second_factor_proofs: {
    token_hash: string;
    user_id: number;
    event: ProofEvent;
    expires_at: Date;
    used_at: Date | null;
  };
};

const tables = (db: Db | Tx) => db.withTables<Tables>();
const hashProof = (code: string) => createHash("sha256").update(`proof:${code}`).digest("hex");

/** Pure: a proof is `pk` and fourteen base64url characters (16 in all, the `code` fields' limit). */
export const isProofCode = (code: string) => /^pk[A-Za-z0-9_-]{14}$/.test(code);

/**
 * A passed second factor other than a code (a passkey assertion) becomes a one-time code for one
 * event of one user, stored hashed, written in the caller's transaction (decision 082).
 */
export async function issueSecondFactorProof(
  tx: Tx,
  userId: number,
  event: ProofEvent,
): Promise<{ code: string; expiresAt: Date }> {
  const code = `${PROOF_PREFIX}${randomBytes(11).toString("base64url").slice(0, 14)}`;
  const expiresAt = new Date(Date.now() + PROOF_TTL_MS);
  await tables(tx)
    .insertInto("second_factor_proofs")
    .values({ token_hash: hashProof(code), user_id: userId, event, expires_at: expiresAt, used_at: null })
    .execute();
  return { code, expiresAt };
}

/** Uses a proof up: of two parallel claims of one proof exactly one gets the row. */
export async function claimSecondFactorProof(
  db: Db | Tx,
  userId: number,
  event: GuardedEvent,
  code: string,
): Promise<boolean> {
  if (event === "login") return false;
  const claimed = await tables(db)
    .updateTable("second_factor_proofs")
    .set({ used_at: new Date() })
    .where("token_hash", "=", hashProof(code))
    .where("user_id", "=", userId)
    .where("event", "=", event)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("token_hash")
    .executeTakeFirst();
  return claimed !== undefined;
}
