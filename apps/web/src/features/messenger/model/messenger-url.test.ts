import { describe, expect, it } from "vitest";
import { messengerTarget } from "../../../lib/messenger-params.ts";
import { readMarkFor, withMessengerChat, withoutMessenger } from "./messenger-url.ts";

describe("the messenger's address", () => {
  it("opens on messenger-chat and stays closed with messenger-close", () => {
    expect(messengerTarget(new URLSearchParams("messenger-chat=bob"))).toBe("bob");
    expect(messengerTarget(new URLSearchParams("messenger-chat=%20bob%20&type=sell"))).toBe("bob");
    expect(messengerTarget(new URLSearchParams("messenger-chat="))).toBeNull();
    expect(messengerTarget(new URLSearchParams("type=sell"))).toBeNull();
    expect(messengerTarget(new URLSearchParams("messenger-chat=bob&messenger-close"))).toBeNull();
  });

  it("adds and removes its parameters and keeps the page's own", () => {
    expect(withMessengerChat(new URLSearchParams("type=sell&messenger-close"), "amy").toString()).toBe(
      "type=sell&messenger-chat=amy",
    );
    expect(withoutMessenger(new URLSearchParams("messenger-chat=amy&type=sell&messenger-close=1")).toString()).toBe(
      "type=sell",
    );
  });
});

describe("the read mark", () => {
  const messages = [
    { id: 4, isMine: false },
    { id: 7, isMine: false },
    { id: 9, isMine: true },
  ];

  it("is the newest message from the other user when some are unread", () => {
    expect(readMarkFor(messages, 2)).toBe(7);
  });

  it("is nothing when all is read or only the viewer wrote", () => {
    expect(readMarkFor(messages, 0)).toBeNull();
    expect(readMarkFor([{ id: 9, isMine: true }], 1)).toBeNull();
  });
});
