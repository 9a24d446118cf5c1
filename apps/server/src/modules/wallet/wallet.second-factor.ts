import type { Db } from "../../db/pool.ts";

export type SecondFactorAction = "withdrawal" | "release" | "login";

/**
 * The hook where money-moving actions ask for the user's second factor
 * (docs/reliability.md#second-factor: for
 * log-in, release and withdrawal when enabled; codes single use, replay refused).
 *
 * Souk has no second factor yet: no user can enable one, so there is nothing to check and this
 * passes. The security issue fills it in (look up the user's enabled factors, verify `code`,
 * burn it, throw secondFactorRequired() from wallet.errors.ts when missing or wrong); every
 * caller already passes the action and the code it received, so callers do not change then.
 * See docs/decisions/045-second-factor-hook.md.
 */
export async function assertSecondFactor(
  _db: Db,
  _userId: number,
  _action: SecondFactorAction,
  _code?: string,
): Promise<void> {}
