import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { hashPassword, inputError, revokeUserSessions, verifyPassword } from "../../platform/index.ts";
import { recordActivity } from "../account-security/index.ts";
import { requireSecondFactor } from "../two-factor/index.ts";

type Tables = {
  /** Read, and password_hash written (the users module owns the table). */
  users: { id: number; password_hash: string };
};

const t = (db: Db | Tx) => db.withTables<Tables>();

/**
 * POST users/password: the current password, then the second factor when one is on (its login
 * setting aside: a password change always asks for it), then the new password (argon2) and the
 * end of every other session of the account, in one transaction.
 */
export async function changePassword(
  db: Db,
  viewer: { userId: number; sessionId: number },
  input: { currentPassword: string; newPassword: string; code?: string | undefined },
): Promise<void> {
  const user = await t(db)
    .selectFrom("users")
    .select(["password_hash"])
    .where("id", "=", viewer.userId)
    .executeTakeFirst();
  if (!user || !(await verifyPassword(user.password_hash, input.currentPassword)))
    throw inputError({ currentPassword: ["password.wrong"] }, "The current password is not right.");
  if (input.currentPassword === input.newPassword)
    throw inputError({ newPassword: ["password.same"] }, "Choose a password you do not use now.");
  await requireSecondFactor(db, viewer.userId, "account", input.code, "code");
  const passwordHash = await hashPassword(input.newPassword);
  await withTx(db, async (tx) => {
    await t(tx).updateTable("users").set({ password_hash: passwordHash }).where("id", "=", viewer.userId).execute();
    await revokeUserSessions(tx, viewer.userId, { except: viewer.sessionId });
    await recordActivity(tx, { userId: viewer.userId, type: "password_change" });
  });
}
