import { randomInt } from "node:crypto";
import { ErrorCode } from "@souk/contracts";
import { sql } from "kysely";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { codeDigest, conflict, inputError, type JobQueue, rateLimited } from "../../platform/index.ts";
import { mailLocaleOf, queueMail } from "../mail/index.ts";
import { refreshKycLevel } from "../verification/index.ts";
import { decideVerify, EMAIL_CODE_TTL_MS, resendWait, type StoredCode } from "./email-verification.domain.ts";

type Tables = {
  email_codes: {
    user_id: number;
    email: string;
    code_hash: string;
    attempts: number;
    sent_at: Date;
    expires_at: Date;
  };
  /** Read, and email_verified_at written on success (the users module owns the table). */
  users: { id: number; email: string; locale: string; email_verified_at: Date | null };
};

const t = (db: Db | Tx) => db.withTables<Tables>();

/** The code's keyed digest, bound to its user. */
const hashCode = (db: Db | Tx, userId: number, code: string) => codeDigest(db, "email-code", `${userId}:${code}`);

async function lockUser(tx: Tx, userId: number) {
  return t(tx)
    .selectFrom("users")
    .select(["id", "email", "locale", "email_verified_at"])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

async function storedCode(tx: Tx, userId: number): Promise<StoredCode | null> {
  const row = await t(tx).selectFrom("email_codes").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row
    ? { codeHash: row.code_hash, attempts: row.attempts, sentAt: row.sent_at, expiresAt: row.expires_at }
    : null;
}

/** Replaces the user's code with a new one and queues its mail, in the caller's transaction. */
async function issueCode(tx: Tx, jobs: JobQueue, user: { id: number; email: string; locale: string }): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const now = new Date();
  const row = {
    email: user.email,
    code_hash: await hashCode(tx, user.id, code),
    attempts: 0,
    sent_at: now,
    expires_at: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
  };
  await t(tx)
    .insertInto("email_codes")
    .values({ user_id: user.id, ...row })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(row))
    .execute();
  await queueMail(tx, jobs, {
    to: user.email,
    template: "email-code",
    locale: mailLocaleOf(user.locale),
    vars: { code },
  });
}

const alreadyVerified = () => conflict("This e-mail address is already verified.", ErrorCode.EMAIL_ALREADY_VERIFIED);

/** Sends the first code (at sign-up). Does nothing for an address already verified. */
export async function sendEmailCode(db: Db, jobs: JobQueue, userId: number): Promise<void> {
  await withTx(db, async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user.email_verified_at) await issueCode(tx, jobs, user);
  });
}

/** POST user-verification/email/resend-code: a new code, at most one a minute. */
export async function resendEmailCode(db: Db, jobs: JobQueue, userId: number): Promise<void> {
  await withTx(db, async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.email_verified_at) throw alreadyVerified();
    const wait = resendWait(await storedCode(tx, userId), new Date());
    if (wait > 0) throw rateLimited("A code was sent a moment ago; wait before asking again.", wait);
    await issueCode(tx, jobs, user);
  });
}

const VERIFY_REFUSALS = {
  no_code: "email_code.none",
  expired: "email_code.expired",
  too_many_attempts: "email_code.too_many_attempts",
  wrong: "email_code.wrong",
} as const;

/**
 * POST user-verification/email/verify-code. The user row is locked, so parallel tries are counted
 * one after another; a wrong code's attempt is committed before the refusal is thrown.
 */
export async function verifyEmailCode(db: Db, userId: number, code: string): Promise<void> {
  const outcome = await withTx(db, async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.email_verified_at) throw alreadyVerified();
    const result = decideVerify(await storedCode(tx, userId), await hashCode(tx, userId, code), new Date());
    if (result === "wrong") {
      await t(tx)
        .updateTable("email_codes")
        .set({ attempts: sql`attempts + 1` })
        .where("user_id", "=", userId)
        .execute();
    } else if (result === "verified") {
      await t(tx).updateTable("users").set({ email_verified_at: sql`now()` }).where("id", "=", userId).execute();
      await refreshKycLevel(tx, userId);
      await t(tx).deleteFrom("email_codes").where("user_id", "=", userId).execute();
    }
    return result;
  });
  if (outcome !== "verified") throw inputError({ code: [VERIFY_REFUSALS[outcome]] }, "The code was not accepted.");
}

/** POST user-verification/email/change-unconfirmed: a new address while unverified, and a code to it. */
export async function changeUnconfirmedEmail(db: Db, jobs: JobQueue, userId: number, email: string): Promise<void> {
  await withTx(db, async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.email_verified_at) throw alreadyVerified();
    const taken = await t(tx)
      .selectFrom("users")
      .select("id")
      .where(sql`lower(email)`, "=", email.toLowerCase())
      .where("id", "<>", userId)
      .executeTakeFirst();
    if (taken) throw inputError({ email: ["email.unavailable"] }, "This address cannot be used.");
    await t(tx)
      .updateTable("users")
      .set({ email })
      .where("id", "=", userId)
      .execute()
      .catch((error: unknown) => {
        // Another account took the address between the check and the write (users_email_key).
        if ((error as { code?: string }).code === "23505")
          throw inputError({ email: ["email.unavailable"] }, "This address cannot be used.");
        throw error;
      });
    await issueCode(tx, jobs, { ...user, email });
  });
}

/** The cleanup job's part: e-mail codes past their expiry go (a new one is sent on request). */
export async function pruneExpiredEmailCodes(db: Db, now = new Date()): Promise<number> {
  const pruned = await t(db).deleteFrom("email_codes").where("expires_at", "<", now).executeTakeFirst();
  return Number(pruned.numDeletedRows);
}
