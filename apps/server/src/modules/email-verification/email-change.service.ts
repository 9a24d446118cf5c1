import { randomInt } from "node:crypto";
import type { EmailChangePending, EmailChangeRequest } from "@souk/contracts";
import { sql } from "kysely";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { codeDigest, inputError, type JobQueue, rateLimited, verifyPassword } from "../../platform/index.ts";
import { recordActivity } from "../account-security/index.ts";
import { mailLocaleOf, queueMail } from "../mail/index.ts";
import { requireSecondFactor } from "../two-factor/index.ts";
import { decideVerify, EMAIL_CODE_TTL_MS, resendWait, type StoredCode } from "./email-verification.domain.ts";

type Tables = {
  email_changes: {
    user_id: number;
    new_email: string;
    code_hash: string;
    attempts: number;
    sent_at: Date;
    expires_at: Date;
  };
  email_codes: { user_id: number };
  /** Read, and email (with email_verified_at) written on confirmation (the users module owns the table). */
  users: { id: number; email: string; locale: string; password_hash: string; email_verified_at: Date | null };
};

const t = (db: Db | Tx) => db.withTables<Tables>();

/** The code's keyed digest, bound to its user and to the address it was sent to. */
const hashCode = (db: Db | Tx, userId: number, email: string, code: string) =>
  codeDigest(db, "email-change", `${userId}:${email.toLowerCase()}:${code}`);

const unavailable = () => inputError({ email: ["email.unavailable"] }, "This address cannot be used.");

export interface ClientSeen {
  ip: string | null;
  userAgent: string | null;
}

async function isTaken(db: Db | Tx, userId: number, email: string): Promise<boolean> {
  const row = await t(db)
    .selectFrom("users")
    .select("id")
    .where(sql`lower(email)`, "=", email.toLowerCase())
    .where("id", "<>", userId)
    .executeTakeFirst();
  return row !== undefined;
}

async function storedChange(db: Db | Tx, userId: number) {
  return t(db).selectFrom("email_changes").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

const asStoredCode = (row: Tables["email_changes"]): StoredCode => ({
  codeHash: row.code_hash,
  attempts: row.attempts,
  sentAt: row.sent_at,
  expiresAt: row.expires_at,
});

/**
 * POST users/email: the password, the address free and new, one request a minute, then the second
 * factor (checked last, so a refused request does not spend a code). The code goes to the new
 * address and a notice to the old one, queued in the transaction that stores the request.
 */
export async function requestEmailChange(
  db: Db,
  jobs: JobQueue,
  userId: number,
  input: EmailChangeRequest,
): Promise<EmailChangePending> {
  const user = await t(db)
    .selectFrom("users")
    .select(["email", "locale", "password_hash"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, input.password)))
    throw inputError({ password: ["password.wrong"] }, "The password is not right.");
  if (input.email.toLowerCase() === user.email.toLowerCase())
    throw inputError({ email: ["email.same"] }, "This is already your address.");
  if (await isTaken(db, userId, input.email)) throw unavailable();
  const pending = await storedChange(db, userId);
  const wait = resendWait(pending ? asStoredCode(pending) : null, new Date());
  if (wait > 0) throw rateLimited("A code was sent a moment ago; wait before asking again.", wait);
  await requireSecondFactor(db, userId, "account", input.code, "code");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + EMAIL_CODE_TTL_MS);
  await withTx(db, async (tx) => {
    const row = {
      new_email: input.email,
      code_hash: await hashCode(tx, userId, input.email, code),
      attempts: 0,
      sent_at: now,
      expires_at: expiresAt,
    };
    await t(tx)
      .insertInto("email_changes")
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(row))
      .execute();
    const locale = mailLocaleOf(user.locale);
    await queueMail(tx, jobs, { to: input.email, template: "email-change-code", locale, vars: { code } });
    await queueMail(tx, jobs, {
      to: user.email,
      template: "email-change-notice",
      locale,
      vars: { newEmail: input.email },
    });
  });
  return { newEmail: input.email, expiresAt: expiresAt.toISOString() };
}

const CONFIRM_REFUSALS = {
  no_code: "email_code.none",
  expired: "email_code.expired",
  too_many_attempts: "email_code.too_many_attempts",
  wrong: "email_code.wrong",
} as const;

/**
 * POST users/email/confirm: the code mailed to the new address. The user row is locked, so two
 * tries of one code run one after the other and the second finds the request gone. The new
 * address (verified by the code), the end of the request and the activity line are one transaction;
 * a wrong code's attempt is committed before the refusal.
 */
export async function confirmEmailChange(
  db: Db,
  userId: number,
  code: string,
  client: ClientSeen,
): Promise<{ email: string }> {
  const outcome = await withTx(db, async (tx) => {
    const user = await t(tx)
      .selectFrom("users")
      .select("email")
      .where("id", "=", userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const pending = await storedChange(tx, userId);
    if (!pending) return { result: "no_code" } as const;
    const submitted = await hashCode(tx, userId, pending.new_email, code);
    const result = decideVerify(asStoredCode(pending), submitted, new Date());
    if (result === "wrong") {
      await t(tx)
        .updateTable("email_changes")
        .set({ attempts: sql`attempts + 1` })
        .where("user_id", "=", userId)
        .execute();
    }
    if (result !== "verified") return { result } as const;
    await t(tx).deleteFrom("email_changes").where("user_id", "=", userId).execute();
    if (await isTaken(tx, userId, pending.new_email)) return { result: "taken" } as const;
    await t(tx)
      .updateTable("users")
      .set({ email: pending.new_email, email_verified_at: sql`now()` })
      .where("id", "=", userId)
      .execute();
    await t(tx).deleteFrom("email_codes").where("user_id", "=", userId).execute();
    await recordActivity(tx, {
      userId,
      type: "email_change",
      ...client,
      details: { from: user.email, to: pending.new_email },
    });
    return { result, email: pending.new_email } as const;
  }).catch((error: unknown) => {
    // Another account took the address between the check and the write (users_email_key).
    if ((error as { code?: string }).code === "23505") throw unavailable();
    throw error;
  });
  if (outcome.result === "taken") throw unavailable();
  if (outcome.result !== "verified")
    throw inputError({ code: [CONFIRM_REFUSALS[outcome.result]] }, "The code was not accepted.");
  return { email: outcome.email };
}

/** The cleanup job's part: e-mail changes past their expiry go (the user asks again). */
export async function pruneExpiredEmailChanges(db: Db, now = new Date()): Promise<number> {
  const pruned = await t(db).deleteFrom("email_changes").where("expires_at", "<", now).executeTakeFirst();
  return Number(pruned.numDeletedRows);
}
