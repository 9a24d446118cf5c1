import { realtimeEventNameSchema } from "@souk/contracts";
import { afterCommit, type Db, type Tx } from "../db/pool.ts";
import { announcerFor } from "./realtime.announce.ts";
import { parseChannel } from "./realtime.channels.ts";
import { insertEvents } from "./realtime.repo.ts";

/** Events are invalidation hints (`{tradeId}`), not documents: the client refetches the data. */
const MAX_EVENT_PAYLOAD_BYTES = 8_192;

export interface RealtimeEventInput {
  /** Built with `channelFor` (`user.42`, `trade.abc`, `market`). */
  channel: string;
  /** Dotted lower-case name such as `trade.updated`. */
  name: string;
  payload: object;
}

function checkedPayloadJson(event: RealtimeEventInput): string {
  if (!parseChannel(event.channel)) throw new Error(`not a real-time channel name: "${event.channel}"`);
  if (!realtimeEventNameSchema.safeParse(event.name).success) {
    throw new Error(`not a real-time event name: "${event.name}"`);
  }
  if (event.payload === null || typeof event.payload !== "object" || Array.isArray(event.payload)) {
    throw new Error("a real-time event payload must be an object");
  }
  const payloadJson = JSON.stringify(event.payload);
  if (Buffer.byteLength(payloadJson) > MAX_EVENT_PAYLOAD_BYTES) {
    throw new Error(`real-time event payload over ${MAX_EVENT_PAYLOAD_BYTES} bytes: send ids, not documents`);
  }
  return payloadJson;
}

/**
 * Announces events, in order, in one statement. The rows are written in the caller's transaction
 * and commit with the change they describe, or vanish with it on rollback; only after the commit
 * are they delivered to this process's subscribers and announced to the other copies (NOTIFY), so
 * a client never hears of something that did not happen. Call it inside the same `withTx` as the
 * change itself.
 */
export async function publishEvents(tx: Db | Tx, events: readonly RealtimeEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const rows = await insertEvents(
    tx,
    events.map((event) => ({ channel: event.channel, name: event.name, payloadJson: checkedPayloadJson(event) })),
  );
  afterCommit(tx, (root) => {
    const announcer = announcerFor(root);
    for (const row of rows) announcer.announce(row);
  });
}

/** One event; see `publishEvents`. */
export function publishEvent(tx: Db | Tx, event: RealtimeEventInput): Promise<void> {
  return publishEvents(tx, [event]);
}
