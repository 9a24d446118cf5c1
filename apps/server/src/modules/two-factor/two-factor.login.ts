import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { codeDigest, inputError, type JobQueue } from "../../platform/index.ts";
import { checkAndUseCode } from "./two-factor.check.ts";
import { isAskedFor, isSentFactor, type TwoFactorType } from "./two-factor.domain.ts";
import { codeRefusal } from "./two-factor.errors.ts";
import { findFactor, tables, toStoredFactor } from "./two-factor.repo.ts";
import { issueFactorCode } from "./two-factor.service.ts";

/** A pending log-in lives five minutes and takes five wrong codes (decision 107). */
export const PENDING_LOGIN_TTL_MS = 5 * 60_000;
const PENDING_LOGIN_MAX_ATTEMPTS = 5;

const hashPendingToken = (db: Db | Tx, token: string) => codeDigest(db, "pending-login", token);
const pendingExpired = () =>
  inputError({ code: ["two_factor.login_expired"] }, "This log-in has expired; enter your password again.");

/**
 * After the right password: when the user's settings ask for the factor at log-in, a pending
 * log-in (its token returned once, stored hashed) instead of a session; null when none is asked.
 */
export async function beginSecondFactorLogin(
  db: Db,
  jobs: JobQueue,
  userId: number,
): Promise<{ token: string; type: TwoFactorType; expiresAt: Date } | null> {
  const row = await findFactor(db, userId);
  if (!row || !isAskedFor(toStoredFactor(row), "login")) return null;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + PENDING_LOGIN_TTL_MS);
  await withTx(db, async (tx) => {
    await tables(tx)
      .insertInto("pending_logins")
      .values({
        token_hash: await hashPendingToken(tx, token),
        user_id: userId,
        expires_at: expiresAt,
        attempts: 0,
        used_at: null,
      })
      .execute();
    if (isSentFactor(row.type)) await issueFactorCode(tx, jobs, userId, row.type);
  });
  return { token, type: row.type, expiresAt };
}

/** The user of a pending log-in still open (not used, not expired, wrong tries left); else the refusal. */
async function openPendingLogin(db: Db, token: string | null): Promise<{ tokenHash: string; userId: number }> {
  if (!token) throw pendingExpired();
  const tokenHash = await hashPendingToken(db, token);
  const pending = await tables(db)
    .selectFrom("pending_logins")
    .select(["user_id", "attempts"])
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  if (!pending || pending.attempts >= PENDING_LOGIN_MAX_ATTEMPTS) throw pendingExpired();
  return { tokenHash, userId: Number(pending.user_id) };
}

/** Uses the pending log-in up, in the transaction that passed its factor: it opens one session only. */
async function claimPendingLogin(tx: Tx, tokenHash: string): Promise<void> {
  const claimed = await tables(tx)
    .updateTable("pending_logins")
    .set({ used_at: new Date() })
    .where("token_hash", "=", tokenHash)
    .where("used_at", "is", null)
    .returning("user_id")
    .executeTakeFirst();
  if (!claimed) throw pendingExpired();
}

async function countPendingAttempt(db: Db, tokenHash: string): Promise<void> {
  await tables(db)
    .updateTable("pending_logins")
    .set({ attempts: sql`attempts + 1` })
    .where("token_hash", "=", tokenHash)
    .execute();
}

/**
 * POST auth/login/two-factor: the code (or a recovery code) completes the pending log-in; the
 * pending token is claimed in the same transaction as the code, so it opens one session only.
 */
export async function completeSecondFactorLogin(db: Db, token: string | null, code: string): Promise<number> {
  const pending = await openPendingLogin(db, token);
  const outcome = await checkAndUseCode(db, pending.userId, code, {
    states: ["enabled"],
    allowRecovery: true,
    onPass: (tx) => claimPendingLogin(tx, pending.tokenHash),
  });
  if (outcome.outcome === "passed") return pending.userId;
  await countPendingAttempt(db, pending.tokenHash);
  throw outcome.outcome === "no_factor" ? pendingExpired() : codeRefusal(outcome);
}

/** The user whose pending log-in this is: a passkey's options for the second step are theirs only. */
export async function pendingLoginUser(db: Db, token: string | null): Promise<number> {
  return (await openPendingLogin(db, token)).userId;
}

/**
 * The second step answered by a passkey (decision 084): `check` verifies the assertion of the
 * pending user's passkey and runs the claim of the pending log-in inside its own transaction; a
 * refused assertion counts as a wrong try of the pending log-in.
 */
export async function completeSecondFactorLoginWith(
  db: Db,
  token: string | null,
  check: (userId: number, claim: (tx: Tx) => Promise<void>) => Promise<void>,
): Promise<number> {
  const pending = await openPendingLogin(db, token);
  try {
    await check(pending.userId, (tx) => claimPendingLogin(tx, pending.tokenHash));
  } catch (error) {
    await countPendingAttempt(db, pending.tokenHash);
    throw error;
  }
  return pending.userId;
}

/**
 * The cleanup job's part: pending log-ins past their five minutes go, used or not, and sent codes
 * past their expiry are cleared from the factor rows. Returns how many rows changed.
 */
export async function pruneExpiredTwoFactorCodes(db: Db, now = new Date()): Promise<number> {
  const logins = await tables(db).deleteFrom("pending_logins").where("expires_at", "<", now).executeTakeFirst();
  const codes = await tables(db)
    .updateTable("two_factor")
    .set({ code_hash: null, code_expires_at: null })
    .where("code_expires_at", "<", now)
    .executeTakeFirst();
  return Number(logins.numDeletedRows) + Number(codes.numUpdatedRows);
}
