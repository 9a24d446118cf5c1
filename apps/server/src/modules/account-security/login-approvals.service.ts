import { createHash, randomBytes } from "node:crypto";
import type { LoginApprovalStatus, SecuritySettings } from "@souk/contracts";
import { type Generated, sql } from "kysely";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { hashDeviceId, inputError, type JobQueue } from "../../platform/index.ts";
import { mailLocaleOf, queueMail } from "../mail/index.ts";
import { recordActivity } from "./activity.service.ts";
import type { LogInDevice } from "./devices.service.ts";
import { deviceLogInStep, LOGIN_APPROVAL_TTL_MS, waitingLogInOutcome } from "./login-approvals.domain.ts";
import { describeDevice } from "./sessions.domain.ts";

type Tables = {
  security_settings: { user_id: number; approve_new_devices: boolean; updated_at: Generated<Date> };
  login_approvals: {
    id: Generated<number>;
    user_id: number;
    wait_token_hash: string;
    answer_token_hash: string;
    device_id_hash: string;
    ip: string | null;
    user_agent: string | null;
    status: Generated<LoginApprovalStatus>;
    expires_at: Date;
    answered_at: Date | null;
    used_at: Date | null;
  };
  user_devices: { user_id: number; device_id_hash: string };
  /** Read for the mail's address and language (the users module owns the table). */
  users: { id: number; email: string; locale: string };
};

const t = (db: Db | Tx) => db.withTables<Tables>();
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function getSecuritySettings(db: Db, userId: number): Promise<SecuritySettings> {
  const row = await t(db)
    .selectFrom("security_settings")
    .select("approve_new_devices")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return { approveNewDevices: row?.approve_new_devices ?? false };
}

export async function saveSecuritySettings(db: Db, userId: number, input: SecuritySettings): Promise<SecuritySettings> {
  await t(db)
    .insertInto("security_settings")
    .values({ user_id: userId, approve_new_devices: input.approveNewDevices })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ approve_new_devices: input.approveNewDevices, updated_at: sql`now()` }),
    )
    .execute();
  return getSecuritySettings(db, userId);
}

/**
 * After the right password: when the user asks for approvals and the device is new, a pending
 * request (the waiting browser's token returned once) and the mail with its links; null when the
 * log-in may go on.
 */
export async function askApprovalIfNeeded(
  db: Db,
  deps: { jobs: JobQueue; publicUrl: string },
  device: LogInDevice,
): Promise<{ token: string; expiresAt: Date } | null> {
  const known = await t(db)
    .selectFrom("user_devices")
    .select("user_id")
    .where("user_id", "=", device.userId)
    .where("device_id_hash", "=", hashDeviceId(device.deviceId))
    .executeTakeFirst();
  const settings = await getSecuritySettings(db, device.userId);
  const step = deviceLogInStep({ isKnownDevice: known !== undefined, ...settings });
  if (step === "go_on") return null;
  const waitToken = randomBytes(32).toString("base64url");
  const answerToken = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + LOGIN_APPROVAL_TTL_MS);
  await withTx(db, async (tx) => {
    await t(tx)
      .insertInto("login_approvals")
      .values({
        user_id: device.userId,
        wait_token_hash: hashToken(waitToken),
        answer_token_hash: hashToken(answerToken),
        device_id_hash: hashDeviceId(device.deviceId),
        ip: device.ip,
        user_agent: device.userAgent?.slice(0, 500) ?? null,
        expires_at: expiresAt,
      })
      .execute();
    await mailApprovalLinks(tx, deps, device, answerToken);
    await recordActivity(tx, { userId: device.userId, type: "login_approval_requested", ...seenFrom(device) });
  });
  return { token: waitToken, expiresAt };
}

const seenFrom = (device: LogInDevice) => ({ ip: device.ip, userAgent: device.userAgent });

