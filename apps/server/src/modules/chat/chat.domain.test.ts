import type { ChatItem } from "@souk/contracts";
import { describe, expect, it } from "vitest";
import {
  type ChatAccessFacts,
  chatBlockReason,
  directMessageRefusalOf,
  isInWindow,
  mayDirectMessage,
  mergeByTime,
  messengerChatState,
  visibleEventData,
} from "./chat.domain.ts";

const now = new Date("2025-03-01T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

function party(overrides: Partial<ChatAccessFacts> = {}): ChatAccessFacts {
  return { status: "active_funded", isParty: true, isStaff: false, completedAt: null, cancelledAt: null, ...overrides };
}

describe("chat block reasons", () => {
  it("lets the parties of an open trade write", () => {
    for (const status of ["active_funded", "paid", "dispute_open"] as const) {
      expect(chatBlockReason(party({ status }), false, now)).toBeNull();
    }
  });

  it("answers ChatBlocked when one party blocks the other", () => {
    expect(chatBlockReason(party(), true, now)).toBe("ChatBlocked");
  });

  it("answers ChatNotAvailableYet before the escrow is funded", () => {
    expect(chatBlockReason(party({ status: "pending" as never }), false, now)).toBe("ChatNotAvailableYet");
    expect(chatBlockReason(party({ status: "not_funded" as never }), false, now)).toBe("ChatNotAvailableYet");
  });

  it("closes a finished trade's chat after the grace period with the reason of how it ended", () => {
    expect(chatBlockReason(party({ status: "released", completedAt: hoursAgo(1) }), false, now)).toBeNull();
    expect(chatBlockReason(party({ status: "released", completedAt: hoursAgo(30) }), false, now)).toBe(
      "ChatNotAvailableAfterTradeCompleted",
    );
    expect(chatBlockReason(party({ status: "cancelled_buyer", cancelledAt: hoursAgo(30) }), false, now)).toBe(
      "ChatBlockedAfterTradeIsCanceled",
    );
  });

  it("never refuses staff looking on, whatever the trade's state", () => {
    const staff = party({ isParty: false, isStaff: true, status: "released", completedAt: hoursAgo(100) });
    expect(chatBlockReason(staff, true, now)).toBeNull();
  });
});

describe("chat order", () => {
  const message = (id: number, at: string): ChatItem => ({
    kind: "user",
    id: `m${id}`,
    messageId: id,
    author: { username: "a", role: "buyer" },
    isMine: false,
    text: "",
    attachments: [],
    createdAt: at,
  });
  const event = (seq: number, at: string): ChatItem => ({
    kind: "system",
    id: `e${seq}`,
    eventSeq: seq,
    event: "paid",
    actorRole: "buyer",
    status: "paid",
    data: {},
    createdAt: at,
  });

  it("merges messages and events by time, events first at the same instant", () => {
    const merged = mergeByTime([
      message(2, "2025-01-01T00:00:02Z"),
      event(1, "2025-01-01T00:00:01Z"),
      message(1, "2025-01-01T00:00:01Z"),
      event(2, "2025-01-01T00:00:03Z"),
    ]);
    expect(merged.map((item) => item.id)).toEqual(["e1", "m1", "m2", "e2"]);
  });

  it("puts an event in the page whose stretch of time holds it", () => {
    const at = new Date("2025-01-01T00:00:05Z");
    expect(isInWindow(at, { from: null, until: null })).toBe(true);
    expect(isInWindow(at, { from: at, until: null })).toBe(true);
    expect(isInWindow(at, { from: null, until: at })).toBe(false);
  });
});

describe("who may write outside trades", () => {
  const strangers = { recipientTrustsSender: false, haveTradedTogether: false };
  it("follows each accept_chat_messages choice", () => {
    expect(mayDirectMessage("YES", strangers)).toBe(true);
    expect(mayDirectMessage("NO", { recipientTrustsSender: true, haveTradedTogether: true })).toBe(false);
    expect(mayDirectMessage("TRUSTED_ONLY", { ...strangers, haveTradedTogether: true })).toBe(false);
    expect(mayDirectMessage("TRUSTED_ONLY", { ...strangers, recipientTrustsSender: true })).toBe(true);
    expect(mayDirectMessage("TRUSTED_AND_TRADE_PARTNERS", { ...strangers, haveTradedTogether: true })).toBe(true);
    expect(mayDirectMessage("TRUSTED_AND_TRADE_PARTNERS", strangers)).toBe(false);
  });
});

describe("the messenger's refusals and chat existence states", () => {
  const stranger = {
    isBlockedEitherWay: false,
    isStaff: false,
    setting: "YES" as const,
    recipientTrustsSender: false,
    haveTradedTogether: false,
  };

  it("refuses across a block with ChatBlocked, whatever the setting and even for staff", () => {
    expect(directMessageRefusalOf({ ...stranger, isBlockedEitherWay: true })).toEqual({ blockReason: "ChatBlocked" });
    expect(directMessageRefusalOf({ ...stranger, isBlockedEitherWay: true, isStaff: true })).toEqual({
      blockReason: "ChatBlocked",
    });
  });

  it("names the recipient's setting when it is what refuses", () => {
    expect(directMessageRefusalOf({ ...stranger, setting: "NO" })).toEqual({ acceptChatMessages: "NO" });
    expect(directMessageRefusalOf({ ...stranger, setting: "TRUSTED_ONLY", haveTradedTogether: true })).toEqual({
      acceptChatMessages: "TRUSTED_ONLY",
    });
    expect(directMessageRefusalOf({ ...stranger, setting: "TRUSTED_AND_TRADE_PARTNERS" })).toEqual({
      acceptChatMessages: "TRUSTED_AND_TRADE_PARTNERS",
    });
  });

  it("lets staff write whatever the setting, and the people the setting admits", () => {
    expect(directMessageRefusalOf({ ...stranger, setting: "NO", isStaff: true })).toBeNull();
    expect(directMessageRefusalOf(stranger)).toBeNull();
    expect(
      directMessageRefusalOf({ ...stranger, setting: "TRUSTED_AND_TRADE_PARTNERS", haveTradedTogether: true }),
    ).toBeNull();
  });

  it("says chat_exists once a message exists, else whether the viewer may start it", () => {
    expect(messengerChatState(true, { acceptChatMessages: "NO" })).toBe("chat_exists");
    expect(messengerChatState(false, null)).toBe("chat_create_is_allowed");
    expect(messengerChatState(false, { acceptChatMessages: "NO" })).toBe("chat_create_is_forbidden");
    expect(messengerChatState(false, { blockReason: "ChatBlocked" })).toBe("chat_create_is_forbidden");
  });
});

describe("what a viewer reads of a trade event", () => {
  const shared = { name: "bank_account_shared", payload: { bankAccount: { holderName: "Vera Payee" } } };

  it("gives a shared account to the two parties only", () => {
    expect(visibleEventData(shared, true)).toEqual(shared.payload);
    expect(visibleEventData(shared, false)).toEqual({});
  });

  it("gives staff every other event whole", () => {
    const status = { name: "paid", payload: { to: "paid" } };
    expect(visibleEventData(status, false)).toEqual(status.payload);
  });
});
