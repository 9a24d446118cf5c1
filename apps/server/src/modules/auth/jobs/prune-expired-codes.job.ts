import type { JobDefinition } from "../../../platform/index.ts";
import { pruneExpiredEmailChanges, pruneExpiredEmailCodes } from "../../email-verification/index.ts";
import { pruneExpiredResetTokens } from "../../password-recovery/index.ts";
import { pruneExpiredPhoneCodes } from "../../phone-verification/index.ts";
import { pruneExpiredTwoFactorCodes } from "../../two-factor/index.ts";

/**
 * Every ten minutes: what the account's codes and tokens leave behind once expired goes, each
 * module removing its own (docs/decisions/088-pruning-expired-codes.md): pending two-factor
 * log-ins and sent second-factor codes, e-mail codes, reset links, and phone codes whose day's
 * send window is over. Each part is one statement on expired rows only, so the job is idempotent
 * and safe on several workers at once.
 */
export const pruneExpiredCodesJob: JobDefinition = {
  name: "auth.prune-expired-codes",
  schedule: "*/10 * * * *",
  async handler(_data, context) {
    const now = new Date();
    const pruned = {
      twoFactor: await pruneExpiredTwoFactorCodes(context.db, now),
      emailCodes: await pruneExpiredEmailCodes(context.db, now),
      emailChanges: await pruneExpiredEmailChanges(context.db, now),
      resetTokens: await pruneExpiredResetTokens(context.db, now),
      phoneCodes: await pruneExpiredPhoneCodes(context.db, now),
    };
    if (Object.values(pruned).some((count) => count > 0)) context.log.info(pruned, "expired codes and tokens pruned");
  },
};
