import {
  type AcceptChatMessages,
  BANK_ACCOUNT_SHARED_EVENT,
  type ChatBlockReason,
  type ChatItem,
  type MessengerChatState,
} from "@souk/contracts";
import { chatBlockReasonOf, type TradeAccess } from "../trades/index.ts";

/**
 * Statuses of a trade whose escrow is not funded yet (flows funded on chain): its chat has not
 * opened. Souk's trades start funded today, so this is for flows to come.
 */
const NOT_YET_OPEN_STATUSES: readonly string[] = ["pending", "not_funded", "funds_processing"];

export type ChatAccessFacts = Pick<TradeAccess, "status" | "isParty" | "isStaff" | "completedAt" | "cancelledAt">;

/**
 * Why the viewer may not write now, or null when they may (docs/product.md#chat-block-reasons). The
 * trade's own
 * state decides first (the trades module's rule: a finished trade keeps its chat for a grace
 * period, then ChatBlockedAfterTradeIsCanceled or ChatNotAvailableAfterTradeCompleted); an
 * unfunded trade is ChatNotAvailableYet; then a block between the parties is ChatBlocked. Staff
 * looking on are never refused: they answer disputes in any state.
 */
export function chatBlockReason(
  access: ChatAccessFacts,
  isBlockedBetweenParties: boolean,
  now: Date,
): ChatBlockReason | null {
  if (access.isStaff && !access.isParty) return null;
  const byTrade = chatBlockReasonOf(access, now);
  if (byTrade) return byTrade;
  if (NOT_YET_OPEN_STATUSES.includes(access.status)) return "ChatNotAvailableYet";
  return isBlockedBetweenParties ? "ChatBlocked" : null;
}

/** A page of messages spans a stretch of time; the trade events of that stretch go with it. */
export interface TimeWindow {
  /** Inclusive; null: from the start of the trade. */
  from: Date | null;
  /** Exclusive; null: up to now. */
  until: Date | null;
}

export function isInWindow(at: Date, window: TimeWindow): boolean {
  return (window.from === null || at >= window.from) && (window.until === null || at < window.until);
}

/** Messages and system messages in time order; at the same instant the event comes first. */
export function mergeByTime(items: ChatItem[]): ChatItem[] {
  return [...items].sort((a, b) => {
    const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
    if (byTime !== 0) return byTime;
    if (a.kind === "system" && b.kind !== "system") return -1;
    if (a.kind !== "system" && b.kind === "system") return 1;
    return a.kind === "system" && b.kind === "system"
      ? a.eventSeq - b.eventSeq
      : (a as { messageId: number }).messageId - (b as { messageId: number }).messageId;
  });
}

/** Who may write to a user outside trades, by their accept_chat_messages setting. */
export function mayDirectMessage(
  setting: AcceptChatMessages,
  facts: { recipientTrustsSender: boolean; haveTradedTogether: boolean },
): boolean {
  switch (setting) {
    case "YES":
      return true;
    case "TRUSTED_ONLY":
      return facts.recipientTrustsSender;
    case "TRUSTED_AND_TRADE_PARTNERS":
      return facts.recipientTrustsSender || facts.haveTradedTogether;
    case "NO":
      return false;
  }
}

/** Why the viewer may not write to a user outside trades: a block (either way), or their setting. */
export type DirectMessageRefusal = { blockReason: "ChatBlocked" } | { acceptChatMessages: AcceptChatMessages };

/**
 * Never across a block (either way); else staff always may (support and disputes); else as the
 * recipient's accept_chat_messages says (docs/decisions/134-messenger-states-and-unread.md).
 */
export function directMessageRefusalOf(facts: {
  isBlockedEitherWay: boolean;
  isStaff: boolean;
  setting: AcceptChatMessages;
  recipientTrustsSender: boolean;
  haveTradedTogether: boolean;
}): DirectMessageRefusal | null {
  if (facts.isBlockedEitherWay) return { blockReason: "ChatBlocked" };
  if (facts.isStaff || mayDirectMessage(facts.setting, facts)) return null;
  return { acceptChatMessages: facts.setting };
}

/** The spec's chat existence state: a conversation with messages exists; else may it be started? */
export function messengerChatState(hasMessages: boolean, refusal: DirectMessageRefusal | null): MessengerChatState {
  if (hasMessages) return "chat_exists";
  return refusal === null ? "chat_create_is_allowed" : "chat_create_is_forbidden";
}

/**
 * What a viewer reads of a trade event in the chat: an account the seller shared is for the two
 * parties only, so staff looking on see that it was shared, not the account.
 */
export function visibleEventData(
  event: { name: string; payload: Record<string, unknown> },
  isParty: boolean,
): Record<string, unknown> {
  return event.name === BANK_ACCOUNT_SHARED_EVENT && !isParty ? {} : event.payload;
}
