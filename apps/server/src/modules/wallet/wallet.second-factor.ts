import type { Db } from "../../db/pool.ts";
import { requireSecondFactor } from "../two-factor/index.ts";

export type SecondFactorAction = "withdrawal" | "release" | "login";

/** The request field that carries the code of each guarded action. */
const CODE_FIELD: Record<SecondFactorAction, string> = { withdrawal: "twoFactorCode", release: "code", login: "code" };

/**
 * The hook where money-moving actions ask for the user's second factor
 * (docs/reliability.md#second-factor): every send and every release calls it with the action and
 * the code it received, before any money moves. The two-factor module decides: nothing is asked
 * unless the user's factor is on and their settings guard the action; otherwise the code must pass
 * and is used up (docs/decisions/106-second-factor-storage.md).
 */
export async function assertSecondFactor(
  db: Db,
  userId: number,
  action: SecondFactorAction,
  code?: string,
): Promise<void> {
  await requireSecondFactor(db, userId, action, code, CODE_FIELD[action]);
}
