import type { Db } from "../../db/pool.ts";
import { rateLimited } from "../../platform/index.ts";
import { checkAndUseCode } from "./two-factor.check.ts";
import { type GuardedEvent, isAskedFor } from "./two-factor.domain.ts";
import { secondFactorRequired } from "./two-factor.errors.ts";
import { claimSecondFactorProof, isProofCode } from "./two-factor.proofs.ts";
import { findFactor, toStoredFactor } from "./two-factor.repo.ts";

/**
 * The second factor of a guarded action (release, withdrawal): passes when the user's settings do
 * not ask for it; otherwise the code (or a recovery code) must pass and is used up before the
 * action runs, so a refused action moves no money and a code never serves twice (decision 106).
 * The one-time code of a passed passkey assertion stands in for the factor's code (decision 082).
 */
export async function requireSecondFactor(
  db: Db,
  userId: number,
  event: GuardedEvent,
  code: string | undefined,
  field: string,
): Promise<void> {
  const row = await findFactor(db, userId);
  if (!row || !isAskedFor(toStoredFactor(row), event)) return;
  const typed = code?.trim() ?? "";
  if (typed === "") throw secondFactorRequired(field);
  if (isProofCode(typed)) {
    if (await claimSecondFactorProof(db, userId, event, typed)) return;
    throw secondFactorRequired(field, "second_factor_invalid");
  }
  const outcome = await checkAndUseCode(db, userId, typed, { states: ["enabled"], allowRecovery: true });
  if (outcome.outcome === "passed") return;
  if (outcome.outcome === "throttled") throw rateLimited("Too many wrong codes; try again later.", outcome.retryAfter);
  // The factor was turned off between the read and the check: nothing asks for a code any more.
  if (outcome.outcome === "no_factor") return;
  throw secondFactorRequired(field, outcome.reason === "reused" ? "second_factor_reused" : "second_factor_invalid");
}
