import { describe, expect, it } from "vitest";
import {
  accountPayloadOf,
  channelsFor,
  settingsTableOf,
  tradeEventOf,
  tradePayloadOf,
  tradeRecipientsOf,
} from "./notifications.domain.ts";

const parties = { buyerId: 1, sellerId: 2, offerOwnerId: 2 };
const trade = {
  idHashed: "AbC123xyz",
  status: "active_funded" as const,
  buyerId: 1,
  buyerUsername: "bea",
  sellerUsername: "sam",
  cryptoAmount: "10.000000",
  cryptoCurrencyCode: "USDT",
  fiatAmount: "100.00",
  fiatCurrencyCode: "USD",
  paymentMethodName: "Bank transfer",
  expiresAt: new Date("2026-01-01T00:30:00Z"),
};

describe("which event a trade status announces", () => {
  it("names the spec's events and ignores the others", () => {
    expect(tradeEventOf("active_funded")).toBe("trade.started");
    expect(tradeEventOf("paid")).toBe("trade.paid");
    expect(tradeEventOf("released")).toBe("trade.released");
    expect(tradeEventOf("cancelled_system")).toBe("trade.cancelled_or_expired");
    expect(tradeEventOf("expired")).toBe("trade.cancelled_or_expired");
    expect(tradeEventOf("dispute_open")).toBe("trade.dispute_started");
    expect(tradeEventOf("dispute_won_buyer")).toBe("trade.dispute_finished");
    expect(tradeEventOf("pending")).toBeNull();
  });
});

describe("who hears of it", () => {
  it("tells the party who did not act", () => {
    expect(tradeRecipientsOf("active_funded", parties)).toEqual([2]);
    expect(tradeRecipientsOf("active_funded", { ...parties, offerOwnerId: 1 })).toEqual([1]);
    expect(tradeRecipientsOf("paid", parties)).toEqual([2]);
    expect(tradeRecipientsOf("released", parties)).toEqual([1]);
    expect(tradeRecipientsOf("cancelled_buyer", parties)).toEqual([2]);
    expect(tradeRecipientsOf("cancelled_seller", parties)).toEqual([1]);
  });
  it("tells both of an expiry and a dispute", () => {
    expect(tradeRecipientsOf("expired", parties)).toEqual([1, 2]);
    expect(tradeRecipientsOf("cancelled_system", parties)).toEqual([1, 2]);
    expect(tradeRecipientsOf("dispute_open", parties)).toEqual([1, 2]);
    expect(tradeRecipientsOf("dispute_won_seller", parties)).toEqual([1, 2]);
  });
});

describe("channels from the settings", () => {
  it("takes the defaults where nothing was chosen", () => {
    expect(channelsFor("trade.paid", [])).toEqual(["web", "email"]);
    expect(channelsFor("feedback.received", [])).toEqual(["web"]);
  });
  it("takes the user's choice for the event's group only", () => {
    const chosen = [
      { group: "trades" as const, channel: "email" as const, isEnabled: false },
      { group: "chat" as const, channel: "web" as const, isEnabled: false },
    ];
    expect(channelsFor("trade.paid", chosen)).toEqual(["web"]);
    expect(channelsFor("trade.chat_message_received", chosen)).toEqual(["email"]);
    expect(channelsFor("trade.dispute_started", chosen)).toEqual(["web", "email"]);
  });
  it("shows every group and channel", () => {
    const table = settingsTableOf([{ group: "feedback", channel: "telegram", isEnabled: true }]);
    expect(table.map((row) => row.group)).toEqual([
      "trades",
      "disputes",
      "chat",
      "feedback",
      "wallet",
      "offers",
      "account",
    ]);
    expect(table[3]?.channels).toEqual({ web: true, email: false, telegram: true, app: false });
  });
  it("files the causes other than trades in their groups; a new device is not mailed twice by default", () => {
    expect(channelsFor("wallet.deposit_confirmed", [])).toEqual(["web", "email"]);
    expect(channelsFor("bid.outbid", [{ group: "offers", channel: "email", isEnabled: false }])).toEqual(["web"]);
    expect(channelsFor("account.new_device_login", [])).toEqual(["web"]);
    expect(channelsFor("webhook.disabled", [{ group: "account", channel: "telegram", isEnabled: true }])).toEqual([
      "web",
      "telegram",
    ]);
  });
});

describe("the payload of a cause other than a trade", () => {
  it("carries what the cause announced and nothing of a trade", () => {
    const payload = accountPayloadOf({
      event: "offer.switched_off",
      subjectId: "AbC123xyz",
      dedupeKey: "offer.switched_off:AbC123xyz:cap:1",
      link: "/offer-manager/edit/AbC123xyz",
      reason: "cap",
    });
    expect(payload).toEqual({
      cryptoAmount: null,
      cryptoCurrencyCode: null,
      fiatAmount: null,
      fiatCurrencyCode: null,
      paymentMethodName: null,
      counterparty: null,
      paymentWindowEndsAt: null,
      paymentWindowSecondsLeft: null,
      text: null,
      rating: null,
      reason: "cap",
      link: "/offer-manager/edit/AbC123xyz",
    });
  });
});

describe("the payload a trader reads", () => {
  it("names the counterparty from the recipient's side and the time left on an unpaid trade", () => {
    const now = new Date("2026-01-01T00:10:00Z");
    const forSeller = tradePayloadOf(trade, 2, now);
    expect(forSeller).toMatchObject({
      counterparty: "bea",
      cryptoAmount: "10.000000",
      fiatAmount: "100.00",
      paymentMethodName: "Bank transfer",
      paymentWindowSecondsLeft: 1200,
      paymentWindowEndsAt: "2026-01-01T00:30:00.000Z",
      link: "/trade/AbC123xyz",
    });
    expect(tradePayloadOf(trade, 1, now).counterparty).toBe("sam");
  });
  it("has no window once paid, none below zero, and cuts long texts", () => {
    expect(tradePayloadOf({ ...trade, status: "paid" }, 2, new Date()).paymentWindowSecondsLeft).toBeNull();
    expect(tradePayloadOf(trade, 2, new Date("2026-01-01T01:00:00Z")).paymentWindowSecondsLeft).toBe(0);
    const text = tradePayloadOf(trade, 2, new Date(), { text: "x".repeat(500) }).text ?? "";
    expect(text.length).toBe(140);
    expect(text.endsWith("…")).toBe(true);
  });
});
