import { randomInt } from "node:crypto";
import QRCode from "qrcode";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { codeDigest, codeDigester, type JobQueue, rateLimited, revokeUserSessions } from "../../platform/index.ts";
import { recordActivity } from "../account-security/index.ts";
import { mailLocaleOf, queueMail } from "../mail/index.ts";
import { sendSms } from "../sms/index.ts";
import { checkAndUseCode } from "./two-factor.check.ts";
import {
  EMAIL_FACTOR_CODE_TTL_MS,
  isSentFactor,
  type SentFactorType,
  smsFactorText,
  type TwoFactorSettings,
  type TwoFactorState,
  type TwoFactorType,
  turnsGuardOff,
} from "./two-factor.domain.ts";
import { alreadyEnabled, codeRefusal, noEnrolment, notEnabled, phoneRequired } from "./two-factor.errors.ts";
import { newRecoveryCodes } from "./two-factor.recovery-codes.ts";
import * as repo from "./two-factor.repo.ts";
import { newTotpSecret, totpEnrolmentUrl } from "./two-factor.totp.ts";

export interface TwoFactorStatus {
  type: TwoFactorType;
  state: TwoFactorState;
  settings: TwoFactorSettings;
  recoveryCodesLeft: number;
}

export interface Enrolment {
  type: TwoFactorType;
  state: TwoFactorState;
  secret?: string;
  otpauthUrl?: string;
  qrSvg?: string;
}

const RESEND_COOLDOWN_MS = 60_000;
const DEFAULT_SETTINGS: TwoFactorSettings = { login: true, release: true, sendout: true };

/** GET users/two-factor: the factor's type, state, per-event settings and recovery codes left. */
export async function getTwoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const row = await repo.findFactor(db, userId);
  if (!row) return { type: "none", state: "initial", settings: DEFAULT_SETTINGS, recoveryCodesLeft: 0 };
  const stored = repo.toStoredFactor(row);
  const recoveryCodesLeft = row.state === "enabled" ? await repo.countUnusedRecoveryCodes(db, userId) : 0;
  return { type: row.type, state: row.state, settings: stored.settings, recoveryCodesLeft };
}

/** The current user's `twoFactor`: which events ask for the factor now (all false while it is off). */
export async function twoFactorFlagsOf(db: Db, userId: number): Promise<TwoFactorSettings> {
  const row = await repo.findFactor(db, userId);
  if (row?.state !== "enabled" || row.type === "none") return { login: false, release: false, sendout: false };
  return repo.toStoredFactor(row).settings;
}

/** A line of the account activity log for a change of the factor, in the change's transaction. */
function logChange(tx: Tx, userId: number, details: Record<string, string>): Promise<void> {
  return recordActivity(tx, { userId, type: "two_factor_change", details });
}

const settingsDetails = (settings: TwoFactorSettings) => ({
  change: "settings",
  login: String(settings.login),
  release: String(settings.release),
  sendout: String(settings.sendout),
});

/**
 * Sends a fresh six-digit code for a sent factor, in the caller's transaction: by mail, or by
 * text message (through the sms module's adapter) to the verified phone, which the SMS factor needs.
 */
export async function issueFactorCode(tx: Tx, jobs: JobQueue, userId: number, type: SentFactorType): Promise<void> {
  const user = await repo.findUser(tx, userId);
  if (type === "sms" && (!user.phone || !user.phone_verified_at)) throw phoneRequired();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await repo.updateFactor(tx, userId, {
    code_hash: await codeDigest(tx, "two-factor-code", `${userId}:${code}`),
    code_expires_at: new Date(Date.now() + EMAIL_FACTOR_CODE_TTL_MS),
  });
  if (type === "sms" && user.phone) {
    await sendSms(tx, jobs, { to: user.phone, text: smsFactorText(user.locale, code) });
    return;
  }
  await queueMail(tx, jobs, {
    to: user.email,
    template: "two-factor-code",
    locale: mailLocaleOf(user.locale),
    vars: { code },
  });
}

/** POST users/two-factor/option: starts enrolment of a factor (or, with `none`, drops one not yet on). */
export async function chooseTwoFactorOption(
  db: Db,
  jobs: JobQueue,
  userId: number,
  type: TwoFactorType,
): Promise<Enrolment> {
  return withTx(db, async (tx) => {
    const row = await repo.lockFactor(tx, userId);
    if (row?.state === "enabled") throw alreadyEnabled();
    const reset = { last_used_step: null, code_hash: null, code_expires_at: null, failed_attempts: 0 };
    if (type === "none") {
      await repo.saveFactor(tx, userId, { type, state: "initial", secret: null, ...reset });
      return { type, state: "initial" as const };
    }
    if (isSentFactor(type)) {
      await repo.saveFactor(tx, userId, { type, state: "verification", secret: null, ...reset });
      await issueFactorCode(tx, jobs, userId, type);
      return { type, state: "verification" as const };
    }
    const secret = newTotpSecret();
    await repo.saveFactor(tx, userId, { type, state: "verification", secret, ...reset });
    const user = await repo.findUser(tx, userId);
    const otpauthUrl = totpEnrolmentUrl(secret, user.username);
    const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    return { type, state: "verification" as const, secret, otpauthUrl, qrSvg };
  });
}

