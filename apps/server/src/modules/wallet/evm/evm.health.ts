import type { Db } from "../../../db/pool.ts";
import type { WalletSettings } from "../wallet.settings.ts";
import { findCursor } from "./evm.repo.ts";

/**
 * Whether deposits on the EVM chain are delayed: the follower's last call to the node failed,
 * or it has not got through for a while (several poll periods). Users see their incoming
 * deposits marked delayed rather than silently stuck.
 */
export async function isFollowerDelayed(db: Db, settings: WalletSettings, now: Date = new Date()): Promise<boolean> {
  if (!settings.evm) return false;
  const cursor = await findCursor(db, settings.evm.chainId);
  if (!cursor) return false;
  const success = cursor.last_success_at?.getTime() ?? 0;
  if (cursor.last_error_at && cursor.last_error_at.getTime() > success) return true;
  const quietSeconds = Math.max(120, settings.evm.pollSeconds * 6);
  return now.getTime() - success > quietSeconds * 1000;
}
