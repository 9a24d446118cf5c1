import { TRADE_UPDATED_EVENT, type TradeActorRole } from "@souk/contracts";
import type { Tx } from "../../db/pool.ts";
import { channelFor, publishEvents } from "../../realtime/index.ts";
import * as repo from "./trades.repo.ts";

// ---- announcing ----------------------------------------------------------------------------

/** The trade event and the real-time hints, in the transaction of the change they describe. */
export async function recordEvent(
  tx: Tx,
  row: repo.TradeRow,
  event: {
    name: string;
    actorRole: TradeActorRole;
    actorUserId: number | null;
    payload: Record<string, unknown>;
    idempotencyKey?: string | null;
  },
): Promise<void> {
  await repo.insertEvent(tx, { tradeId: row.id, seq: row.event_seq, ...event });
  const payload = { tradeId: row.id_hashed, status: row.status };
  await publishEvents(tx, [
    { channel: channelFor.trade(row.id_hashed), name: TRADE_UPDATED_EVENT, payload },
    ...[row.buyer_id, row.seller_id].map((userId) => ({
      channel: channelFor.user(String(userId)),
      name: TRADE_UPDATED_EVENT,
      payload,
    })),
  ]);
}
