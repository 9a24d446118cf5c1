import { ACCOUNT_EVENT, type AccountEventFact, accountEventFactSchema, USER_CHANNEL_PREFIX } from "@souk/contracts";
import type { Db, Tx } from "../db/pool.ts";
import { channelFor } from "./realtime.channels.ts";
import { publishEvent } from "./realtime.publish.ts";
import type { RealtimeEventRow } from "./realtime.repo.ts";

/**
 * Announces a fact a user should hear about (a deposit, a withdrawal sent, an offer switched off,
 * a bid outbid, a new device, a webhook turned off) on their channel, in the cause's transaction:
 * the committed event is the outbox the notifications and the account webhooks read
 * (docs/decisions/112-one-event-catalogue.md). Modules below the notifications (the wallet, the
 * offers) can announce without depending on them.
 */
export async function announceAccountEvent(tx: Db | Tx, userId: number, fact: AccountEventFact): Promise<void> {
  await publishEvent(tx, { channel: channelFor.user(userId), name: ACCOUNT_EVENT, payload: fact });
}

/**
 * A fact told once per subject (a verification decided, a company application decided): its
 * dedupe key is the event and the subject's id.
 */
export async function announceOncePerSubject(
  tx: Db | Tx,
  userId: number,
  fact: Omit<AccountEventFact, "dedupeKey">,
): Promise<void> {
  await announceAccountEvent(tx, userId, { ...fact, dedupeKey: `${fact.event}:${fact.subjectId}` });
}

/** The user and fact of a committed `account.event` row, or null for any other row. */
export function accountEventOf(row: RealtimeEventRow): { userId: number; fact: AccountEventFact } | null {
  if (row.name !== ACCOUNT_EVENT || !row.channel.startsWith(`${USER_CHANNEL_PREFIX}.`)) return null;
  const userId = Number(row.channel.slice(USER_CHANNEL_PREFIX.length + 1));
  const fact = accountEventFactSchema.safeParse(row.payload);
  return Number.isSafeInteger(userId) && userId > 0 && fact.success ? { userId, fact: fact.data } : null;
}
