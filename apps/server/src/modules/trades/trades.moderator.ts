import type { Tx } from "../../db/pool.ts";
import { recordEvent } from "./trades.events.ts";
import * as repo from "./trades.repo.ts";

/** The chat system event of a moderator joining a dispute (docs/product.md#chat). */
const MODERATOR_AVAILABLE_EVENT = "moderator_available";

/**
 * The first time staff write in a trade's chat during its dispute, the parties see that a
 * moderator is there: a `moderator_available` trade event, once per dispute, written in the
 * transaction of the moderator's message. The trade row is locked first, so two moderators
 * writing at once announce it once. Only staff messages call this: no trade path does.
 * Answers whether it was written.
 */
export async function announceModeratorAvailable(tx: Tx, tradeId: number, moderatorUserId: number): Promise<boolean> {
  const row = await repo.lockTrade(tx, BigInt(tradeId));
  if (row?.status !== "dispute_open") return false;
  const since = row.dispute_opened_at ?? row.started_at;
  if (await repo.hasEventSince(tx, row.id, MODERATOR_AVAILABLE_EVENT, since)) return false;
  const current = await repo.nextEventSeq(tx, row.id);
  await recordEvent(tx, current, {
    name: MODERATOR_AVAILABLE_EVENT,
    actorRole: "moderator",
    actorUserId: moderatorUserId,
    payload: {},
  });
  return true;
}