/** POST users/two-factor/send-code: a new code for the e-mail or SMS factor, at most one a minute. */
export async function sendTwoFactorCode(db: Db, jobs: JobQueue, userId: number): Promise<void> {
  await withTx(db, async (tx) => {
    const row = await repo.lockFactor(tx, userId);
    if (!row || !isSentFactor(row.type) || (row.state !== "enabled" && row.state !== "verification"))
      throw notEnabled();
    const sentAt = row.code_expires_at ? row.code_expires_at.getTime() - EMAIL_FACTOR_CODE_TTL_MS : 0;
    const wait = sentAt + RESEND_COOLDOWN_MS - Date.now();
    if (wait > 0) throw rateLimited("A code was sent a moment ago; wait before asking again.", Math.ceil(wait / 1000));
    await issueFactorCode(tx, jobs, userId, row.type);
  });
}

/** POST users/two-factor/enable: the first code proves the enrolment; answers ten recovery codes, once. */
export async function enableTwoFactor(db: Db, userId: number, code: string): Promise<{ recoveryCodes: string[] }> {
  const { codes, hashes } = newRecoveryCodes(await codeDigester(db, "recovery-code"));
  const outcome = await checkAndUseCode(db, userId, code, {
    states: ["verification"],
    allowRecovery: false,
    onPass: async (tx, row) => {
      await repo.updateFactor(tx, userId, { state: "enabled", enabled_at: new Date() });
      await repo.replaceRecoveryCodes(tx, userId, hashes);
      await logChange(tx, userId, { change: "enabled", type: row.type });
    },
  });
  if (outcome.outcome === "no_factor") throw noEnrolment();
  if (outcome.outcome !== "passed") throw codeRefusal(outcome);
  return { recoveryCodes: codes };
}

/** POST users/two-factor/deactivate: a code of the factor (or a recovery code) turns it off. */
export async function deactivateTwoFactor(db: Db, userId: number, code: string): Promise<void> {
  const outcome = await checkAndUseCode(db, userId, code, {
    states: ["enabled"],
    allowRecovery: true,
    onPass: (tx, row) => turnFactorOff(tx, userId, row.type, "deactivated"),
  });
  if (outcome.outcome === "no_factor") throw notEnabled();
  if (outcome.outcome !== "passed") throw codeRefusal(outcome);
}

/** The factor off, its secret and recovery codes void, and a line in the activity log. */
async function turnFactorOff(tx: Tx, userId: number, type: string, change: string): Promise<void> {
  await logChange(tx, userId, { change, type });
  await repo.updateFactor(tx, userId, {
    state: "disabled",
    secret: null,
    code_hash: null,
    code_expires_at: null,
    enabled_at: null,
  });
  await repo.replaceRecoveryCodes(tx, userId, []);
}

/** Whether the account has a second factor on (a staff reset is proposed only then). */
export async function hasTwoFactorOn(db: Db, userId: number): Promise<boolean> {
  return (await repo.findFactor(db, userId))?.state === "enabled";
}

/**
 * A staff reset, once a second admin approved it (docs/decisions/143-staff-approvals.md), in the
 * approval's transaction: the factor off, every session of the account ended, and a mail to its
 * owner. False when the factor was already off (then nothing changes).
 */
export async function resetTwoFactorByStaff(tx: Tx, jobs: JobQueue, userId: number): Promise<boolean> {
  const row = await repo.lockFactor(tx, userId);
  if (row?.state !== "enabled") return false;
  await turnFactorOff(tx, userId, row.type, "reset_by_staff");
  await revokeUserSessions(tx, userId, { except: 0 });
  const user = await repo.findUser(tx, userId);
  await queueMail(tx, jobs, {
    to: user.email,
    template: "two-factor-reset",
    locale: mailLocaleOf(user.locale),
    vars: {},
  });
  return true;
}

/**
 * POST users/two-factor/settings: which events ask for the factor. While it is on, turning a
 * guard off takes a code, so a stolen session cannot lower the guard before a send.
 */
export async function saveTwoFactorSettings(
  db: Db,
  userId: number,
  input: TwoFactorSettings & { code?: string | undefined },
): Promise<TwoFactorStatus> {
  const settings = { login: input.login, release: input.release, sendout: input.sendout };
  const row = await repo.findFactor(db, userId);
  const isOn = row?.state === "enabled";
  if (row && isOn && turnsGuardOff(repo.toStoredFactor(row).settings, settings)) {
    const outcome = await checkAndUseCode(db, userId, input.code ?? "", {
      states: ["enabled"],
      allowRecovery: true,
      onPass: async (tx) => {
        await repo.updateFactor(tx, userId, repo.settingsColumns(settings));
        await logChange(tx, userId, settingsDetails(settings));
      },
    });
    if (outcome.outcome !== "passed") throw codeRefusal(outcome);
  } else {
    await withTx(db, async (tx) => {
      if (row) await repo.updateFactor(tx, userId, repo.settingsColumns(settings));
      else await repo.saveFactor(tx, userId, { type: "none", state: "initial", ...repo.settingsColumns(settings) });
      await logChange(tx, userId, settingsDetails(settings));
    });
  }
  return getTwoFactorStatus(db, userId);
}

/** Whether the SMS factor is on or being enrolled: it needs the verified phone to stay. */
export async function usesSmsFactor(db: Db, userId: number): Promise<boolean> {
  const row = await repo.findFactor(db, userId);
  return row?.type === "sms" && (row.state === "enabled" || row.state === "verification");
}
