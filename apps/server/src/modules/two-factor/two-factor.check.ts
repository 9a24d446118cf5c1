import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { codeDigester } from "../../platform/index.ts";
import { recordActivity } from "../account-security/index.ts";
import { checkFactorCode, isSentFactor, nextFailures, type StoredFactor, throttleWait } from "./two-factor.domain.ts";
import { normaliseRecoveryCode } from "./two-factor.recovery-codes.ts";
import {
  claimRecoveryCode,
  type FactorRow,
  lockFactor,
  toStoredFactor,
  updateFactor,
  upgradeLegacyRecoveryCodes,
} from "./two-factor.repo.ts";

export type CodeOutcome =
  | { outcome: "passed" }
  | { outcome: "throttled"; retryAfter: number }
  | { outcome: "failed"; reason: "malformed" | "wrong" | "reused" | "expired" }
  | { outcome: "no_factor" };

export interface CheckOptions {
  /** Which states of the factor take codes (enrolment checks a factor still in `verification`). */
  states: readonly StoredFactor["state"][];
  /** A recovery code may stand in for the factor's code (never while enrolling). */
  allowRecovery: boolean;
  /** Written in the same transaction when the code passes; it may throw to undo the pass. */
  onPass?: (tx: Tx, row: FactorRow) => Promise<void>;
}

/** A recovery code is ten letters and digits (a dash and spaces allowed); a factor's code is six digits. */
const looksLikeRecoveryCode = (code: string) => /^[0-9A-Za-z]{5}[\s-]?[0-9A-Za-z]{5}$/.test(code.trim());

/**
 * Claims the recovery code; codes kept as unkeyed hashes before the key existed are upgraded
 * first. A used code is a change of the account's security: it is logged in the same transaction.
 */
async function useRecoveryCode(tx: Tx, userId: number, code: string): Promise<boolean> {
  const digest = await codeDigester(tx, "recovery-code");
  await upgradeLegacyRecoveryCodes(tx, userId, digest.ofSha256);
  const used = await claimRecoveryCode(tx, userId, digest.of(normaliseRecoveryCode(code)));
  if (used) await recordActivity(tx, { userId, type: "two_factor_change", details: { change: "recovery_code_used" } });
  return used;
}

/**
 * Checks a code against the user's factor and uses it up, with the factor row locked so parallel
 * checks of one user run one after another (decision 106): a TOTP code stores its step (a replay
 * is refused), an e-mailed code is cleared, a recovery code is marked used by one conditional
 * update. A wrong code's count is committed before the refusal is answered.
 */
export async function checkAndUseCode(
  db: Db,
  userId: number,
  code: string,
  options: CheckOptions,
): Promise<CodeOutcome> {
  return withTx(db, async (tx) => {
    const row = await lockFactor(tx, userId);
    if (!row || !options.states.includes(row.state)) return { outcome: "no_factor" as const };
    const factor = toStoredFactor(row);
    const now = new Date();
    const wait = throttleWait(factor, now.getTime());
    if (wait > 0) return { outcome: "throttled" as const, retryAfter: wait };
    const sent = await codeDigester(tx, "two-factor-code");
    const check = checkFactorCode(factor, code, now.getTime(), (typed) => sent.of(`${userId}:${typed}`));
    const passed =
      check.result === "passed" ||
      (options.allowRecovery && looksLikeRecoveryCode(code) && (await useRecoveryCode(tx, userId, code)));
    if (!passed) {
      const failures = nextFailures(factor, now);
      await updateFactor(tx, userId, {
        failed_attempts: failures.failedAttempts,
        first_failed_at: failures.firstFailedAt,
      });
      const reason = check.result === "failed" && !looksLikeRecoveryCode(code) ? check.reason : "wrong";
      return { outcome: "failed" as const, reason };
    }
    const step = check.result === "passed" ? check.step : null;
    await updateFactor(tx, userId, {
      failed_attempts: 0,
      first_failed_at: null,
      ...(step !== null ? { last_used_step: String(step) } : {}),
      ...(check.result === "passed" && isSentFactor(factor.type) ? { code_hash: null, code_expires_at: null } : {}),
    });
    await options.onPass?.(tx, row);
    return { outcome: "passed" as const };
  });
}
