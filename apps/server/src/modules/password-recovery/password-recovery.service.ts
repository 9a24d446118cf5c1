import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { type Config, publicUrlOf } from "../../config.ts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { hashPassword, inputError, type JobQueue } from "../../platform/index.ts";
import { recordActivity } from "../account-security/index.ts";
import { mailLocaleOf, queueMail } from "../mail/index.ts";

const RESET_TOKEN_TTL_MS = 60 * 60_000;

type Tables = {
  password_reset_tokens: { token_hash: string; user_id: number; expires_at: Date; used_at: Date | null };
  /** Read, and password_hash written on reset (the users module owns the table). */
  users: { id: number; email: string; locale: string; is_banned: boolean; password_hash: string };
  /** Every session of the user ends on reset (the platform owns the table). */
  sessions: { user_id: number; revoked_at: Date | null };
};

const t = (db: Db | Tx) => db.withTables<Tables>();
const hashResetToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * POST auth/password/forgot. Mails a one-hour single-use link when the address belongs to an
 * account, and answers the same either way: the caller learns nothing about the address.
 */
export async function forgotPassword(db: Db, jobs: JobQueue, config: Config, email: string): Promise<void> {
  await withTx(db, async (tx) => {
    const user = await t(tx)
      .selectFrom("users")
      .select(["id", "email", "locale", "is_banned"])
      .where(sql`lower(email)`, "=", email.trim().toLowerCase())
      .executeTakeFirst();
    if (!user || user.is_banned) return;
    const token = randomBytes(32).toString("base64url");
    await t(tx)
      .insertInto("password_reset_tokens")
      .values({
        token_hash: hashResetToken(token),
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
      .where("token_hash", "=", hashResetToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .returning("user_id")
      .executeTakeFirst();
    if (!claimed)
      throw inputError({ token: ["password_reset.invalid"] }, "This reset link is invalid, expired or already used.");
    await t(tx).updateTable("users").set({ password_hash: passwordHash }).where("id", "=", claimed.user_id).execute();
    await t(tx)
      .updateTable("sessions")
      .set({ revoked_at: sql`now()` })
      .where("user_id", "=", claimed.user_id)
      .where("revoked_at", "is", null)
      .execute();
    await recordActivity(tx, { userId: claimed.user_id, type: "password_reset", ...client });
  });
}