async function mailApprovalLinks(
  tx: Tx,
  deps: { jobs: JobQueue; publicUrl: string },
  device: LogInDevice,
  answerToken: string,
): Promise<void> {
  const user = await t(tx)
    .selectFrom("users")
    .select(["email", "locale"])
    .where("id", "=", device.userId)
    .executeTakeFirst();
  if (!user) return;
  const link = (answer: string) => `${deps.publicUrl}/login/approve?token=${answerToken}&answer=${answer}`;
  await queueMail(tx, deps.jobs, {
    to: user.email,
    template: "login-approval",
    locale: mailLocaleOf(user.locale),
    vars: {
      device: describeDevice(device.userAgent) ?? "",
      ip: device.ip ?? "",
      approveLink: link("approve"),
      denyLink: link("deny"),
    },
  });
}

const invalidLink = () =>
  inputError({ token: ["login_approval.invalid"] }, "This approval link is invalid, expired or already used.");

/**
 * POST auth/login-approvals/answer: the mailed link's token approves or denies the pending
 * request, once. The claim is one conditional update (pending, unexpired), so of two uses of one
 * link exactly one answers. An approval gives the waiting log-in a fresh quarter of an hour.
 */
export async function answerApproval(
  db: Db,
  token: string,
  answer: "approve" | "deny",
): Promise<{ status: LoginApprovalStatus }> {
  return withTx(db, async (tx) => {
    const status = answer === "approve" ? "approved" : "denied";
    const claimed = await t(tx)
      .updateTable("login_approvals")
      .set({
        status,
        answered_at: sql`now()`,
        expires_at: new Date(Date.now() + LOGIN_APPROVAL_TTL_MS),
      })
      .where("answer_token_hash", "=", hashToken(token))
      .where("status", "=", "pending")
      .where("expires_at", ">", sql<Date>`now()`)
      .returning(["user_id", "ip", "user_agent"])
      .executeTakeFirst();
    if (!claimed) throw invalidLink();
    await recordActivity(tx, {
      userId: claimed.user_id,
      type: status === "approved" ? "login_approved" : "login_denied",
      ip: claimed.ip,
      userAgent: claimed.user_agent,
    });
    return { status };
  });
}

const approvalRefusal = (reason: "denied" | "expired" | "used") =>
  inputError(
    { approval: [`login_approval.${reason}`] },
    reason === "denied"
      ? "This log-in was denied from the e-mail link."
      : "This log-in has expired; enter your password again.",
  );

/**
 * POST auth/login/approval: the waiting browser asks again. Pending: its expiry (keep waiting).
 * Approved: the request is used (one conditional update, so it opens one log-in) and its user
 * returned; the caller goes on with the second factor or the session. Otherwise refused.
 */
export async function claimApprovedLogIn(
  db: Db,
  waitToken: string | null,
  deviceId: string,
): Promise<{ userId: number } | { waitUntil: Date }> {
  if (!waitToken) throw approvalRefusal("expired");
  const row = await t(db)
    .selectFrom("login_approvals")
    .select(["user_id", "status", "expires_at", "used_at", "device_id_hash"])
    .where("wait_token_hash", "=", hashToken(waitToken))
    .executeTakeFirst();
  // The request is for the device that asked; another browser holding the cookie is not it.
  if (!row || row.device_id_hash !== hashDeviceId(deviceId)) throw approvalRefusal("expired");
  const outcome = waitingLogInOutcome(
    { status: row.status, expiresAt: row.expires_at, usedAt: row.used_at },
    new Date(),
  );
  if (outcome === "wait") return { waitUntil: row.expires_at };
  if (outcome !== "complete") throw approvalRefusal(outcome);
  const claimed = await t(db)
    .updateTable("login_approvals")
    .set({ used_at: sql`now()` })
    .where("wait_token_hash", "=", hashToken(waitToken))
    .where("status", "=", "approved")
    .where("used_at", "is", null)
    .returning("user_id")
    .executeTakeFirst();
  if (!claimed) throw approvalRefusal("used");
  return { userId: Number(claimed.user_id) };
}
