import { randomBytes } from "node:crypto";
import { ErrorCode } from "@souk/contracts";
import { sql } from "kysely";
import { type Config, publicUrlOf } from "../../config.ts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import {
  codeDigest,
  DomainError,
  hashPassword,
  inputError,
  type JobQueue,
  revokeUserSessions,
} from "../../platform/index.ts";
import { recordActivity } from "../account-security/index.ts";
import { mailLocaleOf, queueMail } from "../mail/index.ts";

const RESET_TOKEN_TTL_MS = 60 * 60_000;

type Tables = {
  password_reset_tokens: { token_hash: string; user_id: number; expires_at: Date; used_at: Date | null };
  /** Read, and password_hash written on reset (the users module owns the table). */
  users: {
    id: number;
    email: string;
    locale: string;
    is_banned: boolean;
    closed_at: Date | null;
    password_hash: string;
  };
};

const t = (db: Db | Tx) => db.withTables<Tables>();
const hashResetToken = (db: Db | Tx, token: string) => codeDigest(db, "password-reset", token);

/**
 * POST auth/password/forgot. Mails a one-hour single-use link when the address belongs to an
 * account in use (not banned, not closed), and answers the same either way: the caller learns
 * nothing about the address.
 */
export async function forgotPassword(db: Db, jobs: JobQueue, config: Config, email: string): Promise<void> {
  await withTx(db, async (tx) => {
    const user = await t(tx)
      .selectFrom("users")
      .select(["id", "email", "locale", "is_banned", "closed_at"])
      .where(sql`lower(email)`, "=", email.trim().toLowerCase())
      .executeTakeFirst();
    if (!user || user.is_banned || user.closed_at) return;
    const token = randomBytes(32).toString("base64url");
    await t(tx)
      .insertInto("password_reset_tokens")
      .values({
        token_hash: await hashResetToken(tx, token),
        user_id: user.id,
        expires_at: new Date(Date.now() + RESET_TOKEN_TTL_MS),
        used_at: null,
      })
      .execute();
    const link = `${publicUrlOf(config)}/password/reset?token=${token}`;
    await queueMail(tx, jobs, {
      to: user.email,
      template: "password-reset",
      locale: mailLocaleOf(user.locale),
      vars: { link },
    });
  });
}

/**
 * POST auth/password/reset. The token is claimed by one conditional update (unused, unexpired),
 * so of two parallel uses exactly one gets the row; the password changes and every session of
 * the account ends in the same transaction.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  client: { ip: string | null; userAgent: string | null } = { ip: null, userAgent: null },
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await withTx(db, async (tx) => {
    const claimed = await t(tx)
      .updateTable("password_reset_tokens")
      .set({ used_at: sql`now()` })
      .where("token_hash", "=", await hashResetToken(tx, token))
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .returning("user_id")
      .executeTakeFirst();
    if (!claimed)
      throw inputError({ token: ["password_reset.invalid"] }, "This reset link is invalid, expired or already used.");
    const user = await t(tx)
      .selectFrom("users")
      .select("closed_at")
      .where("id", "=", claimed.user_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // A link mailed before the account was closed: refused, and the claim rolls back with it.
    if (user.closed_at) throw new DomainError(ErrorCode.ACCOUNT_CLOSED, "forbidden", "This account is closed.");
    await t(tx).updateTable("users").set({ password_hash: passwordHash }).where("id", "=", claimed.user_id).execute();
    await revokeUserSessions(tx, claimed.user_id, { except: 0 });
    await recordActivity(tx, { userId: claimed.user_id, type: "password_reset", ...client });
  });
}

/** The cleanup job's part: reset links past their hour go, used or not. */
export async function pruneExpiredResetTokens(db: Db, now = new Date()): Promise<number> {
  const pruned = await t(db).deleteFrom("password_reset_tokens").where("expires_at", "<", now).executeTakeFirst();
  return Number(pruned.numDeletedRows);
}
