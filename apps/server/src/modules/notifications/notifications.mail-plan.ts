import { NOTIFICATION_GROUP_OF, type NotificationEvent } from "@souk/contracts";

/** A notification waiting for the e-mail channel, with what its recipient chose. */
export interface PendingMail {
  id: bigint;
  userId: number;
  event: NotificationEvent;
  subjectId: string;
  createdAt: Date;
  /** The recipient's notifyTradeMessagesInterval, in minutes. */
  intervalMinutes: number;
}

export interface MailPlan<Row extends PendingMail> {
  /** One mail each. */
  singles: Row[];
  /** One digest mail per group (a user's chat messages of one trade). */
  digests: Row[][];
}

/**
 * Pure: what to mail now. Everything but chat goes at once; a trade's chat messages wait until
 * the oldest of them is `intervalMinutes` old, then go together, so a trade sends a user at most
 * one chat mail per interval (0 sends each message at once).
 */
export function planMail<Row extends PendingMail>(rows: readonly Row[], now: Date): MailPlan<Row> {
  const singles: Row[] = [];
  const chats = new Map<string, Row[]>();
  for (const row of rows) {
    if (NOTIFICATION_GROUP_OF[row.event] !== "chat") {
      singles.push(row);
      continue;
    }
    const key = `${row.userId}:${row.subjectId}`;
    chats.set(key, [...(chats.get(key) ?? []), row]);
  }
  const digests = [...chats.values()].filter((group) => {
    const oldest = Math.min(...group.map((row) => row.createdAt.getTime()));
    const intervalMs = (group[0]?.intervalMinutes ?? 0) * 60_000;
    return now.getTime() - oldest >= intervalMs;
  });
  return { singles, digests };
}
